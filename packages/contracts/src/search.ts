import { z } from 'zod';
import { digits, text } from './common.js';

/** What the search box finds, in the order its groups are shown. */
export const SEARCH_KINDS = ['SITE', 'CLIENT', 'DEVICE', 'ORDER', 'CERTIFICATE'] as const;
export const SearchKind = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof SearchKind>;

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 20;

const limitMessage = `limit debe estar entre 1 y ${SEARCH_MAX_LIMIT}.`;

export const SearchQuery = z.strictObject({
  q: text('La búsqueda', { error: 'Escribe qué buscar (q).' })
    .trim()
    .min(SEARCH_MIN_LENGTH, `Escribe al menos ${SEARCH_MIN_LENGTH} caracteres para buscar.`)
    .max(80, 'La búsqueda admite como máximo 80 caracteres.'),
  /** Results per kind. */
  limit: digits(limitMessage).pipe(z.number().min(1, limitMessage).max(SEARCH_MAX_LIMIT, limitMessage)).optional(),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchResult = z.object({
  kind: SearchKind,
  id: z.number().int(),
  /** What the result is called: a device's code, "Orden #57", a folio, a site's or client's name. */
  label: z.string(),
  /** Where it is: area and site, the order's site and date, a site's client and address. */
  detail: z.string(),
  /** The web app's address that opens it. */
  url: z.string(),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchGroup = z.object({
  kind: SearchKind,
  /** The group's heading, in Spanish. */
  label: z.string(),
  items: z.array(SearchResult),
  /** More of this kind match than `limit`. */
  more: z.boolean(),
});
export type SearchGroup = z.infer<typeof SearchGroup>;

export const SearchResponse = z.object({
  q: z.string(),
  /** Only the kinds with results, in SEARCH_KINDS order. */
  groups: z.array(SearchGroup),
});
export type SearchResponse = z.infer<typeof SearchResponse>;
