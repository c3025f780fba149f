import {
  type AcceptProgrammeBody,
  type ProgrammeCoverage,
  type ProgrammeCoverageRow,
  type ProgrammeFrequency,
  ProgrammeMessages,
  type ProgrammeVersion,
  type SaveProgrammeBody,
  type ServiceFrequency,
  SiteMessages,
  type TrapType,
} from '@rondin/contracts';
import type { AuthUser } from '../../lib/auth-user.js';
import { AppError } from '../../lib/app-error.js';
import { localDate, zonedInstant } from '../../lib/time-zone.js';
import { addDays, visitDates } from '../service-plans/plan-dates.js';
import type {
  CoverageDevice,
  CoverageInspection,
  ProgrammeRow,
  ProgrammeSite,
  ProgrammesRepository,
} from './programmes.repository.js';

/** The longest period a coverage answers: five years of days. */
const MAX_COVERAGE_DAYS = 5 * 366;
const TECHNICAL_MANAGER = 'RESPONSABLE_TECNICO';

/** 2026-03-31 → 31/03/2026, as the messages and the screens write a day. */
const spanishDate = (date: string) => date.split('-').reverse().join('/');
const dayCount = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
const rowKey = (row: { type: string; zone: string | null }) => `${row.type}\u0000${row.zone ?? ''}`;

/**
 * The version in force on `date` among the approved ones (oldest first): the latest approved version whose
 * effectiveFrom has come. A version approved later but effective earlier than a newer one does not come back:
 * the higher number wins.
 */
export function versionInForce<T extends { version: number; effectiveFrom: string }>(
  approved: readonly T[],
  date: string,
): T | undefined {
  let found: T | undefined;
  for (const version of approved) {
    if (version.effectiveFrom <= date && (!found || version.version > found.version)) found = version;
  }
  return found;
}

/**
 * Whether a device was in service at some instant of [from, to), from its history rather than its state today:
 * registered before `to`, and active at `from` (the state its last change before `from` left, else the one before
 * its first change, else today's), or made active within the window. reports/coverage.repository inServiceSql's
 * rule.
 */
function inService(device: CoverageDevice, from: Date, to: Date): boolean {
  if (device.createdAt >= to) return false;
  const before = device.changes.filter((change) => change.at < from);
  const activeAtStart =
    before.length > 0
      ? before[before.length - 1]!.isActive
      : device.changes.length > 0
        ? !device.changes[0]!.isActive
        : device.isActive;
  return activeAtStart || device.changes.some((change) => change.at >= from && change.at < to && change.isActive);
}

/**
 * Whether a device of `type` in `area` is one of the row's: a row of an area holds that area's devices of the
 * type; a row of every area (zone null) those of the type whose area has no row of its own in the version.
 */
function belongsTo(
  device: { type: TrapType; area: string | null },
  row: { type: TrapType; zone: string | null },
  frequencies: readonly ProgrammeFrequency[],
): boolean {
  if (device.type !== row.type) return false;
  if (row.zone !== null) return device.area === row.zone;
  return !frequencies.some((other) => other.type === row.type && other.zone !== null && other.zone === device.area);
}

/**
 * A site's control programme (DESIGN-plant.md, "Control programme and assessments"), versioned: each save is the
 * next version, approved by a technical manager and accepted by a person of the client. Other modules use
 * `programmeInForce` and `contractedCoverage` (the quarterly review, the audit pack).
 */
export class ProgrammesService {
  constructor(
    private readonly repository: ProgrammesRepository,
    private readonly options: { timeZone: string },
  ) {}

  /**
   * The version of the site's programme in force on `date` (YYYY-MM-DD, the site's day), or null when no approved
   * version had come into force by then. 404 when the site does not exist.
   */
  async programmeInForce(siteId: number, date: string): Promise<ProgrammeVersion | null> {
    const site = await this.repository.site(siteId);
    if (!site) throw AppError.notFound(SiteMessages.notFound);
    const approved = await this.repository.approvedVersions(siteId);
    const found = versionInForce(approved, date);
    if (!found) return null;
    return (await this.toVersions(site, [found], approved))[0]!;
  }

