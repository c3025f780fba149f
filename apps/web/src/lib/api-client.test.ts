import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerRequests, networkError } from '../testing/network';
import {
  ApiError,
  apiBlob,
  apiRequest,
  describeError,
  FILE_TIMEOUT_MS,
  isUnreachable,
  readErrorMessage,
  REQUEST_TIMEOUT_MS,
  SESSION_ENDED_MESSAGE,
  UnreachableError,
} from './api-client';
import { AUTH_STORAGE_KEY, getAuth, reloadAuthFromStorage, setAuth, signInEndedBecause } from './auth-store';
import { isServerReachable } from './connectivity';

/** A server that never answers: the request ends only when the app aborts it. */
function neverAnswers() {
  answerRequests(() => new Promise<Response>(() => {}));
}

describe('readErrorMessage', () => {
  it('reads a plain string body', () => {
    expect(readErrorMessage('La trampa no existe.')).toBe('La trampa no existe.');
  });

  it('reads the message field', () => {
    expect(
      readErrorMessage({ statusCode: 409, error: 'Conflict', message: 'Ya existe una trampa con ese código.' }),
    ).toBe('Ya existe una trampa con ese código.');
  });

  it('joins a list of validation messages with spaces', () => {
    expect(
      readErrorMessage({ message: ['El código es obligatorio.', 'El área admite como máximo 80 caracteres.'] }),
    ).toBe('El código es obligatorio. El área admite como máximo 80 caracteres.');
  });

  it('gives undefined when there is nothing to read', () => {
    expect(readErrorMessage('')).toBeUndefined();
    expect(readErrorMessage(null)).toBeUndefined();
    expect(readErrorMessage({ error: 'Conflict' })).toBeUndefined();
    expect(readErrorMessage({ message: [] })).toBeUndefined();
  });
});

describe('describeError', () => {
  it("prefers the server's words, then the error's message", () => {
    expect(describeError(new ApiError(400, 'La contraseña actual no es correcta.'))).toBe(
      'La contraseña actual no es correcta.',
    );
    expect(describeError(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(describeError(new ApiError(500, undefined))).toBeUndefined();
    expect(describeError('raro')).toBeUndefined();
  });
});

describe('apiRequest', () => {
  it('sends the stored bearer token and JSON body', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ accessToken: 'abc', user: null }));
    reloadAuthFromStorage();
    const calls = answerRequests(() => new Response(JSON.stringify({ id: 7 }), { status: 201 }));
    await expect(apiRequest('/traps', { method: 'POST', body: { code: 'TRP-1' } })).resolves.toEqual({ id: 7 });
    expect(calls.map((call) => call.key)).toEqual(['POST /api/traps']);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer abc');
    expect(calls[0]?.body).toEqual({ code: 'TRP-1' });
  });

  it('keeps what a refusal names: its code, the device a scan read, the items a close lacks', async () => {
    const refusal = {
      message: 'TRP-113 (Bodega) es de este sitio pero no está en esta orden.',
      code: 'TRAP_NOT_IN_ORDER',
      device: { id: 113, code: 'TRP-113', area: 'Bodega' },
    };
    answerRequests(() => new Response(JSON.stringify(refusal), { status: 404 }));
    const error = (await apiRequest('/sessions/4/scan', { method: 'POST', body: {} }).catch(
      (caught) => caught,
    )) as ApiError;
    expect(error).toMatchObject({ status: 404, code: 'TRAP_NOT_IN_ORDER', serverMessage: refusal.message });
    expect(error.details).toEqual({ device: refusal.device });
    const missing = { message: 'Faltan…', code: 'FINDINGS_MISSING', items: [{ itemId: 3, code: 'TRP-001' }] };
    answerRequests(() => new Response(JSON.stringify(missing), { status: 409 }));
    const closing = (await apiRequest('/sessions/4/close', { method: 'POST' }).catch((caught) => caught)) as ApiError;
    expect(closing.details).toEqual({ items: missing.items });
  });

  it('drops the stored sign-in on any 401', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ accessToken: 'caducado', user: null }));
    reloadAuthFromStorage();
    answerRequests(() => new Response(JSON.stringify({ message: 'Tu sesión expiró.' }), { status: 401 }));
    const error = await apiRequest('/traps').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe('Tu sesión expiró.');
    expect(getAuth()).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it("keeps the server's reason for the sign-in screen, or says the session expired", async () => {
    setAuth({ accessToken: 'viejo', user: null });
    const changed = 'La contraseña de tu cuenta cambió. Inicia sesión nuevamente.';
    answerRequests(() => new Response(JSON.stringify({ message: changed }), { status: 401 }));
    await expect(apiRequest('/traps')).rejects.toBeInstanceOf(ApiError);
    expect(signInEndedBecause()).toBe(changed);

    setAuth({ accessToken: 'viejo', user: null });
    expect(signInEndedBecause()).toBeNull();
    answerRequests(() => new Response('', { status: 401 }));
    await expect(apiRequest('/traps')).rejects.toBeInstanceOf(ApiError);
    expect(signInEndedBecause()).toBe(SESSION_ENDED_MESSAGE);
  });

  it('keeps the sign-in on other errors', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ accessToken: 'bueno', user: null }));
    reloadAuthFromStorage();
    answerRequests(() => new Response('{"message":"x"}', { status: 400 }));
    await expect(apiRequest('/technicians/me/password', { method: 'PATCH', body: {} })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(getAuth()?.accessToken).toBe('bueno');
  });
});

describe('requests that get no answer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up after the time allowed, says so in Spanish, and marks the server unreachable', async () => {
    vi.useFakeTimers();
    neverAnswers();
    const outcome = apiRequest('/sessions', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(isServerReachable()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(UnreachableError);
    expect(isUnreachable(error)).toBe(true);
    expect(describeError(error)).toBe('El servidor no respondió a tiempo. Revisa tu conexión e inténtalo nuevamente.');
    expect(isServerReachable()).toBe(false);
    window.dispatchEvent(new Event('online'));
  });

  it('gives a file longer, and a caller can set its own limit', async () => {
    vi.useFakeTimers();
    neverAnswers();
    let settled = false;
    const file = apiBlob('/traps/labels').finally(() => {
      settled = true;
    });
    file.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(FILE_TIMEOUT_MS - REQUEST_TIMEOUT_MS);
    await expect(file).rejects.toBeInstanceOf(UnreachableError);

    const quick = apiRequest('/health', { timeoutMs: 50 }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(50);
    expect(await quick).toBeInstanceOf(UnreachableError);
    window.dispatchEvent(new Event('online'));
  });

  it("a network failure says it could not connect; the caller's own abort stays an abort", async () => {
    answerRequests(networkError);
    const failed = await apiRequest('/health').catch((caught: unknown) => caught);
    expect(describeError(failed)).toBe(
      'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo nuevamente.',
    );
    window.dispatchEvent(new Event('online'));

    neverAnswers();
    const controller = new AbortController();
    const aborted = apiRequest('/health', { signal: controller.signal }).catch((caught: unknown) => caught);
    controller.abort();
    const error = await aborted;
    // The abort as fetch gives it (Node's DOMException, not jsdom's: compared by name).
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(isUnreachable(error)).toBe(false);
    expect(isServerReachable()).toBe(true);
  });
});
