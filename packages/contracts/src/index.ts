export * from './common.js';
export * from './paging.js';
export * from './spanish-errors.js';
export * from './auth.js';
export * from './technicians.js';
export * from './traps.js';
export * from './sessions.js';
export * from './reports.js';
