import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

const middleware = helmet({
  contentSecurityPolicy: {
    directives: {
      // The label preview embeds the API's own PDFs; camera frames are decoded from blob: workers.
      'default-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'worker-src': ["'self'", 'blob:'],
      'frame-src': ["'self'", 'blob:'],
      'object-src': ["'self'", 'blob:'],
      'script-src': ["'self'", "'wasm-unsafe-eval'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'connect-src': ["'self'", 'ws:', 'wss:'],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // Plants often serve Rondín over plain HTTP on their own network: upgrading requests would break it.
  strictTransportSecurity: false,
});

/**
 * helmet's headers, worked out once. They depend on nothing in the request (no nonces), so every answer
 * gets the same list: the routes' answers, and also the ones Fastify or Node write before any hook runs
 * (a malformed address, a header too large). Building helmet's middleware per request cost 3 % of the
 * server's CPU under the scan benchmark on PGlite.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  middleware({ headers: {} } as IncomingMessage, response, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
})();
