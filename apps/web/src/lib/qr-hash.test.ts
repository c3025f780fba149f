import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { qrHash } from './qr-hash';

/** What the server computes for an item: encode(sha256(convert_to(qr_slug, 'UTF8')), 'hex'). */
const serverHash = (slug: string) => createHash('sha256').update(slug, 'utf8').digest('hex');

describe('qrHash', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is the server's item hash of the same code: SHA-256 of the UTF-8 slug, lowercase hex", () => {
    expect(qrHash('abcd1234efgh5678jkmn')).toBe(serverHash('abcd1234efgh5678jkmn'));
    expect(qrHash('trampa-ñandú')).toBe(serverHash('trampa-ñandú'));
    expect(qrHash('')).toBe(serverHash(''));
  });

  it('hashes the code as the server matches it, without surrounding spaces', () => {
    expect(qrHash('  abcd1234efgh5678jkmn \n')).toBe(serverHash('abcd1234efgh5678jkmn'));
  });

  it('needs no Web Crypto (a page that is not secure has none)', () => {
    vi.stubGlobal('crypto', { randomUUID: () => '00000000-0000-4000-8000-000000000000' });
    expect(qrHash('abcd1234efgh5678jkmn')).toBe(serverHash('abcd1234efgh5678jkmn'));
  });
});
