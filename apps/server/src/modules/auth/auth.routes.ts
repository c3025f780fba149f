import { ErrorResponse, LoginBody, LoginResponse } from '@rondin/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { errorResponses, noAuth } from '../../lib/route-schema.js';
import type { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';

/** 429 with Retry-After, in whole seconds and minutes as people read them. */
function tooManyAttempts(reply: FastifyReply, waitMs: number): AppError {
  const seconds = Math.ceil(waitMs / 1000);
  reply.header('retry-after', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}`
      : `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
  return new AppError(429, `Demasiados intentos fallidos de inicio de sesión. Espera ${wait} e inténtalo de nuevo.`);
}

export interface AuthRoutesOptions {
  service: AuthService;
  /** Failed sign-ins allowed per client address per minute. */
  perIpPerMinute: number;
  /** Failed sign-ins allowed per account from one address per 15 minutes. */
  perEmailPer15Minutes: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const throttle = new LoginThrottle({
    perAddressPerMinute: options.perIpPerMinute,
    perAccountAndAddressPer15Minutes: options.perEmailPer15Minutes,
  });

  app.post(
    '/login',
    {
      schema: {
        operationId: 'login',
        summary: 'Iniciar sesión',
        tags: ['Autenticación'],
        security: noAuth,
        body: LoginBody,
        response: {
          200: LoginResponse,
          400: errorResponses[400],
          401: ErrorResponse.describe('Correo o contraseña incorrectos, o cuenta desactivada.'),
          429: ErrorResponse.describe(
            'Demasiados intentos fallidos; la cabecera Retry-After dice cuántos segundos esperar.',
          ),
        },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const wait = throttle.waitFor(email, request.ip);
      if (wait > 0) throw tooManyAttempts(reply, wait);
      try {
        const answer = await options.service.login(request.body);
        throttle.succeeded(email, request.ip);
        return answer;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) throttle.failed(email, request.ip);
        throw error;
      }
    },
  );
};
