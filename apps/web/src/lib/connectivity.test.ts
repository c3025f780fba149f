import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, UnreachableError } from './api-client';
import { isServerReachable } from './connectivity';

describe('connectivity as the API client sees it', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a request that never reaches the server marks it unreachable; any answer, even an error, marks it back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/health')).rejects.toBeInstanceOf(UnreachableError);
    expect(isServerReachable()).toBe(false);

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"message":"no"}', { status: 500 }))),
    );
    await expect(apiRequest('/health')).rejects.toMatchObject({ status: 500 });
    expect(isServerReachable()).toBe(true);
  });

  it("the browser's online event gives the server a fresh chance", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/health')).rejects.toBeInstanceOf(UnreachableError);
    window.dispatchEvent(new Event('online'));
    expect(isServerReachable()).toBe(true);
  });
});
