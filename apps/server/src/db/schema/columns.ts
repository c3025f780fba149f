/** Column helpers the domain files share (not tables: schema.ts does not re-export them). */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, customType, text, timestamp } from 'drizzle-orm/pg-core';

/** Raw bytes (PostgreSQL bytea), read and written as Buffers by both drivers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A text[] column's values all among the given ones. */
export const allIn = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} <@ array[${sql.raw(values.map((value) => `'${value}'`).join(', '))}]::text[]`;
export const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
