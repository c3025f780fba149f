import { z } from 'zod';
import { Email, MAX_PASSWORD_LENGTH, Password, secretText } from './common.js';
import { Technician } from './technicians.js';

export const LoginBody = z.strictObject({
  email: Email,
  // Any length is checked against the stored hash; only absurd sizes are refused before hashing.
  password: secretText('La contraseña', { error: 'La contraseña es obligatoria.' })
    .min(1, 'La contraseña es obligatoria.')
    .max(MAX_PASSWORD_LENGTH, `La contraseña admite como máximo ${MAX_PASSWORD_LENGTH} caracteres.`),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResponse = z.object({
  accessToken: z.string(),
  technician: Technician,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const ChangePasswordBody = z.strictObject({
  currentPassword: secretText('La contraseña actual', { error: 'La contraseña actual es obligatoria.' })
    .min(1, 'La contraseña actual es obligatoria.')
    .max(MAX_PASSWORD_LENGTH, `La contraseña admite como máximo ${MAX_PASSWORD_LENGTH} caracteres.`),
  newPassword: Password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** A new token for the device that changed the password: every token issued before it stops working. */
export const ChangePasswordResponse = z.object({ accessToken: z.string() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;
