import { z } from 'zod';

export const MAX_PAGE_SIZE = 200;

/** Optional paging: a list call without any query parameter keeps answering the plain list. */
export const PageParams = {
  page: z.coerce
    .number({ error: 'page debe ser un número entero positivo.' })
    .int('page debe ser un número entero positivo.')
    .min(1, 'page debe ser un número entero positivo.')
    .max(1_000_000, 'page es demasiado grande.')
    .optional(),
  pageSize: z.coerce
    .number({ error: `pageSize debe estar entre 1 y ${MAX_PAGE_SIZE}.` })
    .int(`pageSize debe estar entre 1 y ${MAX_PAGE_SIZE}.`)
    .min(1, `pageSize debe estar entre 1 y ${MAX_PAGE_SIZE}.`)
    .max(MAX_PAGE_SIZE, `pageSize debe estar entre 1 y ${MAX_PAGE_SIZE}.`)
    .optional(),
};

export const SearchText = z.string().trim().max(80, 'La búsqueda admite como máximo 80 caracteres.');

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const DEFAULT_PAGE_SIZE = 50;
