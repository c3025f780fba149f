import type { ErrorResponse } from '@rondin/contracts';

/** The one error type services throw; the error handler turns it into the API's JSON error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** A machine-readable reason, for the refusals a client answers differently (ErrorResponse.code). */
    readonly code?: string,
    /** What the refusal is about, beside its message: ErrorResponse.device or ErrorResponse.items. */
    readonly details?: Pick<ErrorResponse, 'device' | 'items'>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest = (message: string) => new AppError(400, message);
  static unauthorized = (message: string) => new AppError(401, message);
  static forbidden = (message: string) => new AppError(403, message);
  static notFound = (message: string) => new AppError(404, message);
  static conflict = (message: string) => new AppError(409, message);
}

/** PostgreSQL's SQLSTATE for unique_violation; drizzle wraps driver errors, so look at the cause too. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === '23503';
}

/** The constraint a database error names (PostgreSQL and PGlite both report it), if any. */
export function violatedConstraint(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

function sqlState(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
