import { clearAuth, getAuth } from './auth-store';
import { reportReachable, reportUnreachable } from './connectivity';

export const API_BASE = '/api';

/** A non-2xx answer from the API, with the Spanish text the server sent when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's own words, read from the body; undefined when the body carried none. */
    readonly serverMessage: string | undefined,
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
  const text = list.filter((item): item is string => typeof item === 'string').join(' ').trim();
  return text || undefined;
}

/** The server's words when it gave any, else the error's own message (a network failure, for instance). */
export function describeError(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

/** Only the server's words: for messages that must not leak a browser's English network error. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** The request never reached the server (no network, DNS, refused connection), as opposed to an answer or an abort. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof TypeError;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
}

async function send(path: string, { method = 'GET', body, signal }: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept };
  const token = getAuth()?.accessToken;
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (isUnreachable(error)) reportUnreachable();
    throw error;
  }
  reportReachable();
  if (response.ok) return response;
  // Any 401 means the stored sign-in is no longer good: dropping it sends the router back to /login.
  if (response.status === 401) clearAuth();
  throw new ApiError(response.status, readErrorMessage(await readBody(response)));
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
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** A file download (PDF, XLSX) through the same authenticated client. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options, '*/*');
  return response.blob();
}
