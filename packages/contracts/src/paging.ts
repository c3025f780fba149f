import { z } from 'zod';
import { digits, text } from './common.js';

export const MAX_PAGE_SIZE = 200;

/** Optional paging: a list call without any query parameter keeps answering the plain list. */
export const PageParams = {
  page: digits('page debe ser un número entero positivo.')
    .pipe(z.number().min(1, 'page debe ser un número entero positivo.').max(1_000_000, 'page es demasiado grande.'))
    .optional(),
  pageSize: digits(`pageSize debe estar entre 1 y ${MAX_PAGE_SIZE}.`)
    .pipe(
      z
        .number()
        .min(1, `pageSize debe estar entre 1 y ${MAX_PAGE_SIZE}.`)
        .max(MAX_PAGE_SIZE, `pageSize debe estar entre 1 y ${MAX_PAGE_SIZE}.`),
    )
    .optional(),
};

export const SearchText = text('La búsqueda').trim().max(80, 'La búsqueda admite como máximo 80 caracteres.');

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
