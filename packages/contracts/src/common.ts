import { z } from 'zod';

export const Role = z.enum(['ADMIN', 'TECH']);
export type Role = z.infer<typeof Role>;

export const SessionStatus = z.enum(['PENDING', 'IN_PROGRESS', 'COMPLETED']);
export type SessionStatus = z.infer<typeof SessionStatus>;

export const ItemStatus = z.enum(['PENDING', 'COMPLETED']);
export type ItemStatus = z.infer<typeof ItemStatus>;

/** Largest value of a PostgreSQL `integer` column: ids beyond it can never exist. */
export const MAX_ID = 2_147_483_647;

const ID_MESSAGE = 'El identificador debe ser un número entero positivo.';

/** An id in a JSON body: a number, never a numeric string. */
export const IdNumber = z
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .positive(ID_MESSAGE)
  .max(MAX_ID, 'El identificador no existe.');

/** An id in a path or query string, where everything arrives as text. */
export const Id = z.coerce
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .positive(ID_MESSAGE)
  .max(MAX_ID, 'El identificador no existe.');

export const IdParams = z.strictObject({ id: Id });
export type IdParams = z.infer<typeof IdParams>;

/** The body of every error the API returns. Validation errors carry one message per problem. */
export const ErrorResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.union([z.string(), z.array(z.string())]),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

export const Password = z
  .string({ error: 'La contraseña es obligatoria.' })
  .min(MIN_PASSWORD_LENGTH, `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`)
  .max(MAX_PASSWORD_LENGTH, `La contraseña admite como máximo ${MAX_PASSWORD_LENGTH} caracteres.`);

export const Email = z
  .string({ error: 'El correo es obligatorio.' })
  .trim()
  .max(254, 'El correo admite como máximo 254 caracteres.')
  .pipe(z.email('El correo no es válido.'));

export const Timestamp = z.iso.datetime({ offset: true });
