import {
  type CoverageReport,
  type CoverageState,
  folioText,
  HEAT_CLASSES,
  HEAT_STYLES,
  type HeatClass,
  PEST_GROUP_NAMES,
  PEST_GROUPS,
  type PestGroup,
  type Plan,
  type PlanHeatDevice,
  QUALIFICATION_LABELS,
  RISK_LEVEL_NAMES,
  TRAP_TYPE_NAMES,
  ZONE_NAMES,
  ZONES,
  type Zone,
} from '@rondin/contracts';
import { PassThrough, type Readable } from 'node:stream';
import { drawLineChart } from '../../lib/pdf-chart.js';
import { createDocument, drawFacts, drawPageHeader } from '../../lib/pdf-document.js';
import { FONT, useFont } from '../../lib/pdf-fonts.js';
import { applyLetterhead, type Letterhead } from '../../lib/pdf-letterhead.js';
import { type PdfColumn, PdfTable } from '../../lib/pdf-table.js';
import { drawFitted, drawText, type FittedText, fitText } from '../../lib/pdf-text.js';
import { pacedOutput } from '../../lib/paced-stream.js';
import { formatDateTime, localDate } from '../../lib/time-zone.js';
import { drawHeatKey, drawPlanDevices, HEAT_KEY_HEIGHT, type PlanLayout } from '../plans/plan-map.js';
import type { ProductTotal } from '../products/applications.repository.js';
import type {
  PackAction,
  PackActivity,
  PackApplication,
  PackBreach,
  PackCertificate,
  PackDevice,
  PackSite,
  PackTechnician,
  PackThreshold,
  PackTrends,
} from './audit-pack.repository.js';

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
type SectionId = (typeof PACK_SECTIONS)[number]['id'];

const TITLE = 'Dossier de auditoría';
const MARGIN = 40;
/** Header band (drawPageHeader) and the section's title under it. */
const HEADER_BOTTOM = MARGIN + 44;
const SECTION_TITLE_HEIGHT = 26;
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
/** Rows drawn between turns of the event loop (and waits for the reader, when streaming). */
const ROWS_PER_TURN = 100;
/** Gaps (device and month) listed under the grid; the Excel annex has every inspection. */
const MAX_GAP_ROWS = 500;

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const METRIC_NAMES: Record<string, string> = {
  ACTIVIDAD: 'Actividad',
  CONSUMO_CEBO: 'Consumo de cebo (%)',
  CAPTURAS: 'Capturas por inspección',
  CAPTURAS_SEMANA: 'Capturas por semana',
  ESTADO: 'Estado del dispositivo',
  REPETICION: 'Repetición',
};
/** A pest group's name as a column heading of two lines at most. */
const GROUP_HEADERS: Record<PestGroup, string> = { ...PEST_GROUP_NAMES, PRODUCTO_ALMACENADO: 'Producto almacenado' };
const ORIGIN_NAMES = { UMBRAL: 'Umbral', MANUAL: 'Manual', RECOMENDACION: 'Recomendación' } as const;
const STATUS_NAMES = { ABIERTA: 'Abierta', EN_CURSO: 'En curso', CERRADA: 'Cerrada' } as const;
const LEVEL_NAMES = { ALERTA: 'Alerta', ACCION: 'Acción' } as const;
const EXCEPTION_NAMES: Record<string, string> = { NO_ENCONTRADO: 'No encontrado', INACCESIBLE: 'Inaccesible' };

/** A coverage state, or a month without an order before the device was installed (not a missed visit). */
type CellKind = CoverageState | 'NOT_INSTALLED';

/** Each cell's colour, its word, and the word's colour. Months without a visit are red. */
const CELL_STYLES: Record<CellKind, { fill: string; text: string; color: string; meaning: string }> = {
  INSPECTED: { fill: '#c7e9c0', text: 'Sí', color: '#1a1a1a', meaning: 'inspeccionado' },
  EXCEPTION: { fill: '#fdd49e', text: 'Exc', color: '#1a1a1a', meaning: 'excepción (no encontrado o inaccesible)' },
  MISSED: { fill: '#cb181d', text: 'No', color: '#ffffff', meaning: 'orden vencida sin inspección' },
  NOT_DUE: { fill: '#fb6a4a', text: 'S/O', color: '#ffffff', meaning: 'sin orden ese mes' },
  NOT_INSTALLED: { fill: '#e3e3e3', text: '—', color: '#555555', meaning: 'antes del alta del dispositivo' },
};

const dayText = (day: string) => day.split('-').reverse().join('-');
const dateText = (value: Date, timeZone: string) => dayText(localDate(value, timeZone));
const monthText = (period: string) => `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(2, 4)}`;
const quarterText = (period: string) =>
  `T${Math.floor((Number(period.slice(5, 7)) - 1) / 3) + 1} ${period.slice(0, 4)}`;
const number = (value: number, digits = 0) =>
  value.toLocaleString('es-ES', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
const percent = (part: number, whole: number) => (whole > 0 ? `${number((part * 100) / whole, 1)} %` : '—');

/** Where each section began, learnt by a first layout, and how many pages the document has. */
interface KnownPages {
  starts: Map<SectionId, number>;
  total: number;
}

/**
 * The audit pack as a PDF stream. pdfkit writes pages as they are finished, so the index (which needs every
 * section's first page) is learnt by laying the document out once into a sink that drops the bytes, then laid
 * out again with the numbers in place, this time into the response, paced by the reader. Memory holds the data
 * read once and a page or two of output, whatever the site's size.
 */
export async function renderAuditPack(data: PackData): Promise<Readable> {
  const sink = new PassThrough();
  const measuring = createDocument(`${TITLE} · ${data.site.name}`);
  measuring.pipe(sink);
  sink.resume();
  const finished = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve).on('error', reject);
  });
  // Only where things fall matters in this pass: text is measured and wrapped as in the real one, but not
  // written out (pdfkit's _fragment emits a laid-out line; nothing it does moves the layout), and the plans'
  // images are not embedded. A third of the pass's time on 2,000 devices.
  (measuring as unknown as { _fragment: () => void })._fragment = () => undefined;
  const known = await new PackLayout(measuring, data, undefined, () => turn()).draw();
  measuring.end();
  await finished;

  const doc = createDocument(`${TITLE} · ${data.site.name}`);
  const { output, caughtUp } = pacedOutput(doc);
  new PackLayout(doc, data, known, caughtUp)
    .draw()
    .then(() => doc.end())
    .catch((error: unknown) => output.destroy(error as Error));
  return output;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

