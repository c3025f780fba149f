import {
  LabelReprintMessages,
  type LabelReprint,
  type LabelReprintListQuery,
  type PrintLabelReprintsBody,
} from '@rondin/contracts';
import { buffer } from 'node:stream/consumers';
import { AppError } from '../../lib/app-error.js';
import type { LetterheadSource } from '../../lib/pdf-letterhead.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { renderLabelSheet } from '../traps/trap-labels.js';
import type { LabelReprintsRepository } from './label-reprints.repository.js';

export interface LabelReprintsOptions {
  /** Labels encode {publicUrl}/t/{slug} when set (config PUBLIC_URL), as the traps' labels do. */
  publicUrl?: string | undefined;
  company?: LetterheadSource | undefined;
}

/**
 * Labels to print again: a technician who typed a device's printed code (its label unreadable) queued one; the
 * office prints them on one sheet, and printing empties the queue.
 */
export class LabelReprintsService {
  constructor(
    private readonly repository: LabelReprintsRepository,
    private readonly options: LabelReprintsOptions = {},
  ) {}

  list(query: LabelReprintListQuery): Promise<LabelReprint[]> {
    return this.repository.pending(query.siteId);
  }

  /**
   * One label sheet of the pending reprints asked for, marked printed in the same transaction: the sheet is drawn
   * whole before it commits, so a sheet that could not be drawn leaves them pending, and two prints at once do
   * not both take them.
   */
  async print(user: AuthUser, body: PrintLabelReprintsBody): Promise<Buffer> {
    const letterhead = await this.options.company?.();
    return this.repository.transaction(async (tx) => {
      const pending = await this.repository.lockPending(tx, { ids: body?.ids, siteId: body?.siteId });
      if (body?.ids && pending.length !== body.ids.length) {
        throw AppError.badRequest(LabelReprintMessages.someNotPending);
      }
      if (pending.length === 0) throw AppError.conflict(LabelReprintMessages.noneToPrint);
      await this.repository.markPrinted(
        tx,
        pending.map((reprint) => reprint.id),
        user.id,
      );
      const labels = pending.map((reprint) => reprint.label);
      return buffer(
        renderLabelSheet(
          (async function* () {
            yield labels;
          })(),
          this.options.publicUrl,
          letterhead,
        ),
      );
    });
  }
}
