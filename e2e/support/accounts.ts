/** The administrator the test server creates on its empty database. */
export const ADMIN = {
  email: 'admin@e2e.rondin.test',
  password: 'admin-e2e-clave',
  fullName: 'Administrador',
} as const;

/** Distinct names per call, so spec files share one database without colliding. */
let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}${counter}`;
}
