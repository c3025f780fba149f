import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { qrHashOf } from './qr-hash';

/** What the server computes for an item: encode(sha256(convert_to(qr_slug, 'UTF8')), 'hex'). */
const serverHash = (slug: string) => createHash('sha256').update(slug, 'utf8').digest('hex');

describe('qrHashOf', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is the server's item hash of the same code: SHA-256 of the UTF-8 slug, lowercase hex", async () => {
    expect(await qrHashOf('abcd1234efgh5678jkmn')).toBe(serverHash('abcd1234efgh5678jkmn'));
    expect(await qrHashOf('trampa-ñandú')).toBe(serverHash('trampa-ñandú'));
  });

  it('hashes the code as the server matches it, without surrounding spaces', async () => {
    expect(await qrHashOf('  abcd1234efgh5678jkmn \n')).toBe(serverHash('abcd1234efgh5678jkmn'));
  });

  it('is null where the page has no Web Crypto (not a secure page)', async () => {
    vi.stubGlobal('crypto', { randomUUID: () => '00000000-0000-4000-8000-000000000000' });
    expect(await qrHashOf('abcd1234efgh5678jkmn')).toBeNull();
  });

  it('is null when the digest fails, rather than losing the scan', async () => {
    vi.stubGlobal('crypto', { subtle: { digest: () => Promise.reject(new Error('NotSupportedError')) } });
    expect(await qrHashOf('abcd1234efgh5678jkmn')).toBeNull();
  });
});
