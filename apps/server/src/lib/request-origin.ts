import type { FastifyRequest } from 'fastify';

/** The address the app was reached at (the proxy's, with TRUST_PROXY): the QR's base without PUBLIC_URL. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
