import {
  COMMON_PESTS_PER_TYPE,
  PestMessages,
  SiteMessages,
  type CommonPests,
  type CreatePestBody,
  type Pest,
  type UpdatePestBody,
} from '@rondin/contracts';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { PestChanges, PestRow, PestsRepository } from './pests.repository.js';

export function toPest(row: PestRow): Pest {
  return {
    id: row.id,
    name: row.name,
    scientificName: row.scientificName,
    group: row.group,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The pest catalogue findings name. Entries are never deleted, only deactivated: a finding recorded against
 * one must keep its name, and a deactivated entry is simply no longer offered.
 */
export class PestsService {
  constructor(private readonly repository: PestsRepository) {}

  /** What a technician can record (the active entries); an administrator may ask for the whole catalogue. */
  async list(user: AuthUser, all: boolean): Promise<Pest[]> {
    if (all && user.role !== 'ADMIN') throw AppError.forbidden(PestMessages.allForAdmins);
    return (await this.repository.list({ all })).map(toPest);
  }

  /**
   * Per device type, the pests most caught at the site over the last twelve months: what the phone lists first
   * when a technician records what a device caught. For an administrator, or a technician with an open order
   * there; another technician has no business at the site (404, as for a site they cannot see).
   */
  async commonAt(user: AuthUser, siteId: number, now = new Date()): Promise<CommonPests> {
    const scope = user.role === 'ADMIN' ? {} : { technicianId: user.id };
    if (!(await this.repository.siteVisible(siteId, scope))) throw AppError.notFound(SiteMessages.notFound);
    const from = new Date(now);
    from.setUTCFullYear(from.getUTCFullYear() - 1);
    const byType: CommonPests['byType'] = {};
    for (const row of await this.repository.caughtAt(siteId, from)) {
      const list = byType[row.trapType] ?? [];
      if (list.length < COMMON_PESTS_PER_TYPE) byType[row.trapType] = [...list, row.pestId];
    }
    return { byType };
  }

  async create(input: CreatePestBody): Promise<Pest> {
    if (await this.repository.nameTaken(input.name)) throw AppError.conflict(PestMessages.nameTaken);
    try {
      return toPest(
        await this.repository.insert({
          name: input.name,
          scientificName: input.scientificName ?? null,
          group: input.group,
          isActive: input.isActive,
        }),
      );
    } catch (error) {
      // Another request took the name between the check and the insert.
      if (isUniqueViolation(error)) throw AppError.conflict(PestMessages.nameTaken);
      throw error;
    }
  }

  async update(id: number, input: UpdatePestBody): Promise<Pest> {
    const current = await this.repository.findById(id);
    if (!current) throw AppError.notFound(PestMessages.notFound);
    if (input.name !== undefined && (await this.repository.nameTaken(input.name, id))) {
      throw AppError.conflict(PestMessages.nameTaken);
    }
    const changes: PestChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.scientificName !== undefined) changes.scientificName = input.scientificName;
    if (input.group !== undefined) changes.group = input.group;
    if (input.isActive !== undefined) changes.isActive = input.isActive;
    if (Object.keys(changes).length === 0) return toPest(current);
    try {
      const row = await this.repository.update(id, changes);
      if (!row) throw AppError.notFound(PestMessages.notFound);
      return toPest(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(PestMessages.nameTaken);
      throw error;
    }
  }
}
