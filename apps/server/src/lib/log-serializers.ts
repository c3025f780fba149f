/** What a logged error may say about itself and each of its causes (a type alias: pino wants an index signature). */
type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: LoggedError;
};

const MAX_CAUSES = 5;

/**
 * Errors are logged with their type, message, code and stack, and the same of their causes, nothing else.
 * Drizzle's query error carries the statement's parameters (a password hash on a failed account write) in
 * its message and fields, and PostgreSQL's `detail` may quote the whole failing row: both stay out of
 * the log. The statement's text, the SQLSTATE and the constraint's name are what a diagnosis needs.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const query = (error as { query?: unknown }).query;
  const withParams = typeof query === 'string' && 'params' in error;
  const message = withParams ? `Failed query: ${query}` : error.message;
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  const logged: LoggedError = {
    type: error.name,
    message,
    stack: `${error.name}: ${message}${frames >= 0 ? error.stack!.slice(frames) : ''}`,
  };
  for (const field of ['code', 'constraint', 'table', 'column'] as const) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string') logged[field] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}
