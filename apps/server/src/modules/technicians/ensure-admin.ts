import { randomBytes } from 'node:crypto';
import { isUniqueViolation } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import type { TechniciansRepository } from './technicians.repository.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@rondin.local';

export interface CreatedAdmin {
  email: string;
  /** Present only when it was generated, so it can be shown once. */
  generatedPassword?: string;
}

/**
 * On an empty database, creates the first administrator: from ADMIN_EMAIL/ADMIN_PASSWORD when given,
 * otherwise admin@rondin.local with a random password the caller shows once. Does nothing afterwards.
 */
export async function ensureAdmin(
  repository: TechniciansRepository,
  configured: { email?: string | undefined; password?: string | undefined },
): Promise<CreatedAdmin | undefined> {
  if ((await repository.count()) > 0) return undefined;
  const email = (configured.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generatedPassword = configured.password ? undefined : randomBytes(12).toString('base64url');
  const password = configured.password ?? generatedPassword!;
  try {
    // Made by the system, as the change log says (no account exists yet to make it).
    await repository.insert(null, {
      email,
      fullName: 'Administrador',
      role: 'ADMIN',
      isActive: true,
      passwordHash: await hashPassword(password),
      // A generated password was printed on the console: the first sign-in must replace it. One set through
      // ADMIN_PASSWORD was chosen by whoever deploys, who may keep it.
      mustChangePassword: generatedPassword !== undefined,
    });
  } catch (error) {
    // Several processes starting together on an empty database: another one created the administrator first.
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
  return generatedPassword ? { email, generatedPassword } : { email };
}
