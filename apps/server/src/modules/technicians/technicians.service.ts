import {
  TechnicianMessages,
  type CreateTechnicianBody,
  type Technician,
  type UpdateTechnicianBody,
} from '@rondin/contracts';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import { weakPasswordReason } from '../../lib/password-policy.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { AccountEvents } from './account-events.js';
import type { TechnicianChanges, TechnicianRow, TechniciansRepository } from './technicians.repository.js';

/** Refuses a password anyone could guess (a common one, a series, the account's email). */
export function refuseWeakPassword(password: string, email: string): void {
  const reason = weakPasswordReason(password, email);
  if (reason) throw AppError.badRequest(reason);
}

export function toTechnician(row: TechnicianRow): Technician {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    isActive: row.isActive,
    licenceNumber: row.licenceNumber,
    licenceExpiresAt: row.licenceExpiresAt,
    qualification: row.qualification,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt.toISOString(),
  };
}

export class TechniciansService {
  constructor(
    private readonly repository: TechniciansRepository,
    private readonly events: AccountEvents,
  ) {}

  async list(): Promise<Technician[]> {
    return (await this.repository.list()).map(toTechnician);
  }

  async profile(id: number): Promise<Technician> {
    const row = await this.repository.findById(id);
    if (!row) throw AppError.notFound(TechnicianMessages.notFound);
    return toTechnician(row);
  }

  async create(actor: AuthUser, input: CreateTechnicianBody): Promise<Technician> {
    const email = input.email.toLowerCase();
    if (await this.repository.emailTaken(email)) throw AppError.conflict(TechnicianMessages.emailTaken);
    refuseWeakPassword(input.password, email);
    const passwordHash = await hashPassword(input.password);
    try {
      const row = await this.repository.insert(actor, {
        email,
        fullName: input.fullName,
        role: input.role,
        isActive: input.isActive,
        licenceNumber: input.licenceNumber ?? null,
        licenceExpiresAt: input.licenceExpiresAt ?? null,
        qualification: input.qualification ?? null,
        passwordHash,
        // The administrator knows the password they typed: the account chooses its own at its first sign-in.
        mustChangePassword: true,
      });
      return toTechnician(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(TechnicianMessages.emailTaken);
      throw error;
    }
  }

  async update(actor: AuthUser, id: number, input: UpdateTechnicianBody): Promise<Technician> {
    if (id === actor.id && input.isActive === false) {
      throw AppError.conflict(TechnicianMessages.selfDeactivate);
    }
    const changes: TechnicianChanges = {};
    if (input.email !== undefined) {
      changes.email = input.email.toLowerCase();
      if (await this.repository.emailTaken(changes.email, id)) throw AppError.conflict(TechnicianMessages.emailTaken);
    }
    if (input.fullName !== undefined) changes.fullName = input.fullName;
    if (input.role !== undefined) changes.role = input.role;
    if (input.isActive !== undefined) changes.isActive = input.isActive;
    if (input.licenceNumber !== undefined) changes.licenceNumber = input.licenceNumber;
    if (input.licenceExpiresAt !== undefined) changes.licenceExpiresAt = input.licenceExpiresAt;
    if (input.qualification !== undefined) changes.qualification = input.qualification;
    if (input.password !== undefined) {
      const email = changes.email ?? (await this.repository.findStaffById(id))?.email;
      if (email === undefined) throw AppError.notFound(TechnicianMessages.notFound);
      refuseWeakPassword(input.password, email);
      changes.passwordHash = await hashPassword(input.password);
      // Reset for someone else, the password is known to two people until its owner changes it.
      changes.mustChangePassword = id !== actor.id;
    }

    try {
      const { before, after } = await this.repository.transaction(actor, async (tx) => {
        const mayRemoveAdmin = changes.role === 'TECH' || changes.isActive === false;
        const activeAdmins = mayRemoveAdmin ? await this.repository.lockActiveAdminIds(tx) : [];
        const target = await this.repository.findStaffById(id, tx);
        if (!target) throw AppError.notFound(TechnicianMessages.notFound);
        if (activeAdmins.length === 1 && activeAdmins[0] === id) throw AppError.conflict(TechnicianMessages.lastAdmin);
        if (Object.keys(changes).length === 0) return { before: target, after: target };
        // A password reset by an administrator ends every sign-in made with the old one.
        const updated = await this.repository.update(tx, id, changes, {
          revokeTokens: changes.passwordHash !== undefined,
        });
        return { before: target, after: updated! };
      });
      const accessChanged =
        after.tokenVersion !== before.tokenVersion || after.isActive !== before.isActive || after.role !== before.role;
      if (accessChanged) this.events.accessChanged(id);
      return toTechnician(after);
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(TechnicianMessages.emailTaken);
      throw error;
    }
  }

  async delete(actor: AuthUser, id: number): Promise<void> {
    if (id === actor.id) throw AppError.conflict(TechnicianMessages.selfDelete);
    const target = await this.repository.findStaffById(id);
    if (!target) throw AppError.notFound(TechnicianMessages.notFound);
    // An active account cannot be deleted, so the last active administrator never can be either.
    if (target.isActive) throw AppError.conflict(TechnicianMessages.deleteActive);
    if (await this.repository.hasOrders(id)) throw AppError.conflict(TechnicianMessages.deleteWithOrders);
    try {
      await this.repository.delete(actor, id);
    } catch (error) {
      // An order assigned between the check and the delete: the foreign key refuses it.
      if (isForeignKeyViolation(error)) throw AppError.conflict(TechnicianMessages.deleteWithOrders);
      throw error;
    }
    this.events.accessChanged(id);
  }
}
