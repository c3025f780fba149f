import { z } from 'zod';
import { Email, Password, Role, StaffRole, text, Timestamp } from './common.js';
import { LocalDate } from './service-plans.js';
import { QUALIFICATIONS } from './technician-rules.js';

export const Qualification = z.enum(QUALIFICATIONS, {
  error: 'La cualificación debe ser APLICADOR, RESPONSABLE_TECNICO o ESPECIAL.',
});
export type Qualification = z.infer<typeof Qualification>;

export const Technician = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  role: Role,
  isActive: z.boolean(),
  /** The applicator's card (carné) number; null when not recorded. */
  licenceNumber: z.string().nullable(),
  /** YYYY-MM-DD; null when it does not expire (today's Spanish qualifications do not) or is not recorded. */
  licenceExpiresAt: z.string().nullable(),
  qualification: Qualification.nullable(),
  /**
   * The account signs in with a password someone else knows (generated at first start, or set by an
   * administrator): until it changes it, every request but its profile and the change is refused (403).
   */
  mustChangePassword: z.boolean(),
  createdAt: Timestamp,
});
export type Technician = z.infer<typeof Technician>;

const FullName = text('El nombre completo', { error: 'El nombre completo es obligatorio.' })
  .trim()
  .min(1, 'El nombre completo es obligatorio.')
  .max(120, 'El nombre completo admite como máximo 120 caracteres.');

const LicenceNumber = text('El número de carné')
  .trim()
  .max(60, 'El número de carné admite como máximo 60 caracteres.')
  .transform((value) => (value ? value : null));

const licenceFields = {
  licenceNumber: LicenceNumber.nullable().optional(),
  licenceExpiresAt: LocalDate.nullable().optional(),
  qualification: Qualification.nullable().optional(),
};

export const CreateTechnicianBody = z.strictObject({
  email: Email,
  fullName: FullName,
  password: Password,
  role: StaffRole.default('TECH'),
  isActive: z.boolean().default(true),
  ...licenceFields,
});
export type CreateTechnicianBody = z.infer<typeof CreateTechnicianBody>;

export const UpdateTechnicianBody = z.strictObject({
  email: Email.optional(),
  fullName: FullName.optional(),
  password: Password.optional(),
  role: StaffRole.optional(),
  isActive: z.boolean().optional(),
  ...licenceFields,
});
export type UpdateTechnicianBody = z.infer<typeof UpdateTechnicianBody>;
