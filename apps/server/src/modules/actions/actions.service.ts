import {
  ACTION_TRANSITIONS,
  ActionMessages,
  SiteMessages,
  type ActionList,
  type ActionListQuery,
  type CorrectiveActionDetail,
  type CreateActionBody,
  type UpdateActionBody,
} from '@rondin/contracts';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { OrderEvents } from '../../lib/order-events.js';
import type { ActionChanges, ActionsRepository } from './actions.repository.js';

/** The fields PATCH may change besides the state, as the repository names them. */
const EDITABLE = [
  'severity',
  'description',
  'immediateCorrection',
  'productImpact',
  'rootCause',
  'preventiveAction',
  'responsible',
  'responsibleName',
  'dueDate',
  'verificationPlan',
  'verificationResult',
] as const;

/**
 * Corrective actions. Actions over a threshold are opened by the database in the finding's own transaction
 * (modules/thresholds/sql/rondin_record_breach.sql); here: the manual ones, and every state change, which a person makes.
 */
export class ActionsService {
  constructor(
    private readonly repository: ActionsRepository,
    private readonly events: Pick<OrderEvents, 'actionOpened'>,
  ) {}

  list(query: ActionListQuery): Promise<ActionList> {
    return this.repository.list(query);
  }

  async get(id: number): Promise<CorrectiveActionDetail> {
    const action = await this.repository.detail(id);
    if (!action) throw AppError.notFound(ActionMessages.notFound);
    return action;
  }

  async create(body: CreateActionBody, user: AuthUser): Promise<CorrectiveActionDetail> {
    if (!(await this.repository.siteExists(body.siteId))) throw AppError.badRequest(SiteMessages.notFound);
    let area = body.area ?? null;
    if (body.trapId) {
      const trap = await this.repository.trapOfSite(body.trapId, body.siteId);
      if (!trap) throw AppError.badRequest(ActionMessages.trapOtherSite);
      area ??= trap.area;
    }
    const responsible = body.responsible ?? (body.origin === 'RECOMENDACION' ? 'CLIENTE' : 'EMPRESA');
    const id = await this.repository.insert({ ...body, area, responsible }, user.id);
    this.events.actionOpened(id);
    return this.get(id);
  }

  async update(id: number, body: UpdateActionBody, user: AuthUser): Promise<CorrectiveActionDetail> {
    let reopened = false;
    try {
      await this.repository.transaction(user, async (tx) => {
        const current = await this.repository.lock(tx, id);
        if (!current) throw AppError.notFound(ActionMessages.notFound);
        const changes: ActionChanges = {};
        for (const field of EDITABLE) {
          if (body[field] !== undefined) Object.assign(changes, { [field]: body[field] });
        }
        const to = body.status !== undefined && body.status !== current.status ? body.status : undefined;
        if (current.status === 'CERRADA' && to === undefined && Object.keys(changes).length > 0) {
          throw AppError.conflict(ActionMessages.closedReadOnly);
        }
        let note: string | null = null;
        if (to !== undefined) {
          if (!ACTION_TRANSITIONS[current.status].includes(to)) {
            throw AppError.conflict(ActionMessages.transition(current.status, to));
          }
          if (to === 'CERRADA') {
            if (!body.closingNote) throw AppError.badRequest(ActionMessages.closingNoteRequired);
            changes.closingNote = body.closingNote;
            changes.closedAt = new Date();
            changes.closedById = user.id;
            note = body.closingNote;
          } else if (current.status === 'CERRADA') {
            if (!body.reason) throw AppError.badRequest(ActionMessages.reasonRequired);
            changes.closedAt = null;
            changes.closedById = null;
            note = body.reason;
            reopened = true;
          }
          changes.status = to;
        }
        if (Object.keys(changes).length === 0) return;
        await this.repository.update(
          tx,
          id,
          changes,
          to === undefined ? null : { from: current.status, to, note, byId: user.id },
        );
      });
    } catch (error) {
      // Reopened while the device's breaches opened another action meanwhile.
      if (isUniqueViolation(error)) throw AppError.conflict(ActionMessages.anotherOpen);
      throw error;
    }
    if (reopened) this.events.actionOpened(id);
    return this.get(id);
  }
}
