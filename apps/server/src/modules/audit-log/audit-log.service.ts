import { DEFAULT_PAGE_SIZE, type AuditLogPage, type AuditLogQuery } from '@rondin/contracts';
import { pageWindow } from '../../lib/search.js';
import type { AuditLogRepository, ChainBreak } from './audit-log.repository.js';

/** What checking the chain found: every row holds, or the first that does not and why. */
export interface AuditLogCheck {
  /** Rows in the log. */
  rows: number;
  last: { id: number; at: Date; hash: string } | undefined;
  broken:
    | (Omit<ChainBreak, 'previousId' | 'linked' | 'sound'> & {
        /** missing: rows taken out just before it (`missing` holds their ids); unlinked: its link to the previous
         * row does not hold (a row before it replaced, put in or moved); altered: its content is not what was written. */
        problem: 'missing' | 'unlinked' | 'altered';
        missing?: { from: number; to: number };
      })
    | undefined;
}

/** The change log (modules/audit-log/README.md): its pages for the office, and the check of its chain. */
export class AuditLogService {
  constructor(private readonly repository: AuditLogRepository) {}

  async page(query: AuditLogQuery): Promise<AuditLogPage> {
    const { page, pageSize, offset } = pageWindow(query, DEFAULT_PAGE_SIZE);
    const { items, total } = await this.repository.page(query, { pageSize, offset });
    return { items, total, page, pageSize };
  }

  /** Walks the whole chain in one snapshot. */
  async check(): Promise<AuditLogCheck> {
    const { rows, last, broken } = await this.repository.check();
    if (!broken) return { rows, last, broken: undefined };
    const { previousId, linked, sound, ...row } = broken;
    const expected = (previousId ?? 0) + 1;
    if (row.id !== expected) {
      return { rows, last, broken: { ...row, problem: 'missing', missing: { from: expected, to: row.id - 1 } } };
    }
    return { rows, last, broken: { ...row, problem: linked ? 'altered' : 'unlinked' } };
  }
}
