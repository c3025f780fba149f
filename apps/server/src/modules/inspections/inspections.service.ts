import { DEFAULT_PAGE_SIZE, type InspectionListQuery, type InspectionPage } from '@rondin/contracts';
import { pageWindow } from '../../lib/search.js';
import type { InspectionsRepository } from './inspections.repository.js';

/** The office's list of inspections: every device scanned or accounted for, with what was found. Read only. */
export class InspectionsService {
  constructor(private readonly repository: InspectionsRepository) {}

  async page(query: InspectionListQuery): Promise<InspectionPage> {
    const { page, pageSize, offset } = pageWindow(query, DEFAULT_PAGE_SIZE);
    const { rows, total } = await this.repository.page(query, { pageSize, offset });
    return { items: rows, total, page, pageSize };
  }
}
