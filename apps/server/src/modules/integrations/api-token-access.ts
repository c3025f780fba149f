/**
 * What an API token may not do whatever its scope, by the route's URL pattern: manage the credentials of others
 * (API tokens, webhooks' secrets), accounts and passwords (its creator's own account included), download the
 * whole database (a backup holds every password hash and secret), or change the company's signing certificate.
 * A token acts as an administrator for the data; anything that would let it mint a wider or longer-lived access
 * stays with a person signed in.
 */
const ALWAYS_EXCLUDED = [
  '/api/api-tokens',
  '/api/webhooks',
  '/api/technicians/me/',
  '/api/notifications',
  '/api/backup',
] as const;

/** Reads are allowed here; writes are not. */
const WRITES_EXCLUDED = [
  '/api/technicians',
  '/api/portal-accounts',
  '/api/clients/:id/portal-accounts',
  '/api/settings/signing-certificate',
] as const;

const SAFE_METHODS = new Set(['GET', 'HEAD']);

export const isSafeMethod = (method: string) => SAFE_METHODS.has(method.toUpperCase());

const under = (routeUrl: string, prefix: string) =>
  prefix.endsWith('/') ? routeUrl.startsWith(prefix) : routeUrl === prefix || routeUrl.startsWith(`${prefix}/`);

/** Whether an API token is refused this route whatever its scope. */
export function excludedFromApiTokens(method: string, routeUrl: string): boolean {
  if (ALWAYS_EXCLUDED.some((prefix) => under(routeUrl, prefix))) return true;
  return !isSafeMethod(method) && WRITES_EXCLUDED.some((prefix) => under(routeUrl, prefix));
}
