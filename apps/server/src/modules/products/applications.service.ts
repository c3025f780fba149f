import { ApplicationMessages, SessionMessages, type Application, type PutApplicationBody } from '@rondin/contracts';
import type { Transaction } from '../../db/database.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import { localDate } from '../../lib/time-zone.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { OrderEvents } from '../../lib/order-events.js';
import type { ApplicationOrder, ApplicationsRepository } from './applications.repository.js';
import type { ProductRow } from './products.repository.js';

/** How far ahead of the server's clock a phone's end time may be, as for a scan's time. */
const DEVICE_CLOCK_AHEAD_MS = 2 * 60 * 1000;

const mayWrite = (user: AuthUser, technicianId: number) => user.role === 'ADMIN' || user.id === technicianId;

export interface StoredApplication {
  application: Application;
  /** False when the same clientApplicationId had been stored already: nothing new was kept. */
  created: boolean;
}

/**
 * Products applied during an order, from the phone's queue or the office. Every rule a product or an applicator
 * must meet is checked here, in the transaction that writes, with the order's row locked for share as findings
 * lock it: a close never passes an application, and nothing is added to a closed order.
 */
export class ApplicationsService {
  constructor(
    private readonly repository: ApplicationsRepository,
    private readonly events: OrderEvents,
    private readonly timeZone: string,
  ) {}

  async put(
    user: AuthUser,
    sessionId: number,
    clientApplicationId: string,
    body: PutApplicationBody,
  ): Promise<StoredApplication> {
    let technicianId = 0;
    const stored = await this.repository
      .transaction(async (tx) => {
        const order = await this.repository.lockOrder(tx, sessionId);
        if (!order || !mayWrite(user, order.technicianId)) throw AppError.notFound(SessionMessages.notFound);
        technicianId = order.technicianId;
        const replayed = await this.repository.byClientId(clientApplicationId, tx);
        if (replayed) return this.replay(replayed, sessionId);
        if (order.status === 'COMPLETED') throw AppError.conflict(SessionMessages.alreadyClosed);

        const endedAt = body.endedAt ? new Date(body.endedAt) : order.now;
        const startedAt = body.startedAt ? new Date(body.startedAt) : endedAt;
        if (startedAt > endedAt) throw AppError.badRequest(ApplicationMessages.endBeforeStart);
        if (endedAt.getTime() > order.now.getTime() + DEVICE_CLOCK_AHEAD_MS) {
          throw AppError.badRequest(ApplicationMessages.endInFuture);
        }
        const product = await this.repository.product(tx, body.productId);
        if (!product) throw AppError.badRequest(ApplicationMessages.productNotFound);
        await this.checkProduct(tx, order, product, startedAt);
        if (body.trapId && !(await this.repository.trapInOrder(tx, sessionId, body.trapId))) {
          throw AppError.badRequest(ApplicationMessages.trapNotInOrder);
        }
        if (body.targetPestId && !(await this.repository.activePest(tx, body.targetPestId))) {
          throw AppError.badRequest(ApplicationMessages.pestNotFound);
        }
        const id = await this.repository.insert(tx, {
          sessionId,
          clientApplicationId,
          productId: product.id,
          batch: body.batch,
          quantity: body.quantity,
          unit: body.unit,
          area: body.area ?? null,
          trapId: body.trapId ?? null,
          targetPestId: body.targetPestId ?? null,
          method: body.method,
          dose: body.dose ?? null,
          startedAt,
          endedAt,
          safetyIntervalHours: product.safetyIntervalHours,
          // The order's technician applied it, also when the office records it for them.
          applicatorId: order.technicianId,
          recordedById: user.id,
        });
        return { id, created: true };
      })
      .catch(async (error: unknown) => {
        // The same delivery twice at once: the second waited on the unique index; it answers what the first stored.
        if (!isUniqueViolation(error)) throw error;
        const replayed = await this.repository.byClientId(clientApplicationId);
        if (!replayed) throw error;
        return this.replay(replayed, sessionId);
      });
    if (stored.created) this.events.updated(technicianId, sessionId);
    return { application: (await this.repository.byId(stored.id))!, created: stored.created };
  }

  async list(user: AuthUser, sessionId: number): Promise<Application[]> {
    const technicianId = await this.repository.orderTechnicianId(sessionId);
    if (technicianId === undefined || !mayWrite(user, technicianId)) throw AppError.notFound(SessionMessages.notFound);
    return this.repository.ofOrder(sessionId);
  }

  /** While the order is open, by its technician or an administrator. */
  async remove(user: AuthUser, sessionId: number, clientApplicationId: string): Promise<void> {
    const technicianId = await this.repository.transaction(async (tx) => {
      const order = await this.repository.lockOrder(tx, sessionId);
      if (!order || !mayWrite(user, order.technicianId)) throw AppError.notFound(SessionMessages.notFound);
      if (order.status === 'COMPLETED') throw AppError.conflict(SessionMessages.alreadyClosed);
      if (!(await this.repository.delete(tx, sessionId, clientApplicationId))) {
        throw AppError.notFound(ApplicationMessages.notFound);
      }
      return order.technicianId;
    });
    this.events.updated(technicianId, sessionId);
  }

  private replay(replayed: { id: number; sessionId: number }, sessionId: number) {
    if (replayed.sessionId !== sessionId) throw AppError.conflict(ApplicationMessages.clientIdReused);
    return { id: replayed.id, created: false };
  }

  /**
   * Active, authorised on the day it was applied (in the site's zone), fit for a food plant (every site is
   * treated as one: README), and within what the applicator is qualified for.
   */
  private async checkProduct(
    tx: Transaction,
    order: ApplicationOrder,
    product: ProductRow,
    startedAt: Date,
  ): Promise<void> {
    if (!product.isActive) throw AppError.conflict(ApplicationMessages.productInactive);
    if (localDate(startedAt, order.siteTimeZone ?? this.timeZone) > product.authorisationExpiresAt) {
      throw AppError.conflict(ApplicationMessages.authorisationExpired(product.authorisationExpiresAt));
    }
    if (!product.foodIndustryAllowed) throw AppError.conflict(ApplicationMessages.notForFood);
    const applicator = await this.repository.applicator(tx, order.technicianId);
    if (!applicator) throw AppError.notFound(SessionMessages.notFound);
    if ((product.toxic || product.cmr) && applicator.qualification !== 'ESPECIAL') {
      throw AppError.conflict(ApplicationMessages.needsSpecial);
    }
    if (product.userCategory === 'ESPECIALIZADO' && applicator.qualification === null) {
      throw AppError.conflict(ApplicationMessages.needsQualification);
    }
  }
}
