import { ErrorResponse } from '@rondin/contracts';
import { z } from 'zod';

/**
 * The error answers every authenticated route may give, for the OpenAPI document. What Fastify itself
 * answers before a handler runs (413, 415) and 500 are added to every route by the openapi plugin.
 */
export const errorResponses = {
  400: ErrorResponse.describe('La solicitud no es válida: un campo, el JSON o una clave repetida.'),
  401: ErrorResponse.describe('Sin sesión, o con un token vencido, revocado o de una cuenta desactivada.'),
  403: ErrorResponse.describe(
    'La cuenta no tiene el rol que la operación pide, o debe cambiar su contraseña antes (code PASSWORD_CHANGE_REQUIRED).',
  ),
  404: ErrorResponse.describe('El recurso no existe o no es de quien llama.'),
  409: ErrorResponse.describe('La operación choca con el estado actual.'),
} as const;

export const bearerAuth = [{ bearer: [] }];

/** For health and login, which need no token: OpenAPI asks a public operation to say so with an empty list. */
export const noAuth = [];

/**
 * A file answer: bytes of the given media types. The handlers send a stream or a buffer, which Fastify
 * passes through unserialized and no zod type describes (hence any); the metadata says what goes over the wire.
 */
export function fileResponse(description: string, ...mediaTypes: string[]) {
  const bytes = z.any().meta({ type: 'string', format: 'binary' });
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: bytes }])) };
}

/**
 * A multipart/form-data upload's form, for the OpenAPI document (with `consumes: ['multipart/form-data']`): the
 * file in `file` and the given text fields. The validator sees no body (the form is streamed by the handler),
 * so this accepts anything; readUpload (src/files/multipart.ts) reads and checks the form as it arrives.
 */
export function uploadForm(file: string, fields: Record<string, z.ZodType> = {}) {
  const described = Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => {
      const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input' });
      return [name, json];
    }),
  );
  return z.unknown().meta({
    type: 'object',
    properties: { file: { type: 'string', format: 'binary', description: file }, ...described },
    required: ['file', ...Object.keys(fields)],
  });
}
