import { describe, expect, it } from 'vitest';
import { ApiError, UnreachableError } from './api-client';
import { retryOnce } from './query-client';

describe('retryOnce', () => {
  it('tries a read once more after a network failure or a server error', () => {
    expect(retryOnce(0, new UnreachableError('network'))).toBe(true);
    expect(retryOnce(0, new ApiError(503, undefined))).toBe(true);
    expect(retryOnce(1, new UnreachableError('network'))).toBe(false);
  });

  it('does not try again when it cannot help: a refusal, or a read that already waited the whole time', () => {
    expect(retryOnce(0, new ApiError(404, 'No existe.'))).toBe(false);
    expect(retryOnce(0, new UnreachableError('timeout'))).toBe(false);
  });
});