  /** The version in force today in the site's calendar (what its plant reads in the portal), or null. */
  async programmeInForceToday(siteId: number): Promise<ProgrammeVersion | null> {
    const site = await this.repository.site(siteId);
    if (!site) throw AppError.notFound(SiteMessages.notFound);
    return this.programmeInForce(siteId, this.today(site));
  }

  /** The latest version, or with `at` the one in force that day; 404 (in Spanish) when there is none. */
  async current(user: AuthUser, siteId: number, at?: string): Promise<ProgrammeVersion> {
    const site = await this.readableSite(user, siteId);
    if (at !== undefined) {
      const found = await this.programmeInForce(siteId, at);
      if (!found) throw AppError.notFound(ProgrammeMessages.noneInForce(spanishDate(at)));
      return found;
    }
    const [newest] = await this.versionsOf(site);
    if (!newest) throw AppError.notFound(ProgrammeMessages.none);
    return newest;
  }

  /** Every version, newest first; an empty list when the site has none. */
  async versions(user: AuthUser, siteId: number): Promise<ProgrammeVersion[]> {
    return this.versionsOf(await this.readableSite(user, siteId));
  }

  /** Saves the whole programme as the site's next version (a draft until approved). */
  async save(user: AuthUser, siteId: number, body: SaveProgrammeBody): Promise<ProgrammeVersion> {
    const account = await this.repository.account(user.id);
    const saved = await this.repository.transaction(user, async (tx) => {
      const site = await this.repository.lockSite(tx, siteId);
      if (!site) throw AppError.notFound(SiteMessages.notFound);
      const latest = await this.repository.latest(tx, siteId);
      const seen = new Set<string>();
      for (const row of body.frequencies) {
        const key = rowKey(row);
        if (seen.has(key)) throw AppError.badRequest(ProgrammeMessages.repeatedFrequency(row.type, row.zone));
        seen.add(key);
      }
      // An area of the site's devices, or one the previous version named (kept while its devices are away).
      const areas = await this.repository.siteAreas(tx, siteId);
      for (const row of (latest?.frequencies ?? []) as ProgrammeFrequency[]) if (row.zone) areas.add(row.zone);
      const unknownAreas = [
        ...new Set(body.frequencies.flatMap((row) => (row.zone !== null && !areas.has(row.zone) ? [row.zone] : []))),
      ];
      if (unknownAreas.length > 0) throw AppError.badRequest(ProgrammeMessages.areaNotInSite(unknownAreas));
      const found = new Set((await this.repository.productsById(body.permittedProductIds, tx)).map((row) => row.id));
      const unknownProducts = body.permittedProductIds.filter((id) => !found.has(id));
      if (unknownProducts.length > 0) throw AppError.badRequest(ProgrammeMessages.unknownProducts(unknownProducts));
      return this.repository.insert(tx, {
        siteId,
        version: (latest?.version ?? 0) + 1,
        effectiveFrom: body.effectiveFrom ?? this.today(site),
        scope: body.scope,
        targetPestGroups: body.targetPestGroups,
        methods: body.methods,
        frequencies: body.frequencies,
        responseTimeHours: body.responseTimeHours,
        responsibilities: body.responsibilities,
        permittedProductIds: body.permittedProductIds,
        createdById: user.id,
        createdByName: account?.fullName ?? '',
      });
    });
    return this.one(siteId, saved.version);
  }

