import { describe, expect, it } from 'vitest';
import { answerRequests, networkError } from '../testing/network';
import { apiRequest, UnreachableError } from './api-client';
import { isServerReachable } from './connectivity';

describe('connectivity as the API client sees it', () => {
  it('a request that never reaches the server marks it unreachable; any answer, even an error, marks it back', async () => {
    answerRequests(networkError);
    await expect(apiRequest('/health')).rejects.toBeInstanceOf(UnreachableError);
    expect(isServerReachable()).toBe(false);

    answerRequests(() => new Response('{"message":"no"}', { status: 500 }));
    await expect(apiRequest('/health')).rejects.toMatchObject({ status: 500 });
    expect(isServerReachable()).toBe(true);
  });

  it("the browser's online event gives the server a fresh chance", async () => {
    answerRequests(networkError);
    await expect(apiRequest('/health')).rejects.toBeInstanceOf(UnreachableError);
    window.dispatchEvent(new Event('online'));
    expect(isServerReachable()).toBe(true);
  });
});
