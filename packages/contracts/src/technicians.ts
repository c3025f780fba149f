import { z } from 'zod';
import { Email, Password, Role, Timestamp } from './common.js';

export const Technician = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  role: Role,
  isActive: z.boolean(),
  createdAt: Timestamp,
});
export type Technician = z.infer<typeof Technician>;

const FullName = z
  .string({ error: 'El nombre completo es obligatorio.' })
  .trim()
  .min(1, 'El nombre completo es obligatorio.')
  .max(120, 'El nombre completo admite como máximo 120 caracteres.');

export const CreateTechnicianBody = z.strictObject({
  email: Email,
  fullName: FullName,
  password: Password,
  role: Role.default('TECH'),
  isActive: z.boolean().default(true),
});
export type CreateTechnicianBody = z.infer<typeof CreateTechnicianBody>;

export const UpdateTechnicianBody = z.strictObject({
  email: Email.optional(),
  fullName: FullName.optional(),
  password: Password.optional(),
  role: Role.optional(),
  isActive: z.boolean().optional(),
});
export type UpdateTechnicianBody = z.infer<typeof UpdateTechnicianBody>;

export const TechnicianMessages = {
  emailTaken: 'Ya existe un técnico con ese correo.',
  notFound: 'El técnico no existe.',
  selfDeactivate: 'No puedes desactivar tu propia cuenta.',
  selfDelete: 'No puedes eliminar tu propia cuenta.',
  lastAdmin: 'Debe permanecer al menos un administrador activo.',
  deleteActive: 'Solo se puede eliminar un técnico inactivo. Desactívalo primero.',
  deleteWithOrders: 'El técnico tiene órdenes registradas; desactívalo en lugar de eliminarlo.',
  wrongCurrentPassword: 'La contraseña actual no es correcta.',
} as const;
