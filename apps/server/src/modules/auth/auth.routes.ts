import { ErrorResponse, LoginBody, LoginResponse } from '@rondin/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import type { AuthService } from './auth.service.js';

function refuseWhenExceeded(limit: { isAllowed: boolean; isExceeded?: boolean; ttl?: number }): void {
  if (limit.isAllowed || !limit.isExceeded) return;
  const minutes = Math.max(1, Math.ceil((limit.ttl ?? 60_000) / 60_000));
  throw new AppError(429, `Demasiados intentos de inicio de sesión. Espera ${minutes} minuto(s) e inténtalo de nuevo.`);
}

export interface AuthRoutesOptions {
  service: AuthService;
  /** Attempts allowed per client address per minute. */
  perIpPerMinute: number;
  /** Attempts allowed per account per 15 minutes, whichever address they come from. */
  perEmailPer15Minutes: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const byIp = app.createRateLimit({ max: options.perIpPerMinute, timeWindow: '1 minute' });
  const byEmail = app.createRateLimit({
    max: options.perEmailPer15Minutes,
    timeWindow: '15 minutes',
    keyGenerator: (request) => `login:${(request.body as LoginBody).email.toLowerCase()}`,
  });

  app.post(
    '/login',
    {
      // The address limit runs before the body is even parsed; the account limit needs the validated email.
      onRequest: async (request) => refuseWhenExceeded(await byIp(request)),
      preHandler: async (request) => refuseWhenExceeded(await byEmail(request)),
      schema: {
        tags: ['Autenticación'],
        body: LoginBody,
        response: { 200: LoginResponse, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    (request) => options.service.login(request.body),
  );
};
