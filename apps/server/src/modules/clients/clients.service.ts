import {
  CLIENT_PAGE_LIMIT,
  type Client,
  type ClientDetail,
  ClientMessages,
  type Contact,
  type CreateClientBody,
  type CreateContactBody,
  type UpdateClientBody,
  type UpdateContactBody,
} from '@rondin/contracts';
import type { Actor } from '../../db/audit.js';
import type { Transaction } from '../../db/database.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import type {
  ClientChanges,
  ClientsRepository,
  ClientWithCounts,
  ContactChanges,
  ContactRow,
} from './clients.repository.js';

export function toClient(row: ClientWithCounts): Client {
  return {
    id: row.id,
    name: row.name,
    taxId: row.taxId,
    address: row.address,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    siteCount: row.siteCount,
    contactCount: row.contactCount,
  };
}

type ContactRead = Omit<ContactRow, 'siteIds'> & { siteIds: number[] };

function toContact(row: ContactRead): Contact {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    role: row.role,
    email: row.email,
    phone: row.phone,
    siteIds: row.siteIds,
    notifyCertificates: row.notifyCertificates,
    notifyActions: row.notifyActions,
    notifyReviews: row.notifyReviews,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Clients as records and their contacts (DESIGN-plant.md, "Clients and contacts"). ADMIN only, by the routes. */
export class ClientsService {
  constructor(private readonly repository: ClientsRepository) {}

  async list(): Promise<Client[]> {
    return (await this.repository.list()).map(toClient);
  }

  async get(id: number): Promise<ClientDetail> {
    const row = await this.repository.findById(id);
    if (!row) throw AppError.notFound(ClientMessages.notFound);
    const [sites, actions, orders] = await Promise.all([
      this.repository.sites(id),
      this.repository.openActions(id, CLIENT_PAGE_LIMIT),
      this.repository.openOrders(id, CLIENT_PAGE_LIMIT),
    ]);
    return {
      ...toClient(row),
      sites,
      openActions: actions.rows.map((action) => ({
        ...action,
        status: action.status === 'EN_CURSO' ? 'EN_CURSO' : 'ABIERTA',
      })),
      openActionCount: actions.total,
      nextVisits: orders.rows.map((order) => ({
        ...order,
        status: order.status === 'IN_PROGRESS' ? 'IN_PROGRESS' : 'PENDING',
        scheduledAt: order.scheduledAt?.toISOString() ?? null,
      })),
      nextVisitCount: orders.total,
    };
  }

  async create(actor: Actor, input: CreateClientBody): Promise<Client> {
    if (await this.repository.nameTaken(input.name)) throw AppError.conflict(ClientMessages.nameTaken);
    try {
      const row = await this.repository.insert(actor, {
        name: input.name,
        taxId: input.taxId ?? null,
        address: input.address ?? null,
        isActive: input.isActive,
      });
      return toClient({ ...row, siteCount: 0, contactCount: 0 });
    } catch (error) {
      // Another request took the name between the check and the insert.
      if (isUniqueViolation(error)) throw AppError.conflict(ClientMessages.nameTaken);
      throw error;
    }
  }

  /**
   * A client with an active site stays active: its sites' documents and orders name it. A rename reaches its
   * sites' `client` text in the same transaction (trigger clients_site_names).
   */
  async update(actor: Actor, id: number, input: UpdateClientBody): Promise<ClientDetail> {
    if (input.name !== undefined && (await this.repository.nameTaken(input.name, id))) {
      throw AppError.conflict(ClientMessages.nameTaken);
    }
    const changes: ClientChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.taxId !== undefined) changes.taxId = input.taxId;
    if (input.address !== undefined) changes.address = input.address;
    if (input.isActive !== undefined) changes.isActive = input.isActive;
    try {
      await this.repository.transaction(actor, async (tx) => {
        if (!(await this.repository.lock(tx, id))) throw AppError.notFound(ClientMessages.notFound);
        if (changes.isActive === false && (await this.repository.hasActiveSites(tx, id))) {
          throw AppError.conflict(ClientMessages.hasActiveSites);
        }
        if (Object.keys(changes).length > 0) await this.repository.update(tx, id, changes);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(ClientMessages.nameTaken);
      throw error;
    }
    return this.get(id);
  }

  async contacts(clientId: number): Promise<Contact[]> {
    if (!(await this.repository.findById(clientId))) throw AppError.notFound(ClientMessages.notFound);
    return (await this.repository.contacts(clientId)).map(toContact);
  }

  async createContact(actor: Actor, clientId: number, input: CreateContactBody): Promise<Contact> {
    const id = await this.repository.transaction(actor, async (tx) => {
      if (!(await this.repository.lock(tx, clientId))) throw AppError.notFound(ClientMessages.notFound);
      const values = {
        name: input.name,
        role: input.role,
        email: input.email ?? null,
        phone: input.phone ?? null,
        siteIds: input.siteIds,
        notifyCertificates: input.notifyCertificates,
        notifyActions: input.notifyActions,
        notifyReviews: input.notifyReviews,
      };
      await this.refuseContact(tx, clientId, values);
      return this.repository.insertContact(tx, { clientId, ...values });
    });
    return toContact((await this.repository.findContact(id))!);
  }

  async updateContact(actor: Actor, id: number, input: UpdateContactBody): Promise<Contact> {
    await this.repository.transaction(actor, async (tx) => {
      const clientId = await this.repository.lockContact(tx, id);
      if (clientId === undefined) throw AppError.notFound(ClientMessages.contactNotFound);
      const current = (await this.repository.findContact(id, tx))!;
      const changes: ContactChanges = {};
      for (const key of [
        'name',
        'role',
        'email',
        'phone',
        'siteIds',
        'notifyCertificates',
        'notifyActions',
        'notifyReviews',
      ] as const) {
        if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
      }
      await this.refuseContact(tx, clientId, { ...current, ...changes } as ContactRead, changes.siteIds);
      if (Object.keys(changes).length > 0) await this.repository.updateContact(tx, id, changes);
    });
    return toContact((await this.repository.findContact(id))!);
  }

  async deleteContact(actor: Actor, id: number): Promise<void> {
    await this.repository.transaction(actor, async (tx) => {
      if ((await this.repository.lockContact(tx, id)) === undefined) {
        throw AppError.notFound(ClientMessages.contactNotFound);
      }
      await this.repository.deleteContact(tx, id);
    });
  }

  /**
   * A contact is sent things by email, so asking for any needs one; the sites it is limited to must be its
   * client's (checked only for the ids being written: a site that later leaves the client is dropped when read).
   */
  private async refuseContact(
    tx: Transaction,
    clientId: number,
    contact: Pick<ContactRead, 'email' | 'notifyCertificates' | 'notifyActions' | 'notifyReviews' | 'siteIds'>,
    siteIds: number[] | undefined = contact.siteIds,
  ): Promise<void> {
    if (!contact.email && (contact.notifyCertificates || contact.notifyActions || contact.notifyReviews)) {
      throw AppError.badRequest(ClientMessages.notifyWithoutEmail);
    }
    if (siteIds === undefined || siteIds.length === 0) return;
    const own = await this.repository.siteIdsOf(tx, clientId, siteIds);
    if (siteIds.some((siteId) => !own.has(siteId))) throw AppError.badRequest(ClientMessages.siteNotOfClient);
  }
}
