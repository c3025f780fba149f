import type {
  Assessment,
  CoverageReport,
  HeatClass,
  Plan,
  PlanHeatDevice,
  ProgrammeCoverage,
  ProgrammeVersion,
} from '@rondin/contracts';
import type { Letterhead } from '../../../lib/pdf-letterhead.js';
import { applyLetterhead } from '../../../lib/pdf-letterhead.js';
import {
  HEADER_BOTTOM,
  type KnownPages,
  MARGIN,
  SECTION_TITLE_HEIGHT,
  SectionedPdf,
} from '../../../lib/pdf-sections.js';
import type { PlanChangeKind } from '../../plans/plan-history.js';
import { type PlanLayout, typeKeyLayout } from '../../plans/plan-map.js';
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
  PackRecommendationState,
  PackRemoteEvent,
  PackSighting,
  PackSite,
  PackTechnician,
  PackThreshold,
  PackTrends,
  PackUnfinishedOrder,
} from '../audit-pack.repository.js';
import type { PackAnnex } from '../pack-annexes.js';
import { dayText } from './pack-text.js';

/** A device where it stood on the plan at the period's end, since when, and its mark's number. */
export type PackPlanDevice = Pick<PlanHeatDevice, 'trapId' | 'x' | 'y' | 'type' | 'number' | 'code' | 'heat'> & {
  since: Date;
};

/** One change of the plan within the period: a device put on it, moved, taken off, brought or taken elsewhere. */
export interface PackPlanChange {
  at: Date;
  code: string;
  kind: PlanChangeKind;
  /** The other plan's name, when the device came from one (ARRIVED) or went to one (LEFT). */
  otherPlan: string | null;
}

/**
 * A plan of the site as it was in the period (its devices' history of places), as the pack draws it twice: with
 * its devices and their key, then with the period's heat.
 */
export interface PackPlan {
  plan: Plan;
  /** Its devices at the period's end, in code order, numbered by markNumbers. */
  devices: PackPlanDevice[];
  /** Its changes in the period, oldest first. */
  changes: PackPlanChange[];
  /** Its revisions (last changes) in force when the period began and when it ended; null: none yet. */
  revisionAtStart: Date | null;
  revisionAtEnd: Date | null;
  classOf: (trapId: number) => HeatClass;
  layout: PlanLayout;
  /** The image sized for `layout` (printablePlanImage). */
  image: Buffer;
}

/** The site's control programme as the period knew it (modules/programmes). */
export interface PackProgramme {
  /** Every version, oldest first, without today's `inForce` (`inPeriod` says which ones the period knew). */
  versions: Omit<ProgrammeVersion, 'inForce'>[];
  /** The numbers of the approved versions in force on some day of the period. */
  inPeriod: number[];
  /** Coverage against the frequencies those versions contract, over the period. */
  coverage: ProgrammeCoverage;
}

/** The site's signed assessments the pack shows (modules/assessments): the corrected revision of each. */
export interface PackAssessments {
  /** The latest diagnosis and annual survey performed by the period's end. */
  diagnosis: Assessment | null;
  annual: Assessment | null;
  /** The reviews of the quarters that end within the period, oldest first. */
  quarterly: Assessment[];
  /** Each quarter that ended within the period, with its signed review's id (null: none). */
  quarters: { from: string; to: string; reviewId: number | null }[];
  recommendations: PackRecommendationState[];
}

export interface PackData {
  site: PackSite;
  letterhead: Letterhead | undefined;
  period: { fromDay: string; toDay: string; from: Date; to: Date; timeZone: string };
  generatedAt: Date;
  /** SHA-256 of the records the pack is drawn from (recordsFingerprint), printed on the cover. */
  fingerprint: string;
  /** The public address that verifies this pack, {PUBLIC_URL}/verificar/dossier/{code}: the cover prints it with a QR. */
  verifyUrl: string;
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
  /** The plant's staff's sightings of the period, with their actions. */
  sightings: PackSighting[];
  /** The electronic devices' events of the period, apart from the inspections: none proves a visit. */
  remoteEvents: PackRemoteEvent[];
  trends: PackTrends;
  plans: PackPlan[];
  /** The labels and safety data sheets of the products applied, appended after the last section. */
  annexes: PackAnnex[];
  programme: PackProgramme;
  assessments: PackAssessments;
}

/**
 * A period in which the site had no device in service, no order and no action (before it existed, say): its
 * pack is its cover, the scope saying so, and the company, not a dozen empty sections.
 */
export const periodIsEmpty = (data: PackData): boolean =>
  data.devices.length === 0 &&
  data.figures.totalSessions === 0 &&
  data.actions.length === 0 &&
  data.sightings.length === 0 &&
  data.remoteEvents.length === 0;

/** The sections, in the order an auditor reads them (DESIGN-audit.md); each starts on a page of its own. */
export const PACK_SECTIONS = [
  { id: 'scope', title: 'Alcance y responsabilidades' },
  { id: 'company', title: 'Empresa y personal' },
  { id: 'programme', title: 'Programa de control' },
  { id: 'assessments', title: 'Evaluación del riesgo: diagnóstico y revisión anual' },
  { id: 'reviews', title: 'Revisiones trimestrales' },
  { id: 'plans', title: 'Planos numerados y fechados' },
  { id: 'devices', title: 'Inventario de dispositivos' },
  { id: 'coverage', title: 'Cumplimiento de visitas y cobertura por dispositivo' },
  { id: 'contracted', title: 'Cobertura frente a la frecuencia contratada' },
  { id: 'certificates', title: 'Índice de certificados' },
  { id: 'activity', title: 'Actividad observada' },
  { id: 'treatments', title: 'Tratamientos y productos' },
  { id: 'thresholds', title: 'Umbrales y superaciones' },
  { id: 'actions', title: 'Acciones correctivas y recomendaciones' },
  { id: 'sightings', title: 'Avistamientos' },
  { id: 'remote', title: 'Monitorización remota' },
  { id: 'trends', title: 'Tendencias' },
  { id: 'heat', title: 'Mapa de calor' },
  { id: 'annexes', title: 'Anexo: etiquetas y fichas de datos de seguridad' },
] as const;
export type PackSectionId = (typeof PACK_SECTIONS)[number]['id'];

/** The sections a pack holds: all, or those of an empty period's (periodIsEmpty). */
export const packSections = (data: PackData) =>
  periodIsEmpty(data)
    ? PACK_SECTIONS.filter((section) => section.id === 'scope' || section.id === 'company')
    : PACK_SECTIONS;

export const PACK_TITLE = 'Dossier de auditoría';
const PLAN_CAPTION_HEIGHT = 40;
/** The landscape A4 sheet a plan is drawn on, in points. */
const SHEET = { width: 841.89, height: 595.28 };

/**
 * Where a plan is drawn on its landscape A4 sheet, the same in both of its sections, so its image is sized
 * once: under the header, the section title and the plan's caption, above the keys of its symbols (and heat
 * classes) and the footer.
 */
export function packPlanArea(devices: Pick<PackPlanDevice, 'type'>[]) {
  const top = HEADER_BOTTOM + SECTION_TITLE_HEIGHT + PLAN_CAPTION_HEIGHT;
  const width = SHEET.width - 2 * MARGIN;
  return {
    left: MARGIN,
    top,
    width,
    height: SHEET.height - MARGIN - top - typeKeyLayout(devices, width, true).height - 18,
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
