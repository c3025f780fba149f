import {
  AUDIT_PACK_MAX_MONTHS,
  type AuditPackFormat,
  AuditPackMessages,
  type PackVerification,
  PackVerificationMessages,
  type AuditPackQuery,
  auditPackFileName,
  type HeatClass,
  markNumbers,
  SiteMessages,
} from '@rondin/contracts';
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { AppError } from '../../lib/app-error.js';
import type { LetterheadSource } from '../../lib/pdf-letterhead.js';
import type { PdfSeal } from '../../lib/pdf-signature.js';
import { newQrSlug } from '../../lib/qr-slug.js';
import { localDate, zonedInstant } from '../../lib/time-zone.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { printablePlanImage } from '../plans/plan-image.js';
import { planLayout } from '../plans/plan-map.js';
import type { PlanHeatRow } from '../plans/plans.repository.js';
import type { PlansService } from '../plans/plans.service.js';
import type { ApplicationsRepository } from '../products/applications.repository.js';
import type { AssessmentsService } from '../assessments/assessments.service.js';
import type { ProgrammesService } from '../programmes/programmes.service.js';
import type { CoverageService } from '../reports/coverage.service.js';
import { renderAuditPack } from './audit-pack-pdf.js';
import {
  PACK_TITLE,
  type PackAssessments,
  type PackData,
  type PackPlan,
  type PackProgramme,
  packPlanArea,
} from './pdf/pack-pages.js';
import type { AuditPackRepository, PackDevice } from './audit-pack.repository.js';
import { appendAnnexes, type PackAnnexes } from './pack-annexes.js';
import type { PackIssuesRepository } from './pack-issues.repository.js';
import { annexPages } from './pdf/annexes.js';

/** The period asked for, as days of the site's zone (both included) and as the instants [from, to). */
export interface PackPeriod {
  siteId: number;
  fromDay: string;
  toDay: string;
  from: Date;
  to: Date;
  timeZone: string;
}

/** Writes the Excel annex of a period, judged at `now`, to `output` (audit-pack-excel.ts). */
export type ExcelAnnexWriter = (
  period: { siteId: number; from: Date; to: Date; now: Date; timeZone: string },
  output: Writable,
) => Promise<void>;

export interface AuditPackOptions {
  timeZone: string;
  coverage: CoverageService;
  plans: PlansService;
  applications: ApplicationsRepository;
  company: LetterheadSource;
  excel: ExcelAnnexWriter;
  /** The company's digital signature over the finished PDF (modules/company), when it has a certificate set. */
  seal?: PdfSeal;
  /** Where each pack handed out is recorded, with the code its cover's QR carries. */
  issues: PackIssuesRepository;
  /** {PUBLIC_URL}/verificar/dossier/{code} is what the cover's QR holds. */
  publicUrl: string | undefined;
  /** The labels and safety data sheets of the products applied, annexed after the last section. */
  annexes: PackAnnexes;
  /** The site's control programme, its versions and coverage against the contracted frequency. */
  programmes: Pick<ProgrammesService, 'versions' | 'contractedCoverage'>;
  /** The site's signed assessments: diagnosis, annual survey, quarterly reviews. */
  assessments: Pick<AssessmentsService, 'list' | 'get'>;
}

/** What a pack is drawn from, with its fingerprint; the address that verifies it is added once it is issued. */
type PackRecords = Omit<PackData, 'verifyUrl'>;

/**
 * The office's view of a site, for a pack's public verification: it reads the plans of any site, as the
 * administrator who issued the pack did.
 */
const OFFICE: AuthUser = { id: 0, role: 'ADMIN', tokenVersion: 0 };

/** Plan images are embedded at this resolution in the pack: legible on paper, a few MB a plan. */
const PACK_PLAN_DPI = 150;

const pick = ({ trapId, code, type, heat }: PlanHeatRow) => ({ trapId, code, type, heat });

const shiftDay = (day: string, { months = 0, days = 0 }: { months?: number; days?: number }) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // Day 31 plus a month lands in the month after next: clamp to the target month's last day first.
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last) + days);
  return target.toISOString().slice(0, 10);
};

/** The calendar quarters that end within [fromDay, toDay] (YYYY-MM-DD), each as its first and last day. */
export function quartersEndingIn(fromDay: string, toDay: string): { from: string; to: string }[] {
  const quarters: { from: string; to: string }[] = [];
  let year = Number(fromDay.slice(0, 4));
  let quarter = Math.floor((Number(fromDay.slice(5, 7)) - 1) / 3);
  for (;;) {
    const from = `${year}-${String(quarter * 3 + 1).padStart(2, '0')}-01`;
    const to = new Date(Date.UTC(year, quarter * 3 + 3, 0)).toISOString().slice(0, 10);
    if (to > toDay) return quarters;
    quarters.push({ from, to });
    quarter = (quarter + 1) % 4;
    if (quarter === 0) year++;
  }
}

