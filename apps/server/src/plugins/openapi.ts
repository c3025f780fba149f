import swagger, { formatParamUrl } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorResponse } from '@rondin/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

export interface OpenapiOptions {
  /** The largest body the API reads, in bytes, for the 413 answer's description. */
  bodyLimit: number;
}

/** Fastify reads a body for these methods only (not GET or HEAD), and can refuse it before any handler runs. */
const READS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  200: 'Hecho.',
  201: 'Creado.',
  204: 'Hecho; la respuesta no tiene cuerpo.',
};

/** The parts of a finished document's operation that are corrected here. */
interface Operation {
  requestBody?: { required?: boolean };
  responses?: Record<string, { description?: string }>;
}

/**
 * The OpenAPI document, generated from the same zod schemas that validate requests and serialize answers.
 * Each route states its own answers and domain errors; the answers any route can get from Fastify itself
 * (a body too large or not JSON) or from a failure (500) are added here, so no route can forget them.
 */
export default fp<OpenapiOptions>(
  async function openapi(app: FastifyInstance, { bodyLimit }) {
    const frameworkErrors = (methods: string[]) => ({
      ...(methods.some((method) => READS_BODY.has(method)) && {
        413: ErrorResponse.describe(`El cuerpo pasa de ${bodyLimit / 1024} KB.`),
        415: ErrorResponse.describe('El cuerpo no es JSON: la API solo lee application/json.'),
      }),
      500: ErrorResponse.describe('Error interno; el detalle queda en el registro del servidor, no en la respuesta.'),
    });
    // A body schema that accepts a missing body (closing an order: the phone sends none) makes the body
    // optional, which the generator cannot tell: it marks every body required. Noted here, corrected below.
    const optionalBodies = new Set<string>();

    await app.register(swagger, {
      openapi: {
        // 3.1: its schemas are JSON Schema 2020-12, what zod emits and what the tests validate answers with.
        openapi: '3.1.0',
        info: {
          title: 'Rondín API',
          description: 'Inventario de trampas, órdenes de inspección con QR y reportes de cumplimiento.',
          version: '1.0.0',
        },
        servers: [{ url: '/', description: 'El mismo servidor que sirve este documento.' }],
        components: {
          securitySchemes: {
            bearer: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'El accessToken que devuelve POST /api/auth/login.',
            },
          },
        },
      },
      transform({ schema, url, route, ...document }) {
        if (!schema || schema.hide) return jsonSchemaTransform({ schema, url, route, ...document });
        const methods = [route.method].flat();
        const body = schema.body as ZodType | undefined;
        // An upload's form is required, though its validator (which never sees it) accepts no body.
        const upload = schema.consumes?.includes('multipart/form-data');
        if (body?.safeParse(undefined).success && !upload) {
          for (const method of methods) optionalBodies.add(`${method.toLowerCase()} ${formatParamUrl(url)}`);
        }
        const response = { ...frameworkErrors(methods), ...(schema.response as object) };
        return jsonSchemaTransform({ schema: { ...schema, response }, url, route, ...document });
      },
      transformObject(document) {
        // Only the OpenAPI form is generated (the openapi option above), never Swagger 2.
        const { openapiObject } = document as Extract<typeof document, { openapiObject: unknown }>;
        const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>;
        for (const [path, item] of Object.entries(paths)) {
          for (const [method, operation] of Object.entries(item)) {
            if (operation.requestBody && optionalBodies.has(`${method} ${path}`))
              operation.requestBody.required = false;
            // Every error response has its own description; the generator's English stands in for the rest.
            for (const [status, response] of Object.entries(operation.responses ?? {})) {
              if (response.description === 'Default Response') response.description = SUCCESS_DESCRIPTIONS[status];
            }
          }
        }
        return openapiObject;
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
