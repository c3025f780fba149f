import {
  TechnicianMessages,
  type CreateTechnicianBody,
  type Technician,
  type UpdateTechnicianBody,
} from '@rondin/contracts';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { TechnicianChanges, TechnicianRow, TechniciansRepository } from './technicians.repository.js';

export function toTechnician(row: TechnicianRow): Technician {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export class TechniciansService {
  constructor(private readonly repository: TechniciansRepository) {}

  async list(): Promise<Technician[]> {
    return (await this.repository.list()).map(toTechnician);
  }

  async profile(id: number): Promise<Technician> {
    const row = await this.repository.findById(id);
    if (!row) throw AppError.notFound(TechnicianMessages.notFound);
    return toTechnician(row);
  }

  async create(input: CreateTechnicianBody): Promise<Technician> {
    const email = input.email.toLowerCase();
    if (await this.repository.emailTaken(email)) throw AppError.conflict(TechnicianMessages.emailTaken);
    const passwordHash = await hashPassword(input.password);
    try {
      const row = await this.repository.insert({
        email,
        fullName: input.fullName,
        role: input.role,
        isActive: input.isActive,
        passwordHash,
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
    if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password);

    try {
      const row = await this.repository.transaction(async (tx) => {
        const mayRemoveAdmin = changes.role === 'TECH' || changes.isActive === false;
        const activeAdmins = mayRemoveAdmin ? await this.repository.lockActiveAdminIds(tx) : [];
        const target = await this.repository.findById(id, tx);
        if (!target) throw AppError.notFound(TechnicianMessages.notFound);
        if (activeAdmins.length === 1 && activeAdmins[0] === id) throw AppError.conflict(TechnicianMessages.lastAdmin);
        if (Object.keys(changes).length === 0) return target;
        return (await this.repository.update(id, changes, tx))!;
      });
      return toTechnician(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(TechnicianMessages.emailTaken);
      throw error;
    }
  }

  async delete(actor: AuthUser, id: number): Promise<void> {
    if (id === actor.id) throw AppError.conflict(TechnicianMessages.selfDelete);
    const target = await this.repository.findById(id);
    if (!target) throw AppError.notFound(TechnicianMessages.notFound);
    // An active account cannot be deleted, so the last active administrator never can be either.
    if (target.isActive) throw AppError.conflict(TechnicianMessages.deleteActive);
    if (await this.repository.hasOrders(id)) throw AppError.conflict(TechnicianMessages.deleteWithOrders);
    try {
      await this.repository.delete(id);
    } catch (error) {
      // An order assigned between the check and the delete: the foreign key refuses it.
      if (isForeignKeyViolation(error)) throw AppError.conflict(TechnicianMessages.deleteWithOrders);
      throw error;
    }
  }

  async changePassword(id: number, currentPassword: string, newPassword: string): Promise<void> {
    const row = await this.repository.findById(id);
    if (!row) throw AppError.notFound(TechnicianMessages.notFound);
    if (!(await verifyPassword(currentPassword, row.passwordHash))) {
      // 400, not 401: the session is fine, only the typed password is wrong.
      throw AppError.badRequest(TechnicianMessages.wrongCurrentPassword);
    }
    await this.repository.update(id, { passwordHash: await hashPassword(newPassword) });
  }
}