  /** Approves the site's latest version, as the signed-in account: only a technical manager approves. */
  async approve(user: AuthUser, siteId: number, version: number): Promise<ProgrammeVersion> {
    const account = await this.repository.account(user.id);
    if (account?.qualification !== TECHNICAL_MANAGER) throw AppError.forbidden(ProgrammeMessages.notTechnicalManager);
    await this.repository.transaction(user, async (tx) => {
      const site = await this.repository.lockSite(tx, siteId);
      if (!site) throw AppError.notFound(SiteMessages.notFound);
      const row = await this.repository.lockVersion(tx, siteId, version);
      if (!row) throw AppError.notFound(ProgrammeMessages.versionNotFound);
      if (row.approvedAt) {
        throw AppError.conflict(
          ProgrammeMessages.alreadyApproved(version, row.approvedByName ?? '', this.day(site, row.approvedAt)),
        );
      }
      const latest = await this.repository.latest(tx, siteId);
      if (latest && latest.version !== version) {
        throw AppError.conflict(ProgrammeMessages.notLatest(version, latest.version));
      }
      await this.repository.approve(tx, row.id, { id: user.id, fullName: account.fullName });
    });
    return this.one(siteId, version);
  }

  /** Records that a person of the client accepted an approved version on a day. */
  async accept(user: AuthUser, siteId: number, version: number, body: AcceptProgrammeBody): Promise<ProgrammeVersion> {
    if (body.contactId !== undefined && body.name !== undefined) {
      throw AppError.badRequest(ProgrammeMessages.contactAndName);
    }
    if (body.contactId === undefined && body.name === undefined)
      throw AppError.badRequest(ProgrammeMessages.acceptedBy);
    const account = await this.repository.account(user.id);
    await this.repository.transaction(user, async (tx) => {
      const site = await this.repository.lockSite(tx, siteId);
      if (!site) throw AppError.notFound(SiteMessages.notFound);
      const row = await this.repository.lockVersion(tx, siteId, version);
      if (!row) throw AppError.notFound(ProgrammeMessages.versionNotFound);
      if (!row.approvedAt) throw AppError.conflict(ProgrammeMessages.notApproved(version));
      if (row.acceptedOn) {
        throw AppError.conflict(
          ProgrammeMessages.alreadyAccepted(version, row.acceptedByName ?? '', spanishDate(row.acceptedOn)),
        );
      }
      if (body.date > this.today(site)) throw AppError.badRequest(ProgrammeMessages.acceptanceInFuture);
      const approvedOn = localDate(row.approvedAt, this.zoneOf(site));
      if (body.date < approvedOn) {
        throw AppError.badRequest(ProgrammeMessages.acceptanceBeforeApproval(spanishDate(approvedOn)));
      }
      let person = { name: body.name ?? '', role: body.role ?? null, contactId: null as number | null };
      if (body.contactId !== undefined) {
        const contact = await this.repository.contactOfSite(tx, body.contactId, site);
        if (!contact) throw AppError.badRequest(ProgrammeMessages.contactNotOfSite);
        person = { name: contact.name, role: contact.role, contactId: contact.id };
      }
      await this.repository.accept(
        tx,
        row.id,
        { date: body.date, ...person },
        { id: user.id, fullName: account?.fullName ?? '' },
      );
    });
    return this.one(siteId, version);
  }

  /** contractedCoverage for a reader of the site (the route). */
  async coverage(user: AuthUser, siteId: number, from: string, to: string): Promise<ProgrammeCoverage> {
    await this.readableSite(user, siteId);
    return this.contractedCoverage(siteId, from, to);
  }

