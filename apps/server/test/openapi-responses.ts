import { formatParamUrl } from '@fastify/swagger';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

interface OpenapiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
}

interface Answer {
  /** The route's path as the document writes it: `/api/traps/{id}`. */
  path: string;
  method: string;
  status: number;
  contentType: string | undefined;
  payload: unknown;
}

const DOCUMENT_ID = 'openapi.json';

/** A part of the document as a reference Ajv resolves: a JSON pointer, each segment escaped and URI-encoded. */
function pointer(...segments: string[]): string {
  const escaped = segments.map((segment) => encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1')));
  return `${DOCUMENT_ID}#/${escaped.join('/')}`;
}

const isEmpty = (payload: unknown) =>
  payload === null || payload === undefined || payload === '' || (Buffer.isBuffer(payload) && payload.length === 0);

function problemsWith(
  document: OpenapiDocument,
  ajv: Ajv2020,
  { path, method, status, contentType, payload }: Answer,
): string[] {
  const operation = document.paths[path]?.[method];
  if (!operation) return [];
  const response = operation.responses[String(status)];
  if (!response) return [`status ${status} is not documented (${Object.keys(operation.responses).join(', ')} are)`];
  const documentedTypes = Object.keys(response.content ?? {});
  // Fastify sends a 204 with no body and no content type, whatever the handler passed on.
  if (status === 204)
    return documentedTypes.length ? [`a 204 is documented with content (${documentedTypes.join(', ')})`] : [];
  if (!documentedTypes.length) return isEmpty(payload) ? [] : ['a body was sent where none is documented'];
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!mediaType || !documentedTypes.includes(mediaType)) {
    return [`content type ${contentType ?? '(none)'} is not documented (${documentedTypes.join(', ')} are)`];
  }
  // Files (PDF, spreadsheet, backup) are bytes, and streamed: only their type is checked.
  if (mediaType !== 'application/json' || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return [];
  let body: unknown;
  try {
    body = JSON.parse(payload.toString());
  } catch {
    return ['the body is not JSON'];
  }
  const validate = ajv.getSchema(
    pointer('paths', path, method, 'responses', String(status), 'content', mediaType, 'schema'),
  )!;
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `body${error.instancePath} ${error.message}`);
}

/**
 * What an app's OpenAPI document is made from: the code that built the app (its `buildApp`, a new function once
 * watch mode reloads changed code) and its configuration as text (without the app's own data folder).
 */
export interface DocumentSource {
  code: object;
  configuration: string;
}

interface Checker {
  code: object;
  document: OpenapiDocument;
  ajv: Ajv2020;
}

/**
 * The document of each app a worker's files built, by its configuration, and Ajv holding it with the schemas it
 * compiled. The files of a worker share modules (vitest.config.ts, isolate false) and mostly build the same app:
 * `app.swagger()` converting every route's zod schemas anew (about 0.4 s an app, 2026-11-30), then adding the 2 MB
 * document to a new Ajv and compiling each answer's schema again, took about a second and a half a file. A kept
 * one made by other code (watch mode reloaded it) is made again.
 */
const checkers = new Map<string, Checker>();
const KEPT_DOCUMENTS = 4;

function checkerFor(app: FastifyInstance, { code, configuration }: DocumentSource): Checker {
  const kept = checkers.get(configuration);
  if (kept?.code === code) return kept;
  const document = app.swagger() as unknown as OpenapiDocument;
  // JSON Schema 2020-12 is what OpenAPI 3.1 schemas are. The whole document is given to Ajv so that any
  // reference in it resolves, and strict mode would refuse its OpenAPI fields (openapi, info, paths) as
  // unknown keywords. Formats are not checked: zod writes a pattern beside every string format it emits
  // (date-time), and the pattern is.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  ajv.addSchema(structuredClone(document), DOCUMENT_ID);
  checkers.delete(configuration);
  if (checkers.size >= KEPT_DOCUMENTS) checkers.delete(checkers.keys().next().value!);
  const checker = { code, document, ajv };
  checkers.set(configuration, checker);
  return checker;
}

/**
 * Checks every answer the app sends against the app's own OpenAPI document (`app.swagger()`, not a copy of
 * its schemas): the status is documented for the operation, the content type is one documented for that
 * status, a JSON body is valid against the documented schema, and a status documented without content
 * (a 204) has none. A mismatch fails the test whose request caused it, as a soft assertion: the test runs on
 * and reports it when it ends. One outside any test (a request made in beforeAll) is kept in `outsideTests`.
 *
 * Requests no route answered (404s) and routes kept out of the document (the web app's pages, the docs UI,
 * HEAD) have no operation to be checked against; that every other route is documented is a test of its own.
 */
export function checkResponsesAgainstOpenapi(app: FastifyInstance, source: DocumentSource): { outsideTests: string[] } {
  const outsideTests: string[] = [];
  let checker: Checker | undefined;

  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    if (route !== undefined) {
      // Read once the app is ready, when the first answer is sent: the document needs every route.
      checker ??= checkerFor(app, source);
      const found = problemsWith(checker.document, checker.ajv, {
        path: formatParamUrl(route),
        method: request.method.toLowerCase(),
        status: reply.statusCode,
        contentType: reply.getHeader('content-type') as string | undefined,
        payload,
      });
      if (found.length) {
        const answer = `${request.method} ${request.url} answered ${reply.statusCode} unlike the OpenAPI document`;
        try {
          expect.soft(found, answer).toEqual([]);
        } catch {
          // expect.soft throws only when no test is running.
          outsideTests.push(`${answer}: ${found.join('; ')}`);
        }
      }
    }
    done(null, payload);
  });
  return { outsideTests };
}
