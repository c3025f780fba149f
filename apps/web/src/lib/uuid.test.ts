import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUuid } from './uuid';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives a version 4 UUID', () => {
    expect(randomUuid()).toMatch(UUID_V4);
  });

  it('still gives one where crypto.randomUUID is missing (plain HTTP)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array<ArrayBuffer>) => real.getRandomValues(array) });
    const first = randomUuid();
    vi.unstubAllGlobals();
    expect(first).toMatch(UUID_V4);
  });
});
