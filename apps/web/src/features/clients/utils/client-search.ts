import type { Client } from '@rondin/contracts';

/** Lower case without accents: «Almacén» is found by «almacen». */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Whether a client's name or tax id contains the search, ignoring case and accents; an empty search matches all. */
export function matchesClient(client: Pick<Client, 'name' | 'taxId'>, search: string): boolean {
  const term = fold(search.trim());
  if (!term) return true;
  return fold(client.name).includes(term) || fold(client.taxId ?? '').includes(term);
}
