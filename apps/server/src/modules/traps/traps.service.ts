import type { Readable } from 'node:stream';
import {
  DEFAULT_PAGE_SIZE,
  TrapMessages,
  type CreateTrapBody,
  type Trap,
  type TrapAreaCount,
  type TrapListQuery,
  type TrapPage,
  type UpdateTrapBody,
} from '@rondin/contracts';
import { pageWindow } from '../../lib/search.js';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../lib/app-error.js';
import { newQrSlug } from '../../lib/qr-slug.js';
import { renderLabel, renderLabelSheet } from './trap-labels.js';
import type { TrapChanges, TrapRow, TrapsRepository } from './traps.repository.js';

export function toTrap(row: TrapRow): Trap {
  return {
    id: row.id,
    code: row.code,
    area: row.area,
    description: row.description,
    isActive: row.isActive,
    qrSlug: row.qrSlug,
    createdAt: row.createdAt.toISOString(),
  };
}

export class TrapsService {
  constructor(private readonly repository: TrapsRepository) {}

  async list(): Promise<Trap[]> {
    return (await this.repository.list()).map(toTrap);
  }

  async page(query: TrapListQuery): Promise<TrapPage> {
    const { page, pageSize, offset } = pageWindow(query, DEFAULT_PAGE_SIZE);
    const { rows, total } = await this.repository.page(query, { pageSize, offset });
    return { items: rows.map(toTrap), total, page, pageSize };
  }

  areas(q: string | undefined): Promise<TrapAreaCount[]> {
    return this.repository.areas(q);
  }

  async create(input: CreateTrapBody): Promise<Trap> {
    if (await this.repository.codeTaken(input.code)) throw AppError.conflict(TrapMessages.codeTaken);
    try {
      const row = await this.repository.insert({
        code: input.code,
        area: input.area ?? null,
        description: input.description ?? null,
        isActive: input.isActive,
        // 100 random bits: a collision is not a case worth a retry loop; the unique index would refuse it.
        qrSlug: newQrSlug(),
      });
      return toTrap(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(TrapMessages.codeTaken);
      throw error;
    }
  }

  async update(id: number, input: UpdateTrapBody): Promise<Trap> {
    if (input.code !== undefined && (await this.repository.codeTaken(input.code, id))) {
      throw AppError.conflict(TrapMessages.codeTaken);
    }
    const changes: TrapChanges = {};
    if (input.code !== undefined) changes.code = input.code;
    if (input.area !== undefined) changes.area = input.area;
    if (input.description !== undefined) changes.description = input.description;
    if (input.isActive !== undefined) changes.isActive = input.isActive;
    try {
      const row =
        Object.keys(changes).length > 0 ? await this.repository.update(id, changes) : await this.repository.findById(id);
      if (!row) throw AppError.notFound(TrapMessages.notFound);
      return toTrap(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(TrapMessages.codeTaken);
      throw error;
    }
  }

  async delete(id: number): Promise<void> {
    if (!(await this.repository.findById(id))) throw AppError.notFound(TrapMessages.notFound);
    if (await this.repository.isInAnyOrder(id)) throw AppError.conflict(TrapMessages.inUse);
    try {
      await this.repository.delete(id);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw AppError.conflict(TrapMessages.inUse);
      throw error;
    }
  }

  async label(id: number): Promise<PDFKit.PDFDocument> {
    const row = await this.repository.findById(id);
    if (!row) throw AppError.notFound(TrapMessages.notFound);
    return renderLabel(row);
  }

  /** The given traps, or every active trap when none are given, on A4 sheets. */
  async labelSheet(ids: number[] | undefined): Promise<Readable> {
    if (ids && (await this.repository.countExisting(ids)) !== ids.length) {
      throw AppError.notFound(TrapMessages.someMissing);
    }
    const batches = this.repository.inBatches({ ids });
    // Read the first batch before answering, so "nothing to print" is a clear 404 rather than an empty PDF.
    const first = await batches.next();
    if (first.done) throw AppError.notFound(TrapMessages.noneToPrint);
    return renderLabelSheet(
      (async function* () {
        yield first.value;
        yield* batches;
      })(),
    );
  }
}
