import { clearAuth, getAuth } from './auth-store';
import { reportReachable, reportUnreachable } from './connectivity';

export const API_BASE = '/api';

/** A non-2xx answer from the API, with the Spanish text the server sent when it sent one. */
/** What a refusal may say beyond its words: the device a scan read (scan refusals), the items it is about. */
export interface ErrorDetails {
  device?: { id: number; code: string; area: string | null };
  items?: { itemId: number; code: string }[];
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's own words, read from the body; undefined when the body carried none. */
    readonly serverMessage: string | undefined,
    /** The server's machine-readable reason, where it gives one (LICENCE_EXPIRED). */
    readonly code?: string,
    readonly details: ErrorDetails = {},
  ) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/**
 * The server's error text: a plain string body, a `message` field, or a list of messages (validation
 * errors) joined by spaces. Anything else gives undefined so the caller picks its own fallback.
 */
export function readErrorMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (Array.isArray(body)) return joinMessages(body);
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string') return message.trim() || undefined;
    if (Array.isArray(message)) return joinMessages(message);
  }
  return undefined;
}

function joinMessages(list: unknown[]): string | undefined {
  const text = list
    .filter((item): item is string => typeof item === 'string')
    .join(' ')
    .trim();
  return text || undefined;
}

/**
 * The request got no answer: the network failed (no signal, DNS, refused connection) or the server did not answer
 * within the time allowed. Its message says which, in Spanish, so any screen can show it as it is.
 */
export class UnreachableError extends Error {
  constructor(readonly reason: 'network' | 'timeout') {
    super(reason === 'timeout' ? UNREACHABLE_MESSAGES.timeout : UNREACHABLE_MESSAGES.network);
    this.name = 'UnreachableError';
  }
}

export const UNREACHABLE_MESSAGES = {
  network: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo nuevamente.',
  timeout: 'El servidor no respondió a tiempo. Revisa tu conexión e inténtalo nuevamente.',
} as const;

/** What a screen says when a sign-in ends with a 401 that carried no words of its own. */
export const SESSION_ENDED_MESSAGE = 'Tu sesión expiró. Inicia sesión nuevamente.';

/**
 * How long a request may wait for its whole answer. A phone on a Wi-Fi without internet, or a server that hangs,
 * never answers: without a limit 'Guardando…' would stay for ever. Files (a plant's label sheet) get longer.
 */
export const REQUEST_TIMEOUT_MS = 20_000;
export const FILE_TIMEOUT_MS = 120_000;

/** The server's words when it gave any, else the error's own message (a network failure, for instance). */
export function describeError(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

/**
 * What to tell the user about a failed request, never a browser's English network error: the server's words, or
 * ours when no answer came ('No se pudo conectar con el servidor…', 'El servidor no respondió a tiempo…').
 */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof UnreachableError) return error.message;
  return undefined;
}

/**
 * The request got no answer (no network, DNS, refused connection, no answer in time), as opposed to an answer or
 * the caller's own abort. A TypeError is what fetch itself throws for a network failure.
 */
export function isUnreachable(error: unknown): boolean {
  return error instanceof UnreachableError || error instanceof TypeError;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Overrides the time allowed for the whole answer. */
  timeoutMs?: number;
}

/**
 * Runs `read` on the answer of a request, the whole of it within `timeoutMs`; the caller's `signal` still aborts
 * it as an abort. Network failures and timeouts become an UnreachableError and mark the server unreachable; any
 * answer marks it reachable. Any 401 drops the stored sign-in with the server's reason, which the sign-in screen
 * then shows.
 */
async function send<T>(
  path: string,
  { method = 'GET', body, signal, timeoutMs }: RequestOptions,
  accept: string,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const headers: Record<string, string> = { accept };
  const token = getAuth()?.accessToken;
  if (token) headers.authorization = `Bearer ${token}`;
  // A file (a Blob with its media type) travels as it is, a form as multipart (the browser writes its boundary
  // into the content type), anything else as JSON.
  const file = body instanceof Blob || body instanceof FormData ? body : undefined;
  if (body !== undefined && !(body instanceof FormData)) {
    headers['content-type'] = body instanceof Blob ? body.type : 'application/json';
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs ?? REQUEST_TIMEOUT_MS);
  const abort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', abort);
  try {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}`, {
        method,
        headers,
        body: file ?? (body === undefined ? null : JSON.stringify(body)),
        signal: controller.signal,
      });
    } catch (error) {
      throw unreachableOr(error, timedOut);
    }
    reportReachable();
    if (!response.ok) {
      const errorBody = await readBody(response);
      const message = readErrorMessage(errorBody);
      if (response.status === 401) clearAuth(message ?? SESSION_ENDED_MESSAGE);
      const code = (errorBody as { code?: unknown } | null)?.code;
      throw new ApiError(
        response.status,
        message,
        typeof code === 'string' ? code : undefined,
        errorDetails(errorBody),
      );
    }
    try {
      return await read(response);
    } catch (error) {
      throw unreachableOr(error, timedOut);
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/** A failure before or while the answer arrived: ours (timeout, network) is reported; the caller's abort is not. */
function unreachableOr(error: unknown, timedOut: boolean): unknown {
  if (timedOut || error instanceof TypeError) {
    reportUnreachable();
    return new UnreachableError(timedOut ? 'timeout' : 'network');
  }
  return error;
}

/** The refusal's device and items, when the body carries them as the contracts' ErrorResponse says. */
function errorDetails(body: unknown): ErrorDetails {
  if (!body || typeof body !== 'object') return {};
  const { device, items } = body as ErrorDetails;
  return {
    ...(device && typeof device.code === 'string' ? { device } : {}),
    ...(Array.isArray(items) ? { items } : {}),
  };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A JSON call; 204 answers resolve to undefined. */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return send(path, options, 'application/json', async (response) =>
    response.status === 204 ? (undefined as T) : ((await response.json()) as T),
  );
}

/** A file download (PDF, XLSX) through the same authenticated client. */
export function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return send(path, { timeoutMs: FILE_TIMEOUT_MS, ...options }, '*/*', (response) => response.blob());
}