  /**
   * Coverage against the contracted frequency over the days [from, to] (YYYY-MM-DD, both included, the site's
   * days). For each frequency row (device type × area) of the approved versions in force in the period, the period
   * is cut into whole windows of the row's frequency from `from` on (7 or 14 days; 1, 2 or 3 months counted from
   * `from`'s day, as service plans count them; a last window that does not fit whole is left out). A window is
   * owed when the version in force on its first day contracts the row and one of the row's devices was in service
   * in it; it is covered when every such device was inspected in it (a QR read or the printed code typed, as the
   * device coverage report counts inspections; an exception is not an inspection). Devices are read as they are
   * now (type and area); their being in service, from their history.
   */
  async contractedCoverage(siteId: number, from: string, to: string): Promise<ProgrammeCoverage> {
    if (to < from) throw AppError.badRequest(ProgrammeMessages.periodReversed);
    if (dayCount(from, to) > MAX_COVERAGE_DAYS) throw AppError.badRequest(ProgrammeMessages.periodTooLong);
    const site = await this.repository.site(siteId);
    if (!site) throw AppError.notFound(SiteMessages.notFound);
    const timeZone = this.zoneOf(site);
    const end = addDays(to, 1);
    const approved = await this.repository.approvedVersions(siteId);
    const days = [from, ...approved.map((row) => row.effectiveFrom).filter((day) => day > from && day <= to)];
    const used = new Map<number, ProgrammeRow>();
    for (const day of days) {
      const found = versionInForce(approved, day);
      if (found) used.set(found.version, found);
    }
    const versions = [...used.values()].sort((a, b) => a.version - b.version);
    const answer: ProgrammeCoverage = {
      siteId,
      from,
      to,
      timeZone,
      versions: versions.map(({ version, effectiveFrom }) => ({ version, effectiveFrom })),
      rows: [],
    };
    if (versions.length === 0) return answer;

    const instant = (day: string) => zonedInstant(day, '00:00', timeZone);
    const devices = await this.repository.coverageDevices(siteId, instant(end));
    const inspections = new Map<number, CoverageInspection[]>();
    for (const inspection of await this.repository.coverageInspections(siteId, instant(from), instant(end))) {
      const list = inspections.get(inspection.trapId) ?? [];
      list.push(inspection);
      inspections.set(inspection.trapId, list);
    }
    const rows = new Map<string, { type: TrapType; zone: string | null; frequency: ServiceFrequency }>();
    for (const version of versions) {
      for (const row of version.frequencies as ProgrammeFrequency[])
        rows.set(`${rowKey(row)}\u0000${row.frequency}`, row);
    }
    for (const row of rows.values()) {
      answer.rows.push(this.coverageRow(row, { from, end, approved, devices, inspections, instant }));
    }
    return answer;
  }

  private coverageRow(
    row: { type: TrapType; zone: string | null; frequency: ServiceFrequency },
    period: {
      from: string;
      end: string;
      approved: ProgrammeRow[];
      devices: CoverageDevice[];
      inspections: Map<number, CoverageInspection[]>;
      instant: (day: string) => Date;
    },
  ): ProgrammeCoverageRow {
    const result: ProgrammeCoverageRow = {
      ...row,
      visitsOwed: 0,
      visitsMade: 0,
      periodsCovered: 0,
      inspectionsOwed: 0,
      inspectionsDone: 0,
      periods: [],
      missed: [],
    };
    const visits = new Set<number>();
    const missed = new Map<number, ProgrammeCoverageRow['missed'][number]>();
    const bounds = visitDates({ frequency: row.frequency, startDate: period.from }, period.from, period.end);
    for (let index = 0; index + 1 < bounds.length; index++) {
      const [windowFrom, windowTo] = [bounds[index]!, bounds[index + 1]!];
      const version = versionInForce(period.approved, windowFrom);
      const frequencies = (version?.frequencies ?? []) as ProgrammeFrequency[];
      const contracted = frequencies.find(
        (other) => rowKey(other) === rowKey(row) && other.frequency === row.frequency,
      );
      if (!version || !contracted) continue;
      const [start, stop] = [period.instant(windowFrom), period.instant(windowTo)];
      const owed = period.devices.filter(
        (device) => belongsTo(device, row, frequencies) && inService(device, start, stop),
      );
      if (owed.length === 0) continue;
      let inspected = 0;
      for (const device of owed) {
        const seen = (period.inspections.get(device.trapId) ?? []).filter(
          (inspection) => inspection.completedAt >= start && inspection.completedAt < stop,
        );
        for (const inspection of seen) visits.add(inspection.sessionId);
        if (seen.length > 0) {
          inspected++;
          continue;
        }
        const entry = missed.get(device.trapId) ?? {
          trapId: device.trapId,
          code: device.code,
          area: device.area,
          periods: [],
        };
        entry.periods.push(windowFrom);
        missed.set(device.trapId, entry);
      }
      result.visitsOwed++;
      result.inspectionsOwed += owed.length;
      result.inspectionsDone += inspected;
      if (inspected === owed.length) result.periodsCovered++;
      result.periods.push({
        from: windowFrom,
        to: windowTo,
        version: version.version,
        devices: owed.length,
        inspected,
      });
    }
    result.visitsMade = visits.size;
    // In the devices' order (code), as read.
    const order = new Map(period.devices.map((device, index) => [device.trapId, index]));
    result.missed = [...missed.values()].sort((a, b) => order.get(a.trapId)! - order.get(b.trapId)!);
    return result;
  }

