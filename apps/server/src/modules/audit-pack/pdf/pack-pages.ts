import type { CoverageReport, HeatClass, Plan, PlanHeatDevice } from '@rondin/contracts';
import type { Letterhead } from '../../../lib/pdf-letterhead.js';
import { applyLetterhead } from '../../../lib/pdf-letterhead.js';
import {
  HEADER_BOTTOM,
  type KnownPages,
  MARGIN,
  SECTION_TITLE_HEIGHT,
  SectionedPdf,
} from '../../../lib/pdf-sections.js';
import { HEAT_KEY_HEIGHT, type PlanLayout } from '../../plans/plan-map.js';
import type { ProductTotal } from '../../products/applications.repository.js';
import type {
  PackAction,
  PackActivity,
  PackApplication,
  PackBreach,
  PackCertificate,
  PackDevice,
  PackException,
  PackFigures,
  PackSite,
  PackTechnician,
  PackThreshold,
  PackTrends,
  PackUnfinishedOrder,
} from '../audit-pack.repository.js';
import { dayText } from './pack-text.js';

/** A plan of the site as the pack draws it, twice: dated with its devices, then with the period's heat. */
export interface PackPlan {
  plan: Plan;
  devices: Pick<PlanHeatDevice, 'trapId' | 'x' | 'y' | 'type' | 'number' | 'code' | 'heat'>[];
  classOf: (trapId: number) => HeatClass;
  sheet: PlanSheet;
  layout: PlanLayout;
  /** The image sized for `layout` (printablePlanImage). */
  image: Buffer;
}

export interface PackData {
  site: PackSite;
  letterhead: Letterhead | undefined;
  period: { fromDay: string; toDay: string; from: Date; to: Date; timeZone: string };
  generatedAt: Date;
  /** SHA-256 of the records the pack is drawn from (recordsFingerprint), printed on the cover. */
  fingerprint: string;
  technicians: PackTechnician[];
  devices: PackDevice[];
  coverage: CoverageReport;
  /** The period's compliance figures, as GET /api/reports/compliance counts them: every count the pack prints. */
  figures: PackFigures;
  unfinishedOrders: PackUnfinishedOrder[];
  exceptions: PackException[];
  certificates: PackCertificate[];
  activity: PackActivity[];
  productTotals: ProductTotal[];
  applications: PackApplication[];
  thresholds: PackThreshold[];
  breaches: PackBreach[];
  actions: PackAction[];
  trends: PackTrends;
  plans: PackPlan[];
}

/**
 * A period in which the site had no device in service, no order and no action (before it existed, say): its
 * pack is its cover, the scope saying so, and the company, not a dozen empty sections.
 */
export const periodIsEmpty = (data: PackData): boolean =>
  data.devices.length === 0 && data.figures.totalSessions === 0 && data.actions.length === 0;

/** The sections, in the order an auditor reads them (DESIGN-audit.md); each starts on a page of its own. */
export const PACK_SECTIONS = [
  { id: 'scope', title: 'Alcance y responsabilidades' },
  { id: 'company', title: 'Empresa y personal' },
  { id: 'plans', title: 'Planos numerados y fechados' },
  { id: 'devices', title: 'Inventario de dispositivos' },
  { id: 'coverage', title: 'Cumplimiento de visitas y cobertura por dispositivo' },
  { id: 'certificates', title: 'Índice de certificados' },
  { id: 'activity', title: 'Actividad observada' },
  { id: 'treatments', title: 'Tratamientos y productos' },
  { id: 'thresholds', title: 'Umbrales y superaciones' },
  { id: 'actions', title: 'Acciones correctivas y recomendaciones' },
  { id: 'trends', title: 'Tendencias' },
  { id: 'heat', title: 'Mapa de calor' },
] as const;
export type PackSectionId = (typeof PACK_SECTIONS)[number]['id'];

/** The sections a pack holds: all, or those of an empty period's (periodIsEmpty). */
export const packSections = (data: PackData) =>
  periodIsEmpty(data)
    ? PACK_SECTIONS.filter((section) => section.id === 'scope' || section.id === 'company')
    : PACK_SECTIONS;

export const PACK_TITLE = 'Dossier de auditoría';
const PLAN_CAPTION_HEIGHT = 28;
/** Landscape sheets, in points. */
const SHEETS = { A4: { width: 841.89, height: 595.28 }, A3: { width: 1190.55, height: 841.89 } };
export type PlanSheet = keyof typeof SHEETS;

/**
 * Where a plan is drawn on its landscape sheet (A3 when A4 would crowd it, as the device map chooses), the same
 * in both of its sections, so its image is sized once: under the header, the section title and the plan's
 * caption, above the heat key and the footer.
 */
export function packPlanArea(sheet: PlanSheet) {
  const top = HEADER_BOTTOM + SECTION_TITLE_HEIGHT + PLAN_CAPTION_HEIGHT;
  return {
    left: MARGIN,
    top,
    width: SHEETS[sheet].width - 2 * MARGIN,
    height: SHEETS[sheet].height - MARGIN - top - HEAT_KEY_HEIGHT - 12,
  };
}

/** The pack's pages as its sections (pdf/*.ts) draw them: the shared section pieces, the data, the site's zone. */
export class PackPages extends SectionedPdf<PackSectionId> {
  readonly timeZone: string;

  constructor(
    doc: PDFKit.PDFDocument,
    readonly data: PackData,
    known: KnownPages<PackSectionId> | undefined,
    pace: () => Promise<void>,
  ) {
    const reference = `${data.site.name} · ${dayText(data.period.fromDay)} al ${dayText(data.period.toDay)}`;
    super(doc, { title: PACK_TITLE, reference, sections: PACK_SECTIONS }, known, pace);
    applyLetterhead(doc, data.letterhead);
    this.timeZone = data.period.timeZone;
  }
}
