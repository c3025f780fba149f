import { ClientMessages, SiteMessages, type CreateSiteBody, type Site, type UpdateSiteBody } from '@rondin/contracts';
import type { Actor } from '../../db/audit.js';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { SiteChanges, SitesRepository, SiteWithCounts } from './sites.repository.js';

export function toSite(row: SiteWithCounts): Site {
  return {
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    client: row.client,
    address: row.address,
    timeZone: row.timeZone,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    trapCount: row.trapCount,
    sessionCount: row.sessionCount,
  };
}

/** "america/santiago" is the zone America/Santiago: stored as the zone database spells it. */
function canonicalZone(zone: string | null | undefined): string | null | undefined {
  if (!zone) return zone;
  return new Intl.DateTimeFormat('es', { timeZone: zone }).resolvedOptions().timeZone;
}

/** An administrator sees every site; a technician the sites of their own orders, and others look like they don't exist. */
const scopeOf = (user: AuthUser) => (user.role === 'ADMIN' ? {} : { technicianId: user.id });

export class SitesService {
  constructor(private readonly repository: SitesRepository) {}

  async list(user: AuthUser): Promise<Site[]> {
    return (await this.repository.list(scopeOf(user))).map(toSite);
  }

  async get(user: AuthUser, id: number): Promise<Site> {
    const row = await this.repository.findById(id, scopeOf(user));
    if (!row) throw AppError.notFound(SiteMessages.notFound);
    return toSite(row);
  }

  /** A site's client given by id must exist and be active (a body's reference: 400). */
  private async refuseClient(clientId: number): Promise<void> {
    const active = await this.repository.clientIsActive(clientId);
    if (active === undefined) throw AppError.badRequest(ClientMessages.notFound);
    if (!active) throw AppError.badRequest(ClientMessages.inactive);
  }

  /**
   * The site's client: clientId; else `client`, a name, found ignoring case or created; else a client of the
   * site's own name. The database finds or creates it, in the insert's transaction (trigger sites_client), the
   * one place that rule lives: the migration and restores of older backups rely on it too.
   */
  async create(actor: Actor, input: CreateSiteBody): Promise<Site> {
    if (await this.repository.nameTaken(input.name)) throw AppError.conflict(SiteMessages.nameTaken);
    if (input.clientId !== undefined) await this.refuseClient(input.clientId);
    try {
      const row = await this.repository.insert(actor, {
        name: input.name,
        ...(input.clientId !== undefined ? { clientId: input.clientId } : { client: input.client ?? null }),
        address: input.address ?? null,
        timeZone: canonicalZone(input.timeZone) ?? null,
        isActive: input.isActive,
      });
      return toSite({ ...row, trapCount: 0, sessionCount: 0 });
    } catch (error) {
      // Another request took the name between the check and the insert.
      if (isUniqueViolation(error)) throw AppError.conflict(SiteMessages.nameTaken);
      throw error;
    }
  }

  /**
   * The last active site cannot be deactivated: with none, no trap or order could be created, and the screens,
   * which ask for a site only when there are several, would have none to offer.
   */
  async update(actor: Actor, id: number, input: UpdateSiteBody): Promise<Site> {
    if (input.name !== undefined && (await this.repository.nameTaken(input.name, id))) {
      throw AppError.conflict(SiteMessages.nameTaken);
    }
    const changes: SiteChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.clientId !== undefined) {
      await this.refuseClient(input.clientId);
      changes.clientId = input.clientId;
    } else if (input.client === null) {
      throw AppError.badRequest(ClientMessages.siteNeedsClient);
    } else if (input.client !== undefined) {
      // Moves the site to the client of that name, found or created (trigger sites_client).
      changes.client = input.client;
    }
    if (input.address !== undefined) changes.address = input.address;
    if (input.timeZone !== undefined) changes.timeZone = canonicalZone(input.timeZone);
    if (input.isActive !== undefined) changes.isActive = input.isActive;
    try {
      const row = await this.repository.transaction(actor, async (tx) => {
        const active = changes.isActive === false ? await this.repository.lockActiveIds(tx) : [];
        if (!(await this.repository.findById(id, {}, tx))) throw AppError.notFound(SiteMessages.notFound);
        if (active.length === 1 && active[0] === id) throw AppError.conflict(SiteMessages.lastActive);
        if (Object.keys(changes).length > 0) await this.repository.update(tx, id, changes);
        return this.repository.findById(id, {}, tx);
      });
      return toSite(row!);
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(SiteMessages.nameTaken);
      throw error;
    }
  }

  /** Only a site with nothing in it: one with traps or orders is deactivated instead, and keeps its history. */
  async delete(actor: Actor, id: number): Promise<void> {
    try {
      await this.repository.transaction(actor, async (tx) => {
        const active = await this.repository.lockActiveIds(tx);
        if (!(await this.repository.findById(id, {}, tx))) throw AppError.notFound(SiteMessages.notFound);
        const usage = await this.repository.usage(tx, id);
        if (usage.traps || usage.sessions) throw AppError.conflict(SiteMessages.inUse);
        if (usage.plans) throw AppError.conflict(SiteMessages.hasPlans);
        if (active.length === 1 && active[0] === id) throw AppError.conflict(SiteMessages.lastActive);
        await this.repository.delete(tx, id);
      });
    } catch (error) {
      // A trap, order or plan added between the check and the delete: the foreign key refuses it.
      if (isForeignKeyViolation(error)) throw AppError.conflict(SiteMessages.inUse);
      throw error;
    }
  }
}
