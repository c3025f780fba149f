import type { Readable } from 'node:stream';
import {
  CreateTrapBody,
  DEFAULT_PAGE_SIZE,
  MAX_IMPORT_ROWS,
  MAX_LABELS_PER_SHEET,
  RISK_LEVELS,
  SiteMessages,
  TRAP_TYPES,
  TrapMessages,
  type Trap,
  type TrapAreaCount,
  type TrapAreasQuery,
  type TrapFileColumn,
  type TrapHistoryPage,
  type TrapHistoryQuery,
  type TrapImportProblem,
  type TrapImportResult,
  type TrapImportRow,
  type TrapListFilter,
  type TrapListQuery,
  type TrapPage,
  type UpdateTrapBody,
  ZONES,
} from '@rondin/contracts';
import { areaKey, areaVariantMessage, existingAreaVariant } from '@rondin/contracts/trap-areas';
import type { Actor } from '../../db/audit.js';
import { pageWindow } from '../../lib/search.js';
import { AppError, isForeignKeyViolation, isUniqueViolation, violatedConstraint } from '../../lib/app-error.js';
import { newQrSlug } from '../../lib/qr-slug.js';
import { parseTrapFile, type TrapFileFormat, writeTrapCsv, writeTrapXlsx } from './trap-file.js';
import {
  choiceProblem,
  type ImportSite,
  readRiskLevel,
  readTrapType,
  readZone,
  siteFinder,
} from './trap-import-cells.js';
import type { LetterheadSource } from '../../lib/pdf-letterhead.js';
import { type LabelTrap, renderLabel, renderLabelSheet } from './trap-labels.js';
import type { TrapChanges, TrapRow, TrapsRepository } from './traps.repository.js';

/** The contract's field for each column of an import file, to put a rule's message on its column. */
const FIELD_COLUMNS: Record<string, TrapFileColumn> = {
  code: 'codigo',
  area: 'area',
  description: 'descripcion',
  isActive: 'activa',
};

const YES = new Set(['si', 'sí', 's', 'true', 'verdadero', '1', 'x', 'activa', 'yes']);
const NO = new Set(['no', 'n', 'false', 'falso', '0', 'inactiva']);