  private async one(siteId: number, version: number): Promise<ProgrammeVersion> {
    const site = await this.repository.site(siteId);
    if (!site) throw AppError.notFound(SiteMessages.notFound);
    const found = (await this.versionsOf(site)).find((row) => row.version === version);
    if (!found) throw AppError.notFound(ProgrammeMessages.versionNotFound);
    return found;
  }

  private async versionsOf(site: ProgrammeSite): Promise<ProgrammeVersion[]> {
    const rows = await this.repository.versions(site.id);
    return this.toVersions(
      site,
      rows,
      rows.filter((row) => row.approvedAt !== null),
    );
  }

  /** The rows as the API answers them; `approved`: every approved version of the site, for `inForce`. */
  private async toVersions(
    site: ProgrammeSite,
    rows: ProgrammeRow[],
    approved: ProgrammeRow[],
  ): Promise<ProgrammeVersion[]> {
    const inForce = versionInForce(approved, this.today(site))?.version;
    const ids = [...new Set(rows.flatMap((row) => row.permittedProductIds))];
    const named = new Map((await this.repository.productsById(ids)).map((row) => [row.id, row]));
    return rows.map((row) => ({
      id: row.id,
      siteId: row.siteId,
      version: row.version,
      effectiveFrom: row.effectiveFrom,
      scope: row.scope,
      targetPestGroups: row.targetPestGroups as ProgrammeVersion['targetPestGroups'],
      methods: row.methods,
      frequencies: row.frequencies as ProgrammeVersion['frequencies'],
      responseTimeHours: row.responseTimeHours,
      responsibilities: row.responsibilities as ProgrammeVersion['responsibilities'],
      permittedProductIds: row.permittedProductIds,
      permittedProducts: row.permittedProductIds.map(
        (id) => named.get(id) ?? { id, name: `Producto ${id} (eliminado)`, isActive: false },
      ),
      savedAt: row.createdAt.toISOString(),
      savedBy: { id: row.createdById, fullName: row.createdByName },
      approval: row.approvedAt
        ? { at: row.approvedAt.toISOString(), by: { id: row.approvedById, fullName: row.approvedByName ?? '' } }
        : null,
      acceptance:
        row.acceptedOn && row.acceptanceRecordedAt
          ? {
              date: row.acceptedOn,
              name: row.acceptedByName ?? '',
              role: row.acceptedByRole,
              contactId: row.acceptedContactId,
              recordedAt: row.acceptanceRecordedAt.toISOString(),
              recordedBy: { id: row.acceptanceRecordedById, fullName: row.acceptanceRecordedByName ?? '' },
            }
          : null,
      inForce: row.version === inForce,
    }));
  }

  /**
   * The site for a reader: an administrator or a technical manager reads every site's programme; any other
   * technician, the sites where they have an order (404 for the others, as with plans).
   */
  private async readableSite(user: AuthUser, siteId: number): Promise<ProgrammeSite> {
    let scope: number | undefined;
    if (user.role !== 'ADMIN') {
      const account = await this.repository.account(user.id);
      if (account?.qualification !== TECHNICAL_MANAGER) scope = user.id;
    }
    const site = await this.repository.site(siteId, scope);
    if (!site) throw AppError.notFound(SiteMessages.notFound);
    return site;
  }

  private zoneOf(site: ProgrammeSite): string {
    return site.timeZone ?? this.options.timeZone;
  }

  private today(site: ProgrammeSite): string {
    return localDate(new Date(), this.zoneOf(site));
  }

  private day(site: ProgrammeSite, instant: Date): string {
    return spanishDate(localDate(instant, this.zoneOf(site)));
  }
}
