import { describe, expect, it } from 'vitest';
import { matchesClient } from './client-search';

describe('matchesClient', () => {
  const client = { name: 'Almacén Ribera S.A.', taxId: 'A46000001' };

  it('finds a client by part of its name or tax id, ignoring case and accents', () => {
    expect(matchesClient(client, 'almacen')).toBe(true);
    expect(matchesClient(client, 'RIBERA')).toBe(true);
    expect(matchesClient(client, 'a4600')).toBe(true);
    expect(matchesClient(client, 'levante')).toBe(false);
  });

  it('matches every client with an empty search', () => {
    expect(matchesClient({ name: 'Harinas', taxId: null }, '  ')).toBe(true);
  });
});