/** An import with problems writes nothing: the 422 lists them all. */
export type ImportOutcome = TrapImportResult | { refused: true; message: string; problems: TrapImportProblem[] };

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('es')} ${count === 1 ? one : many}`;

/** A trap's write refused by a unique index, in Spanish: its code in the site, or its external id. */
function uniqueConflict(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  return AppError.conflict(
    violatedConstraint(error) === 'traps_external_id_key' ? TrapMessages.externalIdTaken : TrapMessages.codeTaken,
  );
}

export function toTrap(row: TrapRow): Trap {
  return {
    id: row.id,
    siteId: row.siteId,
    code: row.code,
    type: row.type,
    zone: row.zone,
    riskLevel: row.riskLevel,
    area: row.area,
    description: row.description,
    isActive: row.isActive,
    qrSlug: row.qrSlug,
    routeOrder: row.routeOrder,
    externalId: row.externalId,
    createdAt: row.createdAt.toISOString(),
  };
}

function toLabel(row: TrapRow, siteNames: Map<number, string> | null): LabelTrap {
  return {
    code: row.code,
    area: row.area,
    qrSlug: row.qrSlug,
    type: row.type,
    siteName: siteNames?.get(row.siteId) ?? null,
  };
}

export interface TrapsServiceOptions {
  /** Labels encode {publicUrl}/t/{slug} when set (config PUBLIC_URL). */
  publicUrl?: string | undefined;
  /** The company printed at the top of each label. */
  company?: LetterheadSource | undefined;
}

export class TrapsService {
  constructor(
    private readonly repository: TrapsRepository,
    private readonly options: TrapsServiceOptions = {},
  ) {}

  /** The trap a label's code belongs to: how a QR opened outside the app finds its trap. */
  async byQrSlug(qrSlug: string): Promise<Trap> {
    const row = await this.repository.findByQrSlug(qrSlug);
    if (!row) throw AppError.notFound(TrapMessages.noTrapForQr);
    return toTrap(row);
  }

  async list(): Promise<Trap[]> {
    return (await this.repository.list()).map(toTrap);
  }

  async page(query: TrapListQuery): Promise<TrapPage> {
    const { page, pageSize, offset } = pageWindow(query, DEFAULT_PAGE_SIZE);
    const { rows, total } = await this.repository.page(query, { pageSize, offset });
    return { items: rows.map(toTrap), total, page, pageSize };
  }

  areas(query: TrapAreasQuery): Promise<TrapAreaCount[]> {
    return this.repository.areas(query);
  }

  async get(id: number): Promise<Trap> {
    const row = await this.repository.findById(id);
    if (!row) throw AppError.notFound(TrapMessages.notFound);
    return toTrap(row);
  }

  /** The orders the trap was in, newest first, a page at a time. */
  async history(id: number, query: TrapHistoryQuery): Promise<TrapHistoryPage> {
    if (!(await this.repository.findById(id))) throw AppError.notFound(TrapMessages.notFound);
    const { page, pageSize, offset } = pageWindow(query, DEFAULT_PAGE_SIZE);
    const { rows, total } = await this.repository.history(id, { pageSize, offset });
    return {
      items: rows.map((row) => ({
        sessionId: row.sessionId,
        sessionStatus: row.sessionStatus,
        scheduledAt: row.scheduledAt?.toISOString() ?? null,
        closedAt: row.closedAt?.toISOString() ?? null,
        forceClosed: row.forceClosed,
        technician: { id: row.technicianId, fullName: row.technicianName },
        status: row.status,
        completedAt: row.completedAt?.toISOString() ?? null,
        completedBy: row.completedById !== null ? { id: row.completedById, fullName: row.completedByName ?? '' } : null,
        ...row.record,
      })),
      total,
      page,
      pageSize,
    };
  }

  /**
   * "bodega" next to an existing "Bodega" is the same place typed differently: refused, naming the area to
   * choose, so a plant never ends up with two areas a person cannot tell apart.
   */
  private async refuseAreaVariant(area: string | null | undefined, siteId: number): Promise<void> {
    if (!area) return;
    const existing = existingAreaVariant(area, await this.repository.areaNames(siteId));
    if (existing !== null) throw AppError.conflict(areaVariantMessage(area, existing));
  }

  /**
   * The site a trap written without one goes to: with one active site (every plant until it adds a second),
   * that one, so the screens need not ask; with several, the caller must say which.
   */
  private async siteFor(siteId: number | undefined): Promise<number> {
    if (siteId !== undefined) {
      const active = await this.repository.siteIsActive(siteId);
      if (active === undefined) throw AppError.badRequest(SiteMessages.notFound);
      if (!active) throw AppError.badRequest(SiteMessages.inactive);
      return siteId;
    }
    const active = await this.repository.activeSiteIds();
    if (active.length !== 1) throw AppError.badRequest(SiteMessages.choose);
    return active[0]!;
  }

  async create(actor: Actor, input: CreateTrapBody): Promise<Trap> {
    const siteId = await this.siteFor(input.siteId);
    if (await this.repository.codeTaken(input.code, siteId)) throw AppError.conflict(TrapMessages.codeTaken);
    await this.refuseAreaVariant(input.area, siteId);
    try {
      const row = await this.repository.insert(actor, {
        siteId,
        type: input.type,
        zone: input.zone ?? null,
        riskLevel: input.riskLevel ?? null,
        code: input.code,
        area: input.area ?? null,
        description: input.description ?? null,
        externalId: input.externalId ?? null,
        isActive: input.isActive,
        // 100 random bits: a collision is not a case worth a retry loop; the unique index would refuse it.
        qrSlug: newQrSlug(),
      });
      return toTrap(row);
    } catch (error) {
      throw uniqueConflict(error);
    }
  }

  async update(actor: Actor, id: number, input: UpdateTrapBody): Promise<Trap> {
    const current = await this.repository.findById(id);
    if (!current) throw AppError.notFound(TrapMessages.notFound);
    if (input.code !== undefined && (await this.repository.codeTaken(input.code, current.siteId, id))) {
      throw AppError.conflict(TrapMessages.codeTaken);
    }
    await this.refuseAreaVariant(input.area, current.siteId);
    const changes: TrapChanges = {};
    if (input.code !== undefined) changes.code = input.code;
    if (input.type !== undefined) changes.type = input.type;
    if (input.zone !== undefined) changes.zone = input.zone;
    if (input.riskLevel !== undefined) changes.riskLevel = input.riskLevel;
    if (input.area !== undefined) changes.area = input.area;
    if (input.description !== undefined) changes.description = input.description;
    if (input.externalId !== undefined) changes.externalId = input.externalId;
    if (input.isActive !== undefined) changes.isActive = input.isActive;
    try {
      const row =
        Object.keys(changes).length > 0
          ? await this.repository.update(actor, id, changes)
          : await this.repository.findById(id);
      if (!row) throw AppError.notFound(TrapMessages.notFound);
      return toTrap(row);
    } catch (error) {
      throw uniqueConflict(error);
    }
  }

  async delete(actor: Actor, id: number): Promise<void> {
    if (!(await this.repository.findById(id))) throw AppError.notFound(TrapMessages.notFound);
    if (await this.repository.isInAnyOrder(id)) throw AppError.conflict(TrapMessages.inUse);
    try {
      await this.repository.delete(actor, id);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw AppError.conflict(TrapMessages.inUse);
      throw error;
    }
  }

  /**
   * Reads a CSV or XLSX file of traps and checks every row with the rules of POST /traps (the text rule, the
   * code unique ignoring case in the plant and in the file, no variant of an existing area). A dry run answers
   * the preview; otherwise the rows are written in one transaction, and only when no row has a problem.
   */
  async importFile(
    actor: Actor,
    file: Buffer,
    format: TrapFileFormat,
    dryRun: boolean,
    siteId?: number,
  ): Promise<ImportOutcome> {
    const { rows: raw, headerProblems } = await parseTrapFile(file, format);
    if (raw.length === 0 && headerProblems.length === 0) {
      throw AppError.badRequest('El archivo no tiene filas de trampas bajo el encabezado.');
    }
    if (raw.length > MAX_IMPORT_ROWS) {
      throw AppError.badRequest(
        `El archivo tiene ${raw.length.toLocaleString('es')} filas; se pueden importar como máximo ${MAX_IMPORT_ROWS.toLocaleString('es')} a la vez.`,
      );
    }
    const sites = await this.repository.sites();
    const findSite = siteFinder(sites);
    // Imported from a site's page, every row is that site's.
    const given = siteId === undefined ? undefined : sites.find((site) => site.id === siteId);
    if (siteId !== undefined && !given) throw AppError.badRequest(SiteMessages.notFound);
    if (given && !given.isActive) throw AppError.badRequest(SiteMessages.inactive);
    const activeSites = given ? [given] : sites.filter((site) => site.isActive);
    const problems: TrapImportProblem[] = headerProblems.map((problem) => ({ row: 1, ...problem }));
    // Several active sites and no «sitio» column: said once, of the header, not again on every row.
    const siteUnsaid = activeSites.length > 1 && raw.every((line) => line.cells.sitio === undefined);
    if (siteUnsaid) {
      problems.push({
        row: 1,
        column: 'sitio',
        message: 'Hay varios sitios activos: añade la columna «sitio» con el sitio de cada trampa.',
      });
    }
    const rows: TrapImportRow[] = [];
    for (const line of raw) {
      const problem = (column: TrapFileColumn | null, message: string) =>
        problems.push({ row: line.row, column, message });
      if (line.extraCells > 0) problem(null, 'La fila tiene más celdas que columnas el encabezado.');
      const cell = (column: TrapFileColumn) => (line.cells[column] ?? '').trim();
      const active = cell('activa').toLowerCase();
      let isActive = true;
      if (active && NO.has(active)) isActive = false;
      else if (active && !YES.has(active))
        problem('activa', `«activa» debe ser «sí» o «no» (dice «${cell('activa')}»).`);
      const type = cell('tipo') ? readTrapType(cell('tipo')) : 'OTRO';
      if (!type) problem('tipo', choiceProblem('tipo', TRAP_TYPES, cell('tipo')));
      const zone = cell('zona') ? readZone(cell('zona')) : null;
      if (zone === undefined) problem('zona', choiceProblem('zona', ZONES, cell('zona')));
      const riskLevel = cell('riesgo') ? readRiskLevel(cell('riesgo')) : null;
      if (riskLevel === undefined) problem('riesgo', choiceProblem('riesgo', RISK_LEVELS, cell('riesgo')));
      let site: ImportSite | undefined;
      if (cell('sitio')) {
        site = findSite(cell('sitio'));
        if (!site) problem('sitio', `El sitio «${cell('sitio')}» no existe.`);
        else if (given && site.id !== given.id) {
          problem('sitio', `La fila es de «${site.name}»: aquí se importan solo dispositivos de «${given.name}».`);
          site = undefined;
        } else if (!site.isActive) problem('sitio', `El sitio «${site.name}» está inactivo.`);
      } else if (activeSites.length === 1) site = activeSites[0];
      else if (!siteUnsaid)
        problem('sitio', 'Hay varios sitios activos: indica el sitio de la trampa en la columna «sitio».');
      const parsed = CreateTrapBody.safeParse({
        code: line.cells.codigo ?? '',
        area: line.cells.area ?? null,
        description: line.cells.descripcion ?? null,
        isActive,
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) problem(FIELD_COLUMNS[String(issue.path[0])] ?? null, issue.message);
        continue;
      }
      if (!type || zone === undefined || riskLevel === undefined || !site?.isActive) continue;
      rows.push({
        row: line.row,
        code: parsed.data.code,
        area: parsed.data.area ?? null,
        description: parsed.data.description ?? null,
        isActive: parsed.data.isActive,
        type,
        zone,
        riskLevel,
        siteId: site.id,
        siteName: site.name,
      });
    }

    await this.checkImportRows(rows, problems);
    problems.sort((a, b) => a.row - b.row);

    if (dryRun) return { dryRun, rows, problems, created: 0 };
    if (problems.length > 0) {
      return {
        refused: true,
        message: `${plural(problems.length, 'problema', 'problemas')} en el archivo: no se importó ninguna trampa.`,
        problems,
      };
    }
    try {
      const created = await this.repository.insertAll(
        actor,
        rows.map((row) => ({
          siteId: row.siteId,
          code: row.code,
          type: row.type,
          zone: row.zone,
          riskLevel: row.riskLevel,
          area: row.area,
          description: row.description,
          isActive: row.isActive,
          qrSlug: newQrSlug(),
        })),
      );
      return { dryRun, rows, problems, created };
    } catch (error) {
      // Another import or form wrote one of these codes meanwhile: the transaction wrote nothing.
      if (isUniqueViolation(error)) throw AppError.conflict(`${TrapMessages.codeTaken} No se importó ninguna trampa.`);
      throw error;
    }
  }

  /**
   * Codes unique ignoring case in their site and in the file; no variant of an area the site (or an earlier row
   * for the same site) already spells otherwise.
   */
  private async checkImportRows(rows: TrapImportRow[], problems: TrapImportProblem[]): Promise<void> {
    const bySite = new Map<number, TrapImportRow[]>();
    for (const row of rows) {
      const siteRows = bySite.get(row.siteId);
      if (siteRows) siteRows.push(row);
      else bySite.set(row.siteId, [row]);
    }
    for (const [siteId, siteRows] of bySite) {
      const taken = await this.repository.takenCodes(
        siteRows.map((row) => row.code.toLowerCase()),
        siteId,
      );
      const inFile = new Map<string, number>();
      // Areas already in the plant, then each new one the file brings, by key: a later row must spell it the same.
      const areas = new Map<string, string>();
      for (const name of await this.repository.areaNames(siteId))
        if (!areas.has(areaKey(name))) areas.set(areaKey(name), name);
      const exact = new Set(areas.values());
      for (const row of siteRows) {
        const problem = (column: TrapFileColumn, message: string) => problems.push({ row: row.row, column, message });
        const code = row.code.toLowerCase();
        const earlier = inFile.get(code);
        if (taken.has(code)) problem('codigo', `${TrapMessages.codeTaken} («${row.code}»)`);
        else if (earlier !== undefined) problem('codigo', `El código «${row.code}» ya aparece en la fila ${earlier}.`);
        else inFile.set(code, row.row);
        if (row.area && !exact.has(row.area)) {
          const known = areas.get(areaKey(row.area));
          if (known !== undefined) problem('area', areaVariantMessage(row.area, known));
          else {
            areas.set(areaKey(row.area), row.area);
            exact.add(row.area);
          }
        }
      }
    }
  }

  /** The whole inventory, or one site's, in code order, as the import reads it. */
  async exportFile(format: TrapFileFormat, siteId?: number): Promise<Readable> {
    const siteNames = new Map((await this.repository.sites()).map((site) => [site.id, site.name]));
    const batches = this.repository.inBatches({ all: true, siteId }, 1000);
    return format === 'csv' ? writeTrapCsv(batches, siteNames) : writeTrapXlsx(batches, siteNames);
  }

  /**
   * Each site's name for the labels when the company has several sites (a label outlives a site's state, so
   * inactive ones count); null with one, and the labels look as they always did.
   */
  private async labelSiteNames(): Promise<Map<number, string> | null> {
    const sites = await this.repository.sites();
    return sites.length > 1 ? new Map(sites.map((site) => [site.id, site.name])) : null;
  }

  async label(id: number): Promise<PDFKit.PDFDocument> {
    const row = await this.repository.findById(id);
    if (!row) throw AppError.notFound(TrapMessages.notFound);
    const letterhead = await this.options.company?.();
    return renderLabel(toLabel(row, await this.labelSiteNames()), this.options.publicUrl, letterhead);
  }

  /**
   * The labels of the given traps, of those the list's filters match (a sheet of what the list shows, refused
   * over one sheet's limit), or of every active trap, on A4 sheets.
   */
  async labelSheet(choice: { ids?: number[] | undefined; filter?: TrapListFilter }): Promise<Readable> {
    const { ids } = choice;
    const filter = Object.values(choice.filter ?? {}).some((value) => value !== undefined) ? choice.filter : undefined;
    if (ids && (await this.repository.countExisting(ids)) !== ids.length) {
      throw AppError.notFound(TrapMessages.someMissing);
    }
    if (!ids && filter) {
      const found = await this.repository.countListMatches(filter);
      if (found > MAX_LABELS_PER_SHEET) {
        throw AppError.badRequest(TrapMessages.tooManyFilteredToPrint(found, MAX_LABELS_PER_SHEET));
      }
    }
    const batches = this.repository.inBatches(ids ? { ids } : filter ? { list: filter } : {});
    // Read the first batch before answering, so "nothing to print" is a clear 404 rather than an empty PDF.
    const first = await batches.next();
    if (first.done) throw AppError.notFound(filter ? TrapMessages.noneFilteredToPrint : TrapMessages.noneToPrint);
    const siteNames = await this.labelSiteNames();
    const letterhead = await this.options.company?.();
    return renderLabelSheet(
      (async function* () {
        yield first.value.map((row) => toLabel(row, siteNames));
        for await (const batch of batches) yield batch.map((row) => toLabel(row, siteNames));
      })(),
      this.options.publicUrl,
      letterhead,
    );
  }
}