/**
 * SHA-256 of the records a pack is drawn from, for its cover (a PDF cannot print its own hash): the company,
 * site, period and every section's rows, without when it was made (nor the coverage's `asOf`), the logo or the plans' pictures (a plan
 * counts by its record: name, dates, devices and their heat). Two packs of a site and period share it exactly
 * when they hold the same records.
 */
export function recordsFingerprint(records: Omit<PackRecords, 'fingerprint'>): string {
  const { generatedAt: _made, letterhead, plans, coverage, annexes, ...rows } = records;
  const { asOf: _asOf, ...coverageRows } = coverage;
  const canonical = JSON.stringify({
    ...rows,
    coverage: coverageRows,
    company: letterhead ? { ...letterhead, logo: null } : null,
    annexes: annexes.map(({ document: _parsed, ...annex }) => annex),
    plans: plans.map(({ plan, devices, changes }) => ({ plan, devices, changes })),
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * The site's audit pack (DESIGN-audit.md "Certificates and the audit pack"): everything an auditor asks for over
 * a period, read once, then drawn as one PDF with an index, or written as the Excel annex.
 */
export class AuditPackService {
  constructor(
    private readonly repository: AuditPackRepository,
    private readonly options: AuditPackOptions,
  ) {}

  /** The days asked for, or the twelve months ending today in the site's zone; refused when reversed or too long. */
  async period(siteId: number, query: Pick<AuditPackQuery, 'from' | 'to'>, now = new Date()): Promise<PackPeriod> {
    const site = await this.repository.site(siteId);
    if (!site) throw AppError.notFound(SiteMessages.notFound);
    const timeZone = site.timeZone ?? this.options.timeZone;
    const toDay = query.to ?? (query.from ? shiftDay(query.from, { months: 12, days: -1 }) : localDate(now, timeZone));
    const fromDay = query.from ?? shiftDay(toDay, { months: -12, days: 1 });
    if (fromDay > toDay) throw AppError.badRequest(AuditPackMessages.fromAfterTo);
    if (toDay >= shiftDay(fromDay, { months: AUDIT_PACK_MAX_MONTHS })) {
      throw AppError.badRequest(AuditPackMessages.tooLong);
    }
    return {
      siteId,
      fromDay,
      toDay,
      from: zonedInstant(fromDay, '00:00', timeZone),
      to: zonedInstant(shiftDay(toDay, { days: 1 }), '00:00', timeZone),
      timeZone,
    };
  }

  fileName(site: string, period: PackPeriod, format: AuditPackFormat): string {
    return auditPackFileName(site, period.fromDay, period.toDay, format);
  }

  /**
   * The pack as a PDF stream: every figure read first, so a failure answers an error, not half a document. Each
   * one handed out is recorded with its fingerprint under a new code, which its cover's QR carries to
   * /verificar/dossier/{code} (under PUBLIC_URL, else the address the request came to, `origin`).
   */
  async pdf(
    user: AuthUser,
    siteId: number,
    query: AuditPackQuery,
    origin?: string,
  ): Promise<{ fileName: string; content: Readable }> {
    const now = new Date();
    const period = await this.period(siteId, query, now);
    const records = await this.data(user, period, now);
    const code = newQrSlug();
    await this.options.issues.issue(user, {
      code,
      siteId,
      fromDay: period.fromDay,
      toDay: period.toDay,
      timeZone: period.timeZone,
      issuedAt: now,
      issuedById: user.id,
      fingerprint: records.fingerprint,
    });
    const data: PackData = {
      ...records,
      verifyUrl: `${this.options.publicUrl ?? origin ?? ''}/verificar/dossier/${code}`,
    };
    const drawn = await renderAuditPack(data);
    const rendered = annexPages(data.annexes)
      ? await appendAnnexes(drawn, data.annexes, `${PACK_TITLE} · ${data.site.name}`)
      : drawn;
    const reason = `Dossier de auditoría · ${data.site.name} · ${period.fromDay} a ${period.toDay}`;
    const content = this.options.seal ? await this.options.seal(rendered, reason) : rendered;
    return { fileName: this.fileName(data.site.name, period, 'pdf'), content };
  }

  /**
   * The Excel annex as a stream: the period is checked first (a 400 or 404 is an answer, not a broken file),
   * then the annex's writer (audit-pack-excel.ts) writes into the stream as the reader takes it.
   */
  async excel(siteId: number, query: AuditPackQuery): Promise<{ fileName: string; content: Readable }> {
    const now = new Date();
    const period = await this.period(siteId, query, now);
    const writer = this.options.excel;
    const site = (await this.repository.site(siteId))!;
    const content = new PassThrough();
    writer({ siteId, from: period.from, to: period.to, now, timeZone: period.timeZone }, content).catch(
      (error: unknown) => content.destroy(error as Error),
    );
    return { fileName: this.fileName(site.name, period, 'excel'), content };
  }

  /**
   * An issued pack's verification: its fingerprint drawn again from the records as they are now, read as of the
   * moment it was issued (what was due then), over the same days of the same zone. One at a time: each draws a
   * whole pack's records, and the page is public.
   */
  verify(code: string): Promise<PackVerification> {
    const turn = this.verifying.then(() => this.verifyNow(code));
    this.verifying = turn.catch(() => undefined);
    return turn;
  }

  private verifying: Promise<unknown> = Promise.resolve();

  private async verifyNow(code: string): Promise<PackVerification> {
    const issued = await this.options.issues.find(code);
    if (!issued) throw AppError.notFound(PackVerificationMessages.notFound);
    const { fromDay, toDay, timeZone } = issued;
    const period = {
      siteId: issued.siteId,
      fromDay,
      toDay,
      from: zonedInstant(fromDay, '00:00', timeZone),
      to: zonedInstant(shiftDay(toDay, { days: 1 }), '00:00', timeZone),
      timeZone,
    };
    const records = await this.data(OFFICE, period, issued.issuedAt);
    return {
      site: records.site.name,
      client: records.site.client,
      company: records.letterhead?.name ?? null,
      fromDay,
      toDay,
      issuedAt: issued.issuedAt.toISOString(),
      fingerprint: issued.fingerprint,
      currentFingerprint: records.fingerprint,
      matches: records.fingerprint === issued.fingerprint,
    };
  }

  private async data(user: AuthUser, period: PackPeriod, now: Date): Promise<PackRecords> {
    const range = { siteId: period.siteId, from: period.from, to: period.to, now };
    // Independent reads, at once: on PostgreSQL each takes a connection of the pool (PGlite runs them in turn).
    // The plans draw the inventory's devices as they stood.
    const devices = this.repository.devices(range);
    const [
      site,
      letterhead,
      technicians,
      inventory,
      coverage,
      figures,
      unfinishedOrders,
      exceptions,
      certificates,
      activity,
      productTotals,
      applications,
      thresholds,
      breaches,
      actions,
      sightings,
      remoteEvents,
      trends,
      plans,
    ] = await Promise.all([
      this.repository.site(period.siteId).then((found) => found!),
      this.options.company(),
      this.repository.technicians(range),
      devices,
      this.options.coverage.coverage(
        { siteId: period.siteId, from: period.from.toISOString(), to: period.to.toISOString(), interval: 'month' },
        now,
      ),
      this.repository.figures(range),
      this.repository.unfinishedOrders(range),
      this.repository.exceptions(range),
      this.repository.certificates(range),
      this.repository.activity(range),
      this.options.applications.siteTotals(range),
      this.repository.applications(range),
      this.repository.thresholds(range),
      this.repository.breaches(range),
      this.repository.actions(range),
      this.repository.sightings(range),
      this.repository.remoteEvents(range),
      this.repository.trends(range, period.timeZone),
      devices.then((list) => this.plans(user, period, list)),
    ]);
    const [programme, assessments] = await Promise.all([this.programme(period), this.assessments(period)]);
    const annexes = await this.options.annexes.of([...new Set(productTotals.map((total) => total.productId))]);
    const records = {
      annexes,
      site,
      letterhead,
      period,
      generatedAt: now,
      technicians,
      devices: inventory,
      coverage,
      figures,
      unfinishedOrders,
      exceptions,
      certificates,
      activity,
      productTotals,
      applications,
      thresholds,
      breaches,
      actions,
      sightings,
      remoteEvents,
      trends,
      plans,
      programme,
      assessments,
    };
    return { ...records, fingerprint: recordsFingerprint(records) };
  }

  /** Every version of the programme, those in force in the period, and coverage against their frequencies. */
  private async programme(period: PackPeriod): Promise<PackProgramme> {
    const [versions, coverage] = await Promise.all([
      this.options.programmes.versions(OFFICE, period.siteId),
      this.options.programmes.contractedCoverage(period.siteId, period.fromDay, period.toDay),
    ]);
    const oldestFirst = versions.reverse().map(({ inForce: _today, ...version }) => version);
    return { versions: oldestFirst, inPeriod: coverage.versions.map((version) => version.version), coverage };
  }

  /**
   * The site's signed assessments as the pack shows them, each the last revision of its chain: the latest diagnosis
   * and annual survey performed by the period's end, and the review of each quarter that ended within it.
   */
  private async assessments(period: PackPeriod): Promise<PackAssessments> {
    const { items } = await this.options.assessments.list(period.siteId);
    const final = items.filter((item) => item.status !== 'BORRADOR' && item.supersededBy === null);
    const latest = (kind: 'DIAGNOSTICO' | 'REVISION_ANUAL') =>
      final
        .filter((item) => item.kind === kind && localDate(new Date(item.performedAt), period.timeZone) <= period.toDay)
        .sort((a, b) => b.performedAt.localeCompare(a.performedAt))[0];
    const quarters = quartersEndingIn(period.fromDay, period.toDay).map((quarter) => ({
      ...quarter,
      reviewId:
        final.find((item) => item.kind === 'REVISION_TRIMESTRAL' && item.periodFrom === quarter.from)?.id ?? null,
    }));
    const chosen = [latest('DIAGNOSTICO'), latest('REVISION_ANUAL')];
    const [diagnosis, annual, ...quarterly] = await Promise.all(
      [...chosen, ...quarters.map((quarter) => (quarter.reviewId === null ? undefined : { id: quarter.reviewId }))].map(
        (item) => (item ? this.options.assessments.get(item.id) : Promise.resolve(null)),
      ),
    );
    const reviews = quarterly.filter((review) => review !== null);
    const actionIds = [diagnosis, annual, ...reviews].flatMap((assessment) =>
      (assessment?.recommendations ?? []).flatMap((recommendation) =>
        recommendation.actionId === null ? [] : [recommendation.actionId],
      ),
    );
    return {
      diagnosis: diagnosis ?? null,
      annual: annual ?? null,
      quarterly: reviews,
      quarters,
      recommendations: await this.repository.recommendationStates(period.siteId, actionIds),
    };
  }

  /**
   * Each plan as it was in the period: the devices of the pack's inventory (`devices`) where they stood when it
   * ended, numbered by markNumbers, with their heat over it; its changes within it and the revisions in force at
   * each end; its image sized once for both of its pages. A plan made after the period is left out.
   */
  private async plans(user: AuthUser, period: PackPeriod, devices: PackDevice[]): Promise<PackPlan[]> {
    const service = this.options.plans;
    const list = (await service.list(user, period.siteId)).filter((plan) => new Date(plan.createdAt) < period.to);
    if (!list.length) return [];
    const { placed, plans: history } = await service.overPeriod(period.siteId, period);
    const inventory = new Set(devices.filter((device) => device.createdAt < period.to).map((d) => d.trapId));
    const shown = new Set(list.map((plan) => plan.id));
    const drawn = [...placed].filter(([trapId, place]) => inventory.has(trapId) && shown.has(place.planId));
    const changed = list.flatMap((plan) => history.get(plan.id)?.changes.map((change) => change.trapId) ?? []);
    const rows = await service.devicesHeat([...new Set([...drawn.map(([trapId]) => trapId), ...changed])], period);
    const byId = new Map(rows.map((row) => [row.trapId, row]));
    const names = new Map(list.map((plan) => [plan.id, plan.name]));
    const plans: PackPlan[] = [];
    for (const plan of list) {
      const onPlan = rows.filter((row) => placed.get(row.trapId)?.planId === plan.id && inventory.has(row.trapId));
      const numbers = markNumbers(onPlan.map((row) => row.code));
      const planDevices = onPlan.map((row, index) => {
        const place = placed.get(row.trapId)!;
        return { ...pick(row), x: place.x, y: place.y, since: place.since, number: numbers[index]! };
      });
      const past = history.get(plan.id);
      const classes = new Map<number, HeatClass>(planDevices.map((device) => [device.trapId, device.heat]));
      const layout = planLayout(plan, planDevices.length, packPlanArea(planDevices), PACK_PLAN_DPI);
      const served = await service.image(user, plan.id);
      const image = await printablePlanImage(await buffer(served.open()), layout.pixels, plan.mediaType);
      plans.push({
        plan,
        devices: planDevices,
        changes: (past?.changes ?? []).map((change) => ({
          at: change.at,
          code: byId.get(change.trapId)?.code ?? `#${change.trapId}`,
          kind: change.kind,
          otherPlan: change.otherPlanId === null ? null : (names.get(change.otherPlanId) ?? 'un plano eliminado'),
        })),
        revisionAtStart: past?.atStart ?? null,
        revisionAtEnd: past?.atEnd ?? null,
        classOf: (trapId) => classes.get(trapId) ?? 'SIN_DATOS',
        layout,
        image,
      });
    }
    return plans;
  }
}