class PackLayout {
  private page = 1;
  private readonly starts = new Map<SectionId, number>();
  private readonly reference: string;
  private readonly timeZone: string;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly data: PackData,
    private readonly known: KnownPages | undefined,
    private readonly pace: () => Promise<void>,
  ) {
    applyLetterhead(doc, data.letterhead);
    this.timeZone = data.period.timeZone;
    this.reference = `${data.site.name} · ${dayText(data.period.fromDay)} al ${dayText(data.period.toDay)}`;
    doc.on('pageAdded', () => {
      this.page++;
      this.footer();
    });
  }

  async draw(): Promise<KnownPages> {
    this.footer();
    this.cover();
    this.index();
    this.scope();
    this.company();
    await this.planPages('plans');
    await this.inventory();
    await this.coverage();
    await this.certificates();
    this.activity();
    await this.treatments();
    await this.thresholds();
    await this.actions();
    this.trends();
    await this.planPages('heat');
    return { starts: this.starts, total: this.page };
  }

  private get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }

  private get bottom(): number {
    return this.doc.page.height - MARGIN;
  }

  private header = (): number => drawPageHeader(this.doc, TITLE, this.reference);

  /** "Página N de M" at the foot of every page, drawn when the page is added (nothing else moves). */
  private footer(): void {
    const { doc } = this;
    const { x, y } = doc;
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const top = doc.page.height - 28;
    useFont(doc, FONT.regular, 7.5).fillColor('#555555');
    drawText(doc, `${TITLE} · ${this.reference}`, MARGIN, top, { width: this.width * 0.7, maxLines: 1 });
    const page = this.known ? `Página ${this.page} de ${this.known.total}` : `Página ${this.page}`;
    drawText(doc, page, MARGIN, top, { width: this.width, maxLines: 1, align: 'right' });
    doc.page.margins.bottom = bottomMargin;
    doc.x = x;
    doc.y = y;
  }

  /** A section begins on a new page: header, its number and title; answers where its content starts. */
  private section(id: SectionId, layout: 'portrait' | 'landscape' = 'portrait', size: PlanSheet = 'A4'): number {
    this.doc.addPage({ size, layout, margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN } });
    this.starts.set(id, this.page);
    this.header();
    const index = PACK_SECTIONS.findIndex((section) => section.id === id);
    useFont(this.doc, FONT.bold, 14).fillColor('#1f3b57');
    drawText(this.doc, `${index + 1}. ${PACK_SECTIONS[index]!.title}`, MARGIN, HEADER_BOTTOM, {
      width: this.width,
      maxLines: 1,
    });
    this.doc.x = MARGIN;
    this.doc.y = HEADER_BOTTOM + SECTION_TITLE_HEIGHT;
    return this.doc.y;
  }

  private subtitle(text: string): void {
    this.ensure(40);
    useFont(this.doc, FONT.bold, 10.5).fillColor('#1a1a1a');
    const y = this.doc.y;
    drawText(this.doc, text, MARGIN, y, { width: this.width, maxLines: 2 });
    this.doc.x = MARGIN;
    this.doc.y = y + 18;
  }

  private paragraph(text: string, size = 9.5): void {
    useFont(this.doc, FONT.regular, size).fillColor('#1a1a1a');
    const y = this.doc.y;
    const height = drawText(this.doc, text, MARGIN, y, { width: this.width, maxLines: 30 });
    this.doc.x = MARGIN;
    this.doc.y = y + height + 6;
  }

  /** What an empty section says, in words: it never just vanishes. */
  private empty(text: string): void {
    useFont(this.doc, FONT.bold, 10).fillColor('#7a4b00');
    const y = this.doc.y;
    drawText(this.doc, text, MARGIN, y, { width: this.width, maxLines: 3 });
    this.doc.x = MARGIN;
    this.doc.y = y + 20;
  }

  /** A new page (with the header) when less than `height` is left on this one. */
  private ensure(height: number): void {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.header();
    }
  }

  private table(columns: PdfColumn[]): PdfTable {
    this.ensure(50);
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    const scale = this.width / total;
    return new PdfTable(
      this.doc,
      columns.map((column) => ({ ...column, width: column.width * scale })),
      this.header,
    );
  }

  private async rows<T>(table: PdfTable, items: T[], row: (item: T) => string[]): Promise<void> {
    for (const [index, item] of items.entries()) {
      if (index > 0 && index % ROWS_PER_TURN === 0) await this.pace();
      table.row(row(item));
    }
    table.end();
  }

  private cover(): void {
    const { doc, data } = this;
    this.header();
    const company = data.letterhead;
    let y = 190;
    useFont(doc, FONT.bold, 26).fillColor('#1f3b57');
    y += drawText(doc, 'Dossier de auditoría', MARGIN, y, { width: this.width, maxLines: 1, align: 'center' });
    useFont(doc, FONT.regular, 13).fillColor('#333333');
    y += drawText(doc, 'Control de plagas: registros, planos, tratamientos y seguimiento', MARGIN, y + 4, {
      width: this.width,
      maxLines: 2,
      align: 'center',
    });
    doc.x = MARGIN;
    doc.y = y + 50;
    drawFacts(doc, [
      ['Empresa de servicios', company?.name ?? 'Sin datos de empresa: complete Ajustes › Empresa'],
      ['N.º de registro (ROESB o equivalente)', company?.registryNumber ?? 'Sin registro indicado'],
      ['NIF', company?.taxId ?? '—'],
      ['Responsable técnico', company?.technicalManager ?? 'Sin indicar'],
      ['Cliente', data.site.client ?? '—'],
      ['Sitio', data.site.name],
      ['Dirección del sitio', data.site.address ?? '—'],
      ['Zona horaria', this.timeZone],
      ['Período', `${dayText(data.period.fromDay)} al ${dayText(data.period.toDay)} (ambos incluidos)`],
      ['Generado el', `${formatDateTime(data.generatedAt, this.timeZone)} (${this.timeZone})`],
    ]);
    // On a line of its own, whole: a hash cut in two cannot be compared at a glance nor copied.
    doc.y += 6;
    useFont(doc, FONT.regular, 7.5).fillColor('#5b6672');
    doc.y += drawText(doc, 'Huella SHA-256 de los registros', MARGIN, doc.y, { width: this.width, maxLines: 1 });
    useFont(doc, FONT.bold, 9.5).fillColor('#1a1a1a');
    doc.y += drawText(doc, data.fingerprint, MARGIN, doc.y + 1, { width: this.width, maxLines: 1 });
    doc.y += 20;
    this.paragraph(
      'La huella SHA-256 de los registros resume todos los datos de este dossier: otro dossier del mismo sitio y período con la misma huella contiene exactamente los mismos registros. Cada certificado de servicio citado se puede verificar en línea con el código QR que lleva impreso; su huella SHA-256 figura en el índice de certificados.',
      8.5,
    );
  }

  private index(): void {
    const { doc } = this;
    doc.addPage();
    this.header();
    useFont(doc, FONT.bold, 14).fillColor('#1f3b57');
    drawText(doc, 'Índice', MARGIN, HEADER_BOTTOM, { width: this.width, maxLines: 1 });
    let y = HEADER_BOTTOM + SECTION_TITLE_HEIGHT + 4;
    PACK_SECTIONS.forEach((section, index) => {
      const page = this.known?.starts.get(section.id);
      const label = `${index + 1}. ${section.title}`;
      useFont(doc, FONT.regular, 11).fillColor('#1a1a1a');
      drawText(doc, label, MARGIN, y, { width: this.width - 80, maxLines: 1 });
      const labelWidth = Math.min(this.width - 80, doc.widthOfString(label));
      doc
        .moveTo(MARGIN + labelWidth + 6, y + 10)
        .lineTo(MARGIN + this.width - 70, y + 10)
        .dash(1, { space: 2 })
        .lineWidth(0.5)
        .strokeColor('#8a94a0')
        .stroke()
        .undash();
      drawText(doc, page === undefined ? '…' : `página ${page}`, MARGIN + this.width - 66, y, {
        width: 66,
        maxLines: 1,
        align: 'right',
      });
      y += 22;
    });
  }

  private scope(): void {
    const { data } = this;
    this.section('scope');
    const company = data.letterhead?.name ?? 'La empresa de servicios';
    const active = data.devices.filter((device) => device.isActive).length;
    this.subtitle('Alcance');
    this.paragraph(
      `Este dossier reúne los registros del servicio de control de plagas prestado en el sitio «${data.site.name}»${data.site.client ? ` del cliente ${data.site.client}` : ''} entre el ${dayText(data.period.fromDay)} y el ${dayText(data.period.toDay)}, ambos incluidos. Dispositivos de control activos: ${number(active)}; planos: ${number(data.plans.length)}; certificados de servicio: ${number(data.certificates.length)}; aplicaciones de biocidas: ${number(data.applications.length)}; acciones correctivas y recomendaciones: ${number(data.actions.length)}.`,
    );
    this.paragraph(
      'Las cifras se leen de los registros tal como constan en el sistema a la fecha de generación: cada inspección cuenta con su versión vigente (una corrección reemplaza lo que corrige) y las fechas se expresan en la zona horaria del sitio.',
    );
    this.subtitle('Responsabilidades');
    this.paragraph(
      `${company} diseña el plan de control, instala y mantiene los dispositivos, realiza las inspecciones y los tratamientos con personal cualificado, registra sus resultados, abre las acciones correctivas cuando se superan los umbrales y emite un certificado por cada servicio.${data.letterhead?.technicalManager ? ` Responsable técnico: ${data.letterhead.technicalManager}.` : ''}`,
    );
    this.paragraph(
      `${data.site.client ?? 'El cliente'} facilita el acceso a las zonas y dispositivos, mantiene las condiciones de higiene y estructurales, y ejecuta las recomendaciones que se le asignan (responsable «Cliente» en el apartado de acciones correctivas).`,
    );
  }

  private company(): void {
    const { data, doc } = this;
    this.section('company');
    const company = data.letterhead;
    if (company) {
      drawFacts(doc, [
        ['Razón social', company.name],
        ['NIF', company.taxId ?? '—'],
        ['N.º de registro (ROESB o equivalente)', company.registryNumber ?? 'Sin registro indicado'],
        ['Responsable técnico', company.technicalManager ?? 'Sin indicar'],
        ['Dirección', company.address ?? '—'],
        ['Teléfono', company.phone ?? '—'],
      ]);
    } else {
      this.empty('Sin datos de la empresa: se completan en Ajustes › Empresa.');
    }
    this.subtitle('Personal que intervino en el período');
    if (!data.technicians.length) {
      this.empty('Ningún técnico realizó órdenes ni aplicaciones en el sitio en el período.');
      return;
    }
    const table = this.table([
      { header: 'Nombre', width: 150 },
      { header: 'Cualificación', width: 110 },
      { header: 'N.º de carné', width: 90 },
      { header: 'Caducidad', width: 80, singleLine: true },
      { header: 'Órdenes', width: 50, align: 'right', singleLine: true },
    ]);
    for (const technician of data.technicians) {
      const expired = technician.licenceExpiresAt !== null && technician.licenceExpiresAt < data.period.toDay;
      table.row([
        technician.fullName,
        technician.qualification ? QUALIFICATION_LABELS[technician.qualification] : 'No registrada',
        technician.licenceNumber ?? 'Sin carné registrado',
        technician.licenceExpiresAt
          ? `${dayText(technician.licenceExpiresAt)}${expired ? ' (caducado)' : ''}`
          : 'No caduca',
        String(technician.orders),
      ]);
    }
    table.end();
  }

  /** The site's plans, one landscape page each: dated with their devices ('plans') or with the heat ('heat'). */
  private async planPages(id: 'plans' | 'heat'): Promise<void> {
    const { doc, data } = this;
    const heat = id === 'heat';
    if (!data.plans.length) {
      this.section(id);
      this.empty(heat ? 'Sin planos cargados: no hay mapa de calor del sitio.' : 'El sitio no tiene planos cargados.');
      return;
    }
    for (const [index, entry] of data.plans.entries()) {
      if (index === 0) this.section(id, 'landscape', entry.sheet);
      else {
        doc.addPage({
          size: entry.sheet,
          layout: 'landscape',
          margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
        });
        this.header();
      }
      const { plan } = entry;
      const y = HEADER_BOTTOM + SECTION_TITLE_HEIGHT;
      useFont(doc, FONT.bold, 10.5).fillColor('#1a1a1a');
      drawText(doc, `Plano n.º ${index + 1}: ${plan.name}`, MARGIN, y, { width: this.width, maxLines: 1 });
      useFont(doc, FONT.regular, 8.5).fillColor('#444444');
      const caption = heat
        ? `Actividad de cada dispositivo del ${dayText(data.period.fromDay)} al ${dayText(data.period.toDay)} · ${entry.devices.length} dispositivos`
        : `Revisión del ${dateText(new Date(plan.updatedAt), this.timeZone)} (alta ${dateText(new Date(plan.createdAt), this.timeZone)}) · ${entry.devices.length} dispositivos ubicados · numerados por código, ver inventario`;
      drawText(doc, caption, MARGIN, y + 14, { width: this.width, maxLines: 1 });
      if (this.known) drawPlanDevices(doc, entry.layout, entry.image, entry.devices, heat ? entry.classOf : undefined);
      const area = packPlanArea(entry.sheet);
      const keyTop = area.top + area.height + 6;
      if (heat) drawHeatKey(doc, MARGIN, keyTop, this.width);
      else this.planDeviceKey(entry, keyTop);
      await this.pace();
    }
    if (heat) await this.heatTable();
  }

  /** Under a dated plan: the numbers and codes of its first devices, so the plan reads on its own. */
  private planDeviceKey(entry: PackPlan, top: number): void {
    const { doc } = this;
    useFont(doc, FONT.condensed, 7).fillColor('#333333');
    const text = entry.devices.length
      ? entry.devices.map((device) => `${device.number} ${device.code}`).join(' · ')
      : 'Ningún dispositivo ubicado en este plano.';
    drawText(doc, text, MARGIN, top, { width: this.width, maxLines: 3 });
  }

  /** After the heat maps: each device's class, counted per plan. */
  private async heatTable(): Promise<void> {
    const { doc, data } = this;
    doc.addPage({
      size: 'A4',
      layout: 'portrait',
      margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    });
    this.header();
    this.subtitle('Dispositivos por clase de actividad');
    const table = this.table([
      { header: 'Plano', width: 160 },
      ...HEAT_CLASSES.map((heat) => ({ header: HEAT_STYLES[heat].label, width: 70, align: 'right' as const })),
    ]);
    for (const entry of data.plans) {
      table.row([
        entry.plan.name,
        ...HEAT_CLASSES.map((heat) => String(entry.devices.filter((device) => device.heat === heat).length)),
      ]);
    }
    table.end();
    this.paragraph(
      'Clases (decisión 0011): sin datos, ninguna inspección; sin actividad; baja; media, actividad en el 20 % o más de las inspecciones o 1 captura por semana; alta, 50 % o 5 capturas por semana.',
      8,
    );
  }

  private async inventory(): Promise<void> {
    const { data } = this;
    this.section('devices');
    if (!data.devices.length) {
      this.empty('El sitio no tiene dispositivos dados de alta.');
      return;
    }
    this.paragraph(
      `${number(data.devices.length)} dispositivos, en orden de código. Plano: el número del plano y el de su marca en él. Cebo: el último producto aplicado en el dispositivo hasta el fin del período.`,
      8.5,
    );
    const table = this.table([
      // Wide enough that type and zone names hold one line (but the longest type): 2,000 devices are 47 pages, not 68.
      { header: 'Código', width: 50 },
      { header: 'Plano', width: 38, singleLine: true },
      { header: 'Área', width: 55 },
      { header: 'Zona', width: 82 },
      { header: 'Tipo', width: 150 },
      { header: 'Riesgo', width: 38, singleLine: true },
      { header: 'Cebo', width: 62 },
      { header: 'Estado', width: 40, singleLine: true },
    ]);
    // Where each device is drawn: its plan's number and its marker's (1·17: plan 1, marker 17).
    const markers = new Map<number, string>();
    data.plans.forEach((entry, index) => {
      for (const device of entry.devices) markers.set(device.trapId, `${index + 1}·${device.number}`);
    });
    await this.rows(table, data.devices, (device) => [
      device.code,
      markers.get(device.trapId) ?? 'Sin ubicar',
      device.area ?? 'Sin área',
      device.zone ? ZONE_NAMES[device.zone] : 'Sin clasificar',
      TRAP_TYPE_NAMES[device.type],
      device.riskLevel ? RISK_LEVEL_NAMES[device.riskLevel] : '—',
      device.bait ?? '—',
      device.isActive ? 'Activo' : 'Retirado',
    ]);
  }

  /**
   * The device × month grid: each cell coloured by its state (months without a visit in red), drawn as
   * rectangles rather than table cells (2,000 devices × 13 months), its heading repeated on every page.
   */
  private async coverage(): Promise<void> {
    const { doc, data } = this;
    const report = data.coverage;
    this.section('coverage');
    const totals = report.totals;
    // A month before the device's own is not one it missed: it was not there yet.
    const installed = new Map(
      data.devices.map((device) => [device.trapId, localDate(device.createdAt, this.timeZone)]),
    );
    const kindOf = (trapId: number, period: string, state: CoverageState): CellKind =>
      state === 'NOT_DUE' && period.slice(0, 7) < (installed.get(trapId) ?? '').slice(0, 7) ? 'NOT_INSTALLED' : state;
    let notInstalled = 0;
    for (const device of report.devices) {
      device.cells.forEach((cell, column) => {
        if (kindOf(device.trapId, report.periods[column]!.period, cell.state) === 'NOT_INSTALLED') notInstalled++;
      });
    }
    this.paragraph(
      `Visitas debidas por dispositivo y mes: ${number(totals.due)}; inspeccionadas ${number(totals.inspected)} (${percent(totals.inspected, totals.due)}), con excepción ${number(totals.exception)}, sin inspección ${number(totals.missed)}; meses sin orden: ${number(totals.notDue - notInstalled)}${notInstalled ? ` (y ${number(notInstalled)} anteriores al alta del dispositivo)` : ''}.`,
    );
    this.coverageKey();
    if (!report.devices.length) {
      this.empty('El sitio no tiene dispositivos: no hay cobertura que mostrar.');
      return;
    }
    const months = report.periods.map((period) => period.period);
    const codeWidth = 72;
    const areaWidth = 78;
    const countWidth = 42;
    const cellWidth = (this.width - codeWidth - areaWidth - countWidth) / Math.max(1, months.length);
    const rowHeight = 10.5;
    const heading = () => {
      const y = doc.y;
      doc.rect(MARGIN, y, this.width, 22).fill('#1f3b57');
      useFont(doc, FONT.condensedBold, 7).fillColor('#ffffff');
      drawText(doc, 'Código', MARGIN + 3, y + 7, { width: codeWidth - 6, maxLines: 1 });
      drawText(doc, 'Área', MARGIN + codeWidth + 3, y + 7, { width: areaWidth - 6, maxLines: 1 });
      months.forEach((month, index) => {
        const x = MARGIN + codeWidth + areaWidth + index * cellWidth;
        const box = { width: cellWidth, maxLines: 1, align: 'center' as const };
        drawText(doc, MONTHS[Number(month.slice(5, 7)) - 1]!, x, y + 2.5, box);
        drawText(doc, month.slice(0, 4), x, y + 11.5, box);
      });
      drawText(doc, 'Meses sin visita', MARGIN + this.width - countWidth, y + 2, {
        width: countWidth - 2,
        maxLines: 2,
        align: 'center',
      });
      doc.y = y + 22;
    };
    // The cells' few words, fitted once: 26,000 cells for 2,000 devices.
    useFont(doc, FONT.condensed, 7);
    const cellTexts = Object.fromEntries(
      Object.entries(CELL_STYLES).map(([state, style]) => [
        state,
        fitText(doc, style.text, { width: cellWidth, maxLines: 1 }),
      ]),
    ) as Record<CellKind, FittedText>;
    this.ensure(60);
    heading();
    for (const [index, device] of report.devices.entries()) {
      if (index > 0 && index % ROWS_PER_TURN === 0) await this.pace();
      if (doc.y + rowHeight > this.bottom) {
        doc.addPage();
        this.header();
        heading();
      }
      const y = doc.y;
      if (index % 2 === 1) doc.rect(MARGIN, y, codeWidth + areaWidth + countWidth, rowHeight).fill('#f1f4f7');
      useFont(doc, FONT.condensed, 7).fillColor('#1a1a1a');
      drawText(doc, device.code, MARGIN + 3, y + 1.5, { width: codeWidth - 6, maxLines: 1 });
      drawText(doc, device.area ?? '—', MARGIN + codeWidth + 3, y + 1.5, { width: areaWidth - 6, maxLines: 1 });
      let withoutVisit = 0;
      device.cells.forEach((cell, column) => {
        const kind = kindOf(device.trapId, months[column]!, cell.state);
        const style = CELL_STYLES[kind];
        if (kind === 'MISSED' || kind === 'NOT_DUE') withoutVisit++;
        const x = MARGIN + codeWidth + areaWidth + column * cellWidth;
        doc.rect(x + 0.5, y + 0.5, cellWidth - 1, rowHeight - 1).fill(style.fill);
        doc.fillColor(style.color);
        drawFitted(doc, cellTexts[kind], x, y + 1.5, { width: cellWidth, align: 'center' });
      });
      useFont(doc, FONT.condensedBold, 7).fillColor(withoutVisit ? '#cb181d' : '#1a1a1a');
      drawText(doc, String(withoutVisit), MARGIN + this.width - countWidth, y + 1.5, {
        width: countWidth - 4,
        maxLines: 1,
        align: 'right',
      });
      doc.y = y + rowHeight;
    }
    doc.y += 12;
    doc.x = MARGIN;
    await this.gapList(report);
  }

  private coverageKey(): void {
    const { doc } = this;
    let x = MARGIN;
    let y = doc.y;
    for (const style of Object.values(CELL_STYLES)) {
      useFont(doc, FONT.condensed, 7);
      const width = doc.widthOfString(style.meaning) + 2;
      if (x + 23 + width > MARGIN + this.width) {
        x = MARGIN;
        y += 14;
      }
      doc.rect(x, y, 20, 10).fill(style.fill);
      useFont(doc, FONT.condensedBold, 7).fillColor(style.color);
      drawText(doc, style.text, x, y + 1.5, { width: 20, maxLines: 1, align: 'center' });
      useFont(doc, FONT.condensed, 7).fillColor('#1a1a1a');
      drawText(doc, style.meaning, x + 23, y + 1.5, { width, maxLines: 1 });
      x += 23 + width + 12;
    }
    doc.y = y + 18;
  }

  /** Each device and month due and not inspected, with the reason recorded. */
  private async gapList(report: CoverageReport): Promise<void> {
    this.subtitle('Visitas debidas sin inspección (dispositivo y mes)');
    if (!report.gaps.length) {
      this.empty('Ninguna visita debida quedó sin inspeccionar en el período.');
      return;
    }
    const table = this.table([
      { header: 'Dispositivo', width: 90 },
      { header: 'Mes', width: 60, singleLine: true },
      { header: 'Situación', width: 150 },
      { header: 'Motivo', width: 160 },
    ]);
    await this.rows(table, report.gaps.slice(0, MAX_GAP_ROWS), (gap) => [
      gap.code,
      monthText(gap.period),
      gap.state === 'EXCEPTION' ? 'Excepción' : gap.forced ? 'Sin inspección (cierre forzado)' : 'Sin inspección',
      gap.exceptionReasons.map((reason) => EXCEPTION_NAMES[reason] ?? reason).join(', ') || '—',
    ]);
    if (report.gaps.length > MAX_GAP_ROWS) {
      this.paragraph(
        `Y ${number(report.gaps.length - MAX_GAP_ROWS)} más: el anexo Excel del dossier lista cada inspección.`,
        8.5,
      );
    }
  }

  private async certificates(): Promise<void> {
    const { data } = this;
    this.section('certificates');
    if (!data.certificates.length) {
      this.empty('Sin certificados de servicio emitidos en el período.');
      return;
    }
    this.paragraph(
      'Cada certificado se emitió al cerrar su orden y se guarda tal como se emitió; la huella SHA-256 permite comprobar que una copia es idéntica, y el QR de cada certificado abre su verificación pública.',
      8.5,
    );
    const table = this.table([
      { header: 'Folio', width: 85 },
      { header: 'Emitido', width: 80, singleLine: true },
      { header: 'Técnico', width: 110 },
      { header: 'SHA-256 del PDF emitido', width: 240 },
    ]);
    await this.rows(table, data.certificates, (certificate) => [
      `${folioText(certificate.year, certificate.number)}${certificate.revision > 1 ? ` rev. ${certificate.revision}` : ''}${certificate.replaced ? ' (sustituido)' : ''}`,
      formatDateTime(certificate.issuedAt, this.timeZone),
      certificate.technician,
      certificate.sha256 ?? 'PDF pendiente de guardar',
    ]);
  }

  private activity(): void {
    const { data } = this;
    this.section('activity');
    if (!data.activity.length) {
      this.empty('Sin inspecciones registradas en el período.');
      return;
    }
    this.paragraph(
      'Por área: dispositivos inspeccionados, inspecciones, las que encontraron actividad y las capturas por grupo de plaga (una banda de capturas cuenta por su mínimo).',
      8.5,
    );
    const table = this.table([
      { header: 'Área', width: 70 },
      { header: 'Disp.', width: 36, align: 'right', singleLine: true },
      { header: 'Inspecc.', width: 44, align: 'right', singleLine: true },
      { header: 'Con actividad', width: 62, align: 'right', singleLine: true },
      ...PEST_GROUPS.map((group) => ({ header: GROUP_HEADERS[group], width: 60, align: 'right' as const })),
    ]);
    const totals = { devices: 0, inspections: 0, withActivity: 0, captures: {} as Record<string, number> };
    for (const area of data.activity) {
      totals.devices += area.devices;
      totals.inspections += area.inspections;
      totals.withActivity += area.withActivity;
      for (const group of PEST_GROUPS)
        totals.captures[group] = (totals.captures[group] ?? 0) + (area.captures[group] ?? 0);
      table.row([
        area.area ?? 'Sin área',
        number(area.devices),
        number(area.inspections),
        `${number(area.withActivity)} (${percent(area.withActivity, area.inspections)})`,
        ...PEST_GROUPS.map((group) => number(area.captures[group] ?? 0)),
      ]);
    }
    table.row(
      [
        'Total',
        number(totals.devices),
        number(totals.inspections),
        `${number(totals.withActivity)} (${percent(totals.withActivity, totals.inspections)})`,
        ...PEST_GROUPS.map((group) => number(totals.captures[group] ?? 0)),
      ],
      { bold: true },
    );
    table.end();
  }

  private async treatments(): Promise<void> {
    const { data } = this;
    this.section('treatments');
    if (!data.applications.length) {
      this.empty('Sin aplicaciones de biocidas en el período.');
      return;
    }
    this.subtitle('Totales por producto');
    const totals = this.table([
      { header: 'Producto', width: 95 },
      { header: 'N.º de registro', width: 100 },
      { header: 'Tipo', width: 34, singleLine: true },
      { header: 'Sustancias activas', width: 105 },
      { header: 'Cantidad', width: 60, align: 'right', singleLine: true },
      { header: 'Aplic.', width: 34, align: 'right', singleLine: true },
      { header: 'Ficha de seguridad', width: 80 },
    ]);
    for (const total of data.productTotals) {
      totals.row([
        total.name,
        total.registrationNumber,
        total.type,
        total.activeIngredients,
        `${number(total.quantity, 2)} ${total.unit}`,
        String(total.applications),
        total.sdsIssuedOn ? `Archivada (${dayText(total.sdsIssuedOn)})` : 'No archivada',
      ]);
    }
    totals.end();
    this.subtitle('Aplicaciones');
    const table = this.table([
      { header: 'Fecha', width: 55 },
      { header: 'Producto', width: 62 },
      { header: 'N.º de registro', width: 100 },
      { header: 'Lote', width: 50 },
      { header: 'Cantidad', width: 52, align: 'right', singleLine: true },
      { header: 'Dosis y método', width: 75 },
      // Wide enough for an area's longest word ("Perímetro", "Almacenamiento") not to be cut inside it.
      { header: 'Lugar', width: 61 },
      { header: 'Aplicador', width: 60 },
    ]);
    await this.rows(table, data.applications, (application) => [
      formatDateTime(application.startedAt, this.timeZone),
      application.product,
      application.registrationNumber,
      application.batch,
      `${number(application.quantity, 2)} ${application.unit}`,
      [application.dose, application.method].filter(Boolean).join(' · '),
      application.where ?? '—',
      application.applicator,
    ]);
  }

  private async thresholds(): Promise<void> {
    const { data } = this;
    this.section('thresholds');
    this.subtitle('Umbrales vigentes al final del período');
    if (!data.thresholds.length) this.empty('Sin umbrales definidos.');
    else {
      const table = this.table([
        { header: 'Tipo de dispositivo', width: 120 },
        { header: 'Zona', width: 70 },
        { header: 'Riesgo', width: 45, singleLine: true },
        { header: 'Métrica', width: 100 },
        { header: 'Grupo', width: 75 },
        { header: 'Nivel', width: 40, singleLine: true },
        { header: 'Valor', width: 35, align: 'right', singleLine: true },
        { header: 'Origen', width: 45, singleLine: true },
      ]);
      await this.rows(table, data.thresholds, (threshold) => [
        TRAP_TYPE_NAMES[threshold.trapType],
        threshold.zone ? ZONE_NAMES[threshold.zone] : 'Todas',
        threshold.riskLevel ? RISK_LEVEL_NAMES[threshold.riskLevel] : 'Todos',
        METRIC_NAMES[threshold.metric] ?? threshold.metric,
        threshold.pestGroup ? PEST_GROUP_NAMES[threshold.pestGroup] : 'Todos',
        LEVEL_NAMES[threshold.level],
        String(threshold.value),
        threshold.siteOwn ? 'Sitio' : 'General',
      ]);
    }
    this.subtitle('Superaciones en el período');
    if (!data.breaches.length) {
      this.empty('Sin superaciones de umbral en el período.');
      return;
    }
    const action = data.breaches.filter((breach) => breach.level === 'ACCION').length;
    this.paragraph(
      `Superaciones: ${number(data.breaches.length)}; de nivel acción ${number(action)}, de alerta ${number(data.breaches.length - action)}.`,
      8.5,
    );
    const table = this.table([
      { header: 'Fecha', width: 75, singleLine: true },
      { header: 'Dispositivo', width: 70 },
      { header: 'Área', width: 80 },
      { header: 'Nivel', width: 40, singleLine: true },
      { header: 'Qué se superó', width: 190 },
      { header: 'Acción', width: 45, singleLine: true },
    ]);
    await this.rows(table, data.breaches, (breach) => [
      formatDateTime(breach.occurredAt, this.timeZone),
      breach.code,
      breach.area ?? '—',
      LEVEL_NAMES[breach.level],
      breach.exceptionReason
        ? (EXCEPTION_NAMES[breach.exceptionReason] ?? breach.exceptionReason)
        : breach.breaches
            .map(
              (item) =>
                `${METRIC_NAMES[item.metric] ?? item.metric}${item.pestGroup ? ` (${PEST_GROUP_NAMES[item.pestGroup as keyof typeof PEST_GROUP_NAMES] ?? item.pestGroup})` : ''}${item.observed !== undefined ? `: ${item.observed}` : ''}${item.limit !== undefined ? ` ≥ ${item.limit}` : ''}`,
            )
            .join('; '),
      breach.actionId === null ? '—' : `n.º ${breach.actionId}`,
    ]);
  }

  private async actions(): Promise<void> {
    const { data } = this;
    this.section('actions');
    if (!data.actions.length) {
      this.empty('Sin acciones correctivas ni recomendaciones en el período.');
      return;
    }
    const open = data.actions.filter((action) => action.status !== 'CERRADA').length;
    this.paragraph(
      `Acciones y recomendaciones detectadas en el período o abiertas durante él: ${number(data.actions.length)}; sin cerrar: ${number(open)}.`,
      8.5,
    );
    const table = this.table([
      { header: 'N.º', width: 24, singleLine: true },
      { header: 'Origen', width: 72, singleLine: true },
      { header: 'Detectada', width: 60, singleLine: true },
      { header: 'Lugar', width: 50 },
      { header: 'Descripción', width: 117 },
      { header: 'Responsable', width: 68 },
      { header: 'Vence', width: 60, singleLine: true },
      { header: 'Estado', width: 64 },
    ]);
    await this.rows(table, data.actions, (action) => [
      String(action.id),
      ORIGIN_NAMES[action.origin],
      dateText(action.detectedAt, this.timeZone),
      action.where ?? '—',
      action.closingNote ? `${action.description} — Cierre: ${action.closingNote}` : action.description,
      `${action.responsible === 'CLIENTE' ? 'Cliente' : 'Empresa'}${action.responsibleName ? `: ${action.responsibleName}` : ''}`,
      dayText(action.dueDate),
      action.closedAt
        ? `${STATUS_NAMES[action.status]} el ${dateText(action.closedAt, this.timeZone)}`
        : STATUS_NAMES[action.status],
    ]);
  }

  /**
   * Per zone, the period's quarters against the same quarters a year before: the share of inspections with
   * activity, and the mean bait eaten against the zone's bait limits, as vector charts with their figures.
   */
  private trends(): void {
    const { doc, data } = this;
    this.section('trends');
    const { rows, limits } = data.trends;
    const quarters = quartersOf(data.period.fromDay, data.period.toDay);
    if (!rows.some((row) => row.period >= quarters[0]!)) {
      this.empty('Sin inspecciones en el período: no hay tendencias que mostrar.');
      return;
    }
    this.paragraph(
      'Por trimestre y zona del dispositivo, como en Tendencias: los dispositivos inspeccionados, la parte de ellos con actividad en alguna inspección del trimestre, el consumo medio de cebo y las capturas. Línea continua, el período; discontinua, el mismo trimestre del año anterior; trazos horizontales, los umbrales de consumo de cebo de la zona (el más estricto de cada nivel).',
      8.5,
    );
    const keys = [...new Set(rows.map((row) => row.key ?? ''))].sort((a, b) => zoneOrder(a) - zoneOrder(b));
    const byKey = new Map(rows.map((row) => [`${row.key ?? ''}|${row.period}`, row]));
    const lastYear = (period: string) => `${Number(period.slice(0, 4)) - 1}${period.slice(4)}`;
    for (const key of keys) {
      const name = key ? ZONE_NAMES[key as Zone] : 'Sin zona asignada';
      const current = quarters.map((period) => byKey.get(`${key}|${period}`));
      const previous = quarters.map((period) => byKey.get(`${key}|${lastYear(period)}`));
      const share = (row: (typeof current)[number]) =>
        row && row.inspected > 0 ? Math.round((row.withActivity * 1000) / row.inspected) / 10 : null;
      const bait = (row: (typeof current)[number]) =>
        row?.meanBait == null ? null : Math.round(row.meanBait * 10) / 10;
      const baitLimits = (['ALERTA', 'ACCION'] as const).flatMap((level) => {
        const values = limits
          .filter(
            (limit) =>
              limit.metric === 'CONSUMO_CEBO' && limit.level === level && (limit.key === null || limit.key === key),
          )
          .map((limit) => limit.value);
        return values.length
          ? [
              {
                label: `Umbral ${LEVEL_NAMES[level].toLowerCase()}`,
                value: Math.min(...values),
                color: level === 'ACCION' ? '#cb181d' : '#e6850e',
              },
            ]
          : [];
      });
      this.ensure(300);
      this.subtitle(`Zona: ${name}`);
      const categories = quarters.map(quarterText);
      const top = doc.y;
      const half = (this.width - 20) / 2;
      drawLineChart(
        doc,
        {
          title: 'Dispositivos con actividad (%)',
          categories,
          unit: '%',
          max: 100,
          series: [
            { name: 'Período', values: current.map(share), color: '#1f3b57' },
            { name: 'Mismo trimestre del año anterior', values: previous.map(share), color: '#8a94a0', dashed: true },
          ],
        },
        { x: MARGIN, y: top, width: half, height: 170 },
      );
      drawLineChart(
        doc,
        {
          title: 'Consumo medio de cebo (%)',
          categories,
          unit: '%',
          max: 100,
          limits: baitLimits,
          series: [
            { name: 'Período', values: current.map(bait), color: '#1f3b57' },
            { name: 'Año anterior', values: previous.map(bait), color: '#8a94a0', dashed: true },
          ],
        },
        { x: MARGIN + half + 20, y: top, width: half, height: 170 },
      );
      doc.x = MARGIN;
      doc.y = top + 180;
      const table = this.table([
        { header: 'Trimestre', width: 60, singleLine: true },
        { header: 'Dispositivos inspeccionados', width: 75, align: 'right' },
        { header: 'Con actividad', width: 70, align: 'right', singleLine: true },
        { header: 'Año anterior', width: 70, align: 'right', singleLine: true },
        { header: 'Consumo medio', width: 70, align: 'right', singleLine: true },
        { header: 'Año anterior', width: 70, align: 'right', singleLine: true },
        { header: 'Capturas', width: 50, align: 'right', singleLine: true },
        { header: 'Año anterior', width: 50, align: 'right', singleLine: true },
      ]);
      const captures = (row: (typeof current)[number]) =>
        row ? number(Object.values(row.captures).reduce((sum, value) => sum + value, 0)) : '—';
      const shareText = (row: (typeof current)[number]) => (share(row) === null ? '—' : `${number(share(row)!, 1)} %`);
      const baitText = (row: (typeof current)[number]) => (bait(row) === null ? '—' : `${number(bait(row)!, 1)} %`);
      quarters.forEach((_, index) => {
        const row = current[index];
        const before = previous[index];
        table.row([
          categories[index]!,
          row ? number(row.inspected) : '0',
          shareText(row),
          shareText(before),
          baitText(row),
          baitText(before),
          captures(row),
          captures(before),
        ]);
      });
      table.end();
    }
  }
}

/** The first day of each quarter from the one `from` falls in to the one `to` falls in, as the trends name them. */
function quartersOf(from: string, to: string): string[] {
  const index = (day: string) => Number(day.slice(0, 4)) * 4 + Math.floor((Number(day.slice(5, 7)) - 1) / 3);
  const quarters: string[] = [];
  for (let quarter = index(from); quarter <= index(to); quarter++) {
    quarters.push(`${Math.floor(quarter / 4)}-${String((quarter % 4) * 3 + 1).padStart(2, '0')}-01`);
  }
  return quarters;
}

const zoneOrder = (key: string) => {
  const index = ZONES.indexOf(key as Zone);
  return index < 0 ? ZONES.length : index;
};
