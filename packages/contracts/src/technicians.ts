import { z } from 'zod';
import { Email, Password, Role, text, Timestamp } from './common.js';

export const Technician = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  role: Role,
  isActive: z.boolean(),
  createdAt: Timestamp,
});
export type Technician = z.infer<typeof Technician>;

const FullName = text('El nombre completo', { error: 'El nombre completo es obligatorio.' })
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
