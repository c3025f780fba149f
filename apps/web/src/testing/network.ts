import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The one network of the web tests (MSW): every request the app makes goes to the handlers set here, and a test
 * says what the server answers with `answerRequests` or `mockApi`. With no answer set, a request fails as fetch
 * does without signal. setup-tests.ts starts it for every file and takes each test's answers away after it.
 */
export const server = setupServer(http.all('*', () => HttpResponse.error()));

/** A request as the server received it: "METHOD /path?query", its JSON body (or text) and its headers. */
export interface ApiCall {
  key: string;
  method: string;
  /** The path and query the app asked for, as "/api/traps?page=1". */
  path: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

/** What the server answers: a Response as it is, or JSON with a status (200 unless said; 204 sends no body). */
export type Answer = Response | { status?: number; body?: unknown };

/** The failure of a request that never reached the server, as fetch gives it without signal. */
export const networkError = (): Response => HttpResponse.error();

function toResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  const { status = 200, body } = answer;
  return new Response(status === 204 ? null : JSON.stringify(body ?? null), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Answers every request with `answer` (undefined: a 404 'no existe', as the server's unknown routes) and records
 * them in order. The answer may wait (a server that is slow, or never answers until the app gives up).
 */
export function answerRequests(answer: (call: ApiCall) => Answer | undefined | Promise<Answer | undefined>): ApiCall[] {
  const calls: ApiCall[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const path = `${url.pathname}${url.search}`;
      const call: ApiCall = {
        key: `${request.method} ${path}`,
        method: request.method,
        path,
        url,
        body: await readBody(request),
        headers: request.headers,
      };
      calls.push(call);
      return toResponse((await answer(call)) ?? { status: 404, body: { message: 'no existe' } });
    }),
  );
  return calls;
}

/** The server's answers by "METHOD /path?query", the query exactly as the app sends it. */
export type Routes = Record<string, (call: ApiCall) => Answer | Promise<Answer>>;

/** Answers by route (`Routes`); anything else is a 404. */
export function mockApi(routes: Routes): ApiCall[] {
  return answerRequests((call) => routes[call.key]?.(call));
}
