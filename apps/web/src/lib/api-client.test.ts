import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, describeError, readErrorMessage } from './api-client';
import { AUTH_STORAGE_KEY, getAuth, reloadAuthFromStorage } from './auth-store';

describe('readErrorMessage', () => {
  it('reads a plain string body', () => {
    expect(readErrorMessage('La trampa no existe.')).toBe('La trampa no existe.');
  });

  it('reads the message field', () => {
    expect(readErrorMessage({ statusCode: 409, error: 'Conflict', message: 'Ya existe una trampa con ese código.' })).toBe(
      'Ya existe una trampa con ese código.',
    );
  });

  it('joins a list of validation messages with spaces', () => {
    expect(readErrorMessage({ message: ['El código es obligatorio.', 'El área admite como máximo 80 caracteres.'] })).toBe(
      'El código es obligatorio. El área admite como máximo 80 caracteres.',
    );
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
    expect(describeError(new ApiError(400, 'La contraseña actual no es correcta.'))).toBe('La contraseña actual no es correcta.');
    expect(describeError(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(describeError(new ApiError(500, undefined))).toBeUndefined();
    expect(describeError('raro')).toBeUndefined();
  });
});

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the stored bearer token and JSON body', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ accessToken: 'abc', user: null }));
    reloadAuthFromStorage();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: 7 }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/traps', { method: 'POST', body: { code: 'TRP-1' } })).resolves.toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/traps');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer abc');
    expect(init.body).toBe('{"code":"TRP-1"}');
  });

  it('drops the stored sign-in on any 401', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ accessToken: 'caducado', user: null }));
    reloadAuthFromStorage();
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'Tu sesión expiró.' }), { status: 401 }));
    const error = await apiRequest('/traps').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe('Tu sesión expiró.');
    expect(getAuth()).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('keeps the sign-in on other errors', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ accessToken: 'bueno', user: null }));
    reloadAuthFromStorage();
    vi.stubGlobal('fetch', async () => new Response('{"message":"x"}', { status: 400 }));
    await expect(apiRequest('/technicians/me/password', { method: 'PATCH', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(getAuth()?.accessToken).toBe('bueno');
  });
});
