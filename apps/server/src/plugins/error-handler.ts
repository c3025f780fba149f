import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError } from '../lib/app-error.js';
import { SECURITY_HEADERS } from '../lib/security-headers.js';

/** Spanish words for the errors Fastify itself raises before a handler runs. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no admitido: envía JSON (application/json).',
  FST_ERR_CTP_BODY_TOO_LARGE: 'El cuerpo de la solicitud es demasiado grande.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la solicitud está vacío; envía un objeto JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la solicitud no es JSON válido.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud declarada del cuerpo no coincide con la recibida.',
  FST_ERR_BAD_URL: 'La dirección solicitada no es válida.',
  FST_ERR_MAX_PARAM_LENGTH: 'La dirección solicitada es demasiado larga.',
  FST_ERR_ASYNC_CONSTRAINT: 'La solicitud no es válida.',
};

const STATUS_MESSAGES: Record<number, string> = {
  400: 'La solicitud no es válida.',
  401: 'Inicia sesión para continuar.',
  403: 'No tienes permiso para realizar esta acción.',
  404: 'El recurso solicitado no existe.',
  405: 'Método no permitido.',
  406: 'Formato de respuesta no disponible.',
  408: 'La solicitud tardó demasiado.',
  409: 'La operación entra en conflicto con el estado actual.',
  413: FRAMEWORK_MESSAGES.FST_ERR_CTP_BODY_TOO_LARGE!,
  414: FRAMEWORK_MESSAGES.FST_ERR_MAX_PARAM_LENGTH!,
  415: FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_MEDIA_TYPE!,
  429: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
  431: 'Las cabeceras de la solicitud son demasiado grandes.',
};

export const INTERNAL_ERROR_MESSAGE = 'Error interno del servidor. Inténtalo nuevamente.';

function body(statusCode: number, message: string | string[]) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/**
 * Errors Fastify raises while routing, before any hook runs (a malformed address, a path parameter over
 * the length limit): the same Spanish JSON and security headers as every other answer.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  const statusCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (error.statusCode ?? 400);
  void reply
    .code(statusCode)
    .headers(SECURITY_HEADERS)
    .header('cache-control', 'no-store')
    .send(body(statusCode, FRAMEWORK_MESSAGES[error.code] ?? STATUS_MESSAGES[statusCode] ?? STATUS_MESSAGES[400]!));
};

/**
 * Requests Node's HTTP parser refuses (an unknown method, headers too large, a malformed request line)
 * never reach Fastify: they are answered here, on the raw connection, in Spanish with the security headers.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const statusCode = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  if (socket.writable) {
    const payload = JSON.stringify(body(statusCode, STATUS_MESSAGES[statusCode]!));
    const headers = {
      ...SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(payload)),
      'cache-control': 'no-store',
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n${head}\r\n${payload}`);
  }
  socket.destroy(error);
}

/** A handler that failed after choosing a file response must not send its error as that file. */
function asJson(reply: FastifyReply): FastifyReply {
  return reply.removeHeader('content-disposition').type('application/json; charset=utf-8');
}

/**
 * Every error leaves the API as {statusCode, error, message} with a Spanish message. Validation errors list
 * one message per problem. A 5xx is logged whole and answered with a generic text: no stack, no SQL.
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | AppError, request, rawReply) => {
      const reply = asJson(rawReply);
      if (error instanceof AppError) {
        const answer = body(error.statusCode, error.message);
        return reply
          .code(error.statusCode)
          .send({ ...answer, ...(error.code ? { code: error.code } : {}), ...error.details });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.code(400).send(
          body(
            400,
            error.validation.map((issue) => issue.message ?? STATUS_MESSAGES[400]!),
          ),
        );
      }
      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(statusCode).send(body(statusCode, INTERNAL_ERROR_MESSAGE));
      }
      const message =
        FRAMEWORK_MESSAGES[error.code] ??
        // Only plugins we configured with Spanish text (rate limit) raise other 4xx errors.
        (error.code ? STATUS_MESSAGES[statusCode] : error.message) ??
        STATUS_MESSAGES[400]!;
      return reply.code(statusCode).send(body(statusCode, message));
    });

    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send(body(404, `Ruta no encontrada: ${request.method} ${request.url.split('?')[0]}`));
    });
  },
  { name: 'error-handler' },
);
