import {
  ACTION_STATUS_NAMES,
  ASSESSMENT_KIND_NAMES,
  ASSESSMENT_STATUS_NAMES,
  PEST_CONDITION_NAMES,
  PEST_PRESSURE_NAMES,
  QUALIFICATION_LABELS,
  THRESHOLD_LEVEL_NAMES,
  THRESHOLD_METRIC_NAMES,
  type Assessment,
  type ProgrammeCoverage,
  type QuarterFigures,
  type TrendPoint,
  type TrendsReport,
} from '@rondin/contracts';
import { PEST_GROUP_NAMES, TRAP_TYPE_NAMES, ZONE_NAMES, type PestGroup, type Zone } from '@rondin/contracts/devices';
import type { Readable } from 'node:stream';
import { pacedOutput } from '../../lib/paced-stream.js';
import { createDocument, drawFacts, drawPageHeader, numberPages } from '../../lib/pdf-document.js';
import { FONT, type FontName, useFont } from '../../lib/pdf-fonts.js';
import { applyLetterhead, type Letterhead, letterheadDetails } from '../../lib/pdf-letterhead.js';
import { type PdfColumn, PdfTable } from '../../lib/pdf-table.js';
import { drawText } from '../../lib/pdf-text.js';
import type { PrintThumbnail } from '../../lib/print-thumbnail.js';
import { formatDateTime } from '../../lib/time-zone.js';
import { DEVICE_PHOTOS_HEIGHT, drawDevicePhotos } from '../certificates/certificate-sections.js';

/** Each area's photos as printed: the first few, small, and how many it names in all. */
export type AreaPhotos = Map<string, { shown: PrintThumbnail[]; total: number }>;

export interface AssessmentReportOptions {
  timeZone: string;
  letterhead: Letterhead | undefined;
  /** The signer's signature, ready to print; null while a draft. */
  signature: Buffer | null;
  photos: AreaPhotos;
}

type ReportedAssessment = Assessment & { siteAddress: string | null; client: string | null };

const day = (value: string) => value.split('-').reverse().join('/');
const SIGNATURE_BOX = { width: 220, height: 80 };

export function assessmentTitle(assessment: Pick<Assessment, 'kind'>): string {
  return ASSESSMENT_KIND_NAMES[assessment.kind];
}

/**
 * The assessment's report (DESIGN-plant.md): site, kind, period, who performed it; each area with its pressure,
 * conditions, notes and photos; a quarterly review's figures; conclusions; recommendations with due dates; the
 * signature box (name, qualification, date, signature); «Página x de y» on every page. A draft's says so.
 */
export function renderAssessmentReport(assessment: ReportedAssessment, options: AssessmentReportOptions): Readable {
  const doc = createDocument(`${assessmentTitle(assessment)} N.º ${assessment.id}`, 'portrait', 'A4', {
    bufferPages: true,
  });
  applyLetterhead(doc, options.letterhead);
  const { output, caughtUp } = pacedOutput(doc);
  draw(doc, assessment, options, caughtUp)
    .then(() => doc.end())
    .catch((error: unknown) => output.destroy(error as Error));
  return output;
}

async function draw(
  doc: PDFKit.PDFDocument,
  assessment: ReportedAssessment,
  options: AssessmentReportOptions,
  pace: () => Promise<void>,
): Promise<void> {
  const { timeZone } = options;
  const title = assessmentTitle(assessment);
  const reference = `N.º ${assessment.id} · ${assessment.site.name}`;
  const header = () => drawPageHeader(doc, title, reference);
  header();
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const left = doc.page.margins.left;

  const room = (height: number) => {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      doc.y = header();
    }
  };
  const heading = (text: string) => {
    room(60);
    const y = doc.y + 10;
    useFont(doc, FONT.bold, 12).fillColor('#1f3b57');
    doc.y = y + drawText(doc, text, left, y, { width, maxLines: 2 }) + 4;
  };
  /** Text across pages when long: each line of it cut between words where the page ends. */
  const paragraph = (text: string, size = 9.5, color = '#1a1a1a', font: FontName = FONT.regular) => {
    const style = () => useFont(doc, font, size).fillColor(color);
    for (const line of text.split('\n')) {
      let rest = line || ' ';
      while (rest) {
        style();
        const available = doc.page.height - doc.page.margins.bottom - doc.y;
        const words = rest.split(' ');
        let fits = 0;
        let high = words.length;
        while (fits < high) {
          const middle = Math.ceil((fits + high) / 2);
          if (doc.heightOfString(words.slice(0, middle).join(' '), { width }) <= available) fits = middle;
          else high = middle - 1;
        }
        if (fits > 0) doc.y += drawText(doc, words.slice(0, fits).join(' '), left, doc.y, { width, maxLines: 200 });
        rest = words.slice(fits).join(' ');
        if (rest) {
          doc.addPage();
          doc.y = header();
        }
      }
    }
    doc.y += 4;
  };
  const table = (columns: PdfColumn[]) => {
    room(50);
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    return new PdfTable(
      doc,
      columns.map((column) => ({ ...column, width: (column.width * width) / total })),
      header,
    );
  };

  if (assessment.status === 'BORRADOR') {
    paragraph('BORRADOR · sin firmar: este documento no es el informe emitido.', 10, '#b3261e', FONT.bold);
  }
  const facts: [string, string][] = [
    ['Tipo', title],
    ['Estado', ASSESSMENT_STATUS_NAMES[assessment.status]],
    ['Sitio', [assessment.site.name, assessment.siteAddress].filter(Boolean).join(' · ')],
    ['Cliente', assessment.client ?? '—'],
  ];
  if (options.letterhead) {
    facts.push(['Empresa', [options.letterhead.name, ...letterheadDetails(options.letterhead)].join(' · ')]);
  }
  facts.push(
    [
      'Periodo',
      assessment.periodFrom && assessment.periodTo
        ? `Del ${day(assessment.periodFrom)} al ${day(assessment.periodTo)}`
        : assessment.periodFrom
          ? `Desde el ${day(assessment.periodFrom)}`
          : 'Sin periodo',
    ],
    ['Realizada', formatDateTime(assessment.performedAt, timeZone)],
    ['Realizada por', assessment.performedBy?.fullName ?? '—'],
  );
  if (assessment.revisionOf !== null) facts.push(['Corrige', `La evaluación N.º ${assessment.revisionOf}`]);
  drawFacts(doc, facts);

  heading('Áreas evaluadas');
  if (assessment.areas.length === 0) paragraph('Ninguna área evaluada.');
  for (const area of assessment.areas) {
    room(70);
    useFont(doc, FONT.bold, 10.5).fillColor('#1a1a1a');
    doc.y += drawText(doc, area.area, left, doc.y, { width, maxLines: 3 }) + 2;
    paragraph(
      `Presión de plagas: ${PEST_PRESSURE_NAMES[area.pressure]} · Condiciones que la favorecen: ${
        area.conditions.length > 0 ? area.conditions.map((each) => PEST_CONDITION_NAMES[each]).join(', ') : 'ninguna'
      }`,
    );
    if (area.notes) paragraph(area.notes, 9, '#333333');
    const photos = options.photos.get(area.area);
    if (photos && photos.total > 0) {
      room(DEVICE_PHOTOS_HEIGHT + 6);
      drawDevicePhotos(doc, photos, left, doc.y);
      doc.y += DEVICE_PHOTOS_HEIGHT + 4;
    }
    doc.y += 4;
  }

  if (assessment.figures) await drawFigures(doc, assessment.figures, { heading, paragraph, table, pace });

  heading('Conclusiones');
  paragraph(assessment.conclusions ?? 'Sin conclusiones escritas.');

  heading('Recomendaciones');
  if (assessment.recommendations.length === 0) paragraph('Ninguna recomendación.');
  else {
    const recommendations = table([
      { header: 'N.º', width: 30, singleLine: true },
      { header: 'Recomendación', width: 400 },
      { header: 'Fecha límite', width: 75, singleLine: true },
    ]);
    for (const [index, recommendation] of assessment.recommendations.entries()) {
      recommendations.row([String(index + 1), recommendation.text, day(recommendation.dueDate)]);
    }
    doc.y = recommendations.end() + 4;
    paragraph('Cada recomendación es una acción del cliente (responsable: cliente) con su fecha límite.', 8, '#555555');
  }

  drawSignature(doc, assessment, options, room);
  numberPages(doc, `${title} · ${reference}`);
}

interface Drawing {
  heading: (text: string) => void;
  paragraph: (text: string, size?: number, color?: string, font?: FontName) => void;
  table: (columns: PdfColumn[]) => PdfTable;
  pace: () => Promise<void>;
}

const number = (value: number | null) =>
  value === null ? '—' : value.toLocaleString('es-ES', { maximumFractionDigits: 2 });
const month = (period: string) => {
  const [year, monthNumber] = period.split('-');
  return `${monthNumber}/${year}`;
};
const yearBefore = (period: string) => `${Number(period.slice(0, 4)) - 1}${period.slice(4)}`;
const zoneName = (key: string | null) => (key ? (ZONE_NAMES[key as Zone] ?? key) : 'Sin zona');
const groupName = (key: string | null) => (key ? (PEST_GROUP_NAMES[key as PestGroup] ?? key) : '—');
const totalCaptures = (point: TrendPoint | undefined) =>
  point ? Object.values(point.captures).reduce((sum, count) => sum + count, 0) : null;

/** A trend's points with the same series' point a year before, side by side. */
function trendRows(report: TrendsReport, name: (key: string | null) => string): string[][] {
  const before = new Map((report.previousYear ?? []).map((point) => [`${point.key}|${point.period}`, point]));
  return report.points.map((point) => {
    const previous = before.get(`${point.key}|${yearBefore(point.period)}`);
    return [
      name(point.key),
      month(point.period),
      String(point.inspectedDevices),
      String(point.devicesWithActivity),
      String(totalCaptures(point)),
      number(point.capturesPerDeviceWeek),
      number(point.meanBaitConsumption),
      previous ? String(totalCaptures(previous)) : '—',
      previous ? number(previous.capturesPerDeviceWeek) : '—',
      previous ? number(previous.meanBaitConsumption) : '—',
    ];
  });
}

const TREND_COLUMNS = (first: string): PdfColumn[] => [
  { header: first, width: 80 },
  { header: 'Mes', width: 44, singleLine: true },
  { header: 'Inspecc.', width: 44, align: 'right', singleLine: true },
  { header: 'Con actividad', width: 48, align: 'right' },
  { header: 'Capturas', width: 46, align: 'right', singleLine: true },
  { header: 'Capt./disp. semana', width: 50, align: 'right' },
  { header: 'Consumo cebo %', width: 48, align: 'right' },
  { header: 'Capturas año ant.', width: 48, align: 'right' },
  { header: 'Capt./disp. semana año ant.', width: 56, align: 'right' },
  { header: 'Consumo año ant. %', width: 50, align: 'right' },
];

async function drawFigures(doc: PDFKit.PDFDocument, figures: QuarterFigures, drawing: Drawing): Promise<void> {
  const { heading, paragraph, table, pace } = drawing;
  heading('Cifras del trimestre');
  paragraph(
    `Contadas el ${formatDateTime(figures.computedAt, figures.timeZone)}, al abrir la revisión, por mes del trimestre y con los mismos meses del año anterior.`,
    8.5,
    '#555555',
  );
  for (const [label, report, name] of [
    ['Tendencia por zona', figures.byZone, zoneName],
    ['Tendencia por grupo de plagas', figures.byPestGroup, groupName],
  ] as const) {
    heading(label);
    const rows = trendRows(report, name);
    if (rows.length === 0) paragraph('Sin inspecciones en el trimestre.');
    else {
      const trend = table(TREND_COLUMNS(label.endsWith('zona') ? 'Zona' : 'Grupo'));
      for (const [index, row] of rows.entries()) {
        if (index > 0 && index % 100 === 0) await pace();
        trend.row(row);
      }
      doc.y = trend.end() + 4;
    }
  }
  heading('Límites en vigor al cierre del trimestre');
  if (figures.byZone.thresholds.length === 0) paragraph('Sin límites de tendencia definidos.');
  else {
    const limits = table([
      { header: 'Métrica', width: 120 },
      { header: 'Nivel', width: 60, singleLine: true },
      { header: 'Valor', width: 50, align: 'right', singleLine: true },
      { header: 'Dispositivos', width: 90 },
      { header: 'Zona', width: 90 },
      { header: 'Grupo', width: 90 },
    ]);
    for (const limit of figures.byZone.thresholds) {
      limits.row([
        THRESHOLD_METRIC_NAMES[limit.metric],
        THRESHOLD_LEVEL_NAMES[limit.level],
        number(limit.value),
        TRAP_TYPE_NAMES[limit.trapType],
        limit.zone ? ZONE_NAMES[limit.zone] : 'Todas',
        limit.pestGroup ? PEST_GROUP_NAMES[limit.pestGroup] : 'Todos',
      ]);
    }
    doc.y = limits.end() + 4;
  }
  heading('Umbrales superados');
  if (figures.breaches.length === 0) paragraph('Ningún umbral superado en el trimestre.');
  else {
    const breaches = table([
      { header: 'Zona', width: 120 },
      { header: 'Nivel', width: 70, singleLine: true },
      { header: 'Métrica', width: 180 },
      { header: 'Veces', width: 60, align: 'right', singleLine: true },
    ]);
    for (const breach of figures.breaches) {
      breaches.row([
        zoneName(breach.zone || null),
        THRESHOLD_LEVEL_NAMES[breach.level],
        THRESHOLD_METRIC_NAMES[breach.metric],
        String(breach.count),
      ]);
    }
    doc.y = breaches.end() + 4;
  }
  heading('Acciones correctivas por umbral');
  if (figures.actions.length === 0) paragraph('Ninguna acción abierta por un umbral en el trimestre.');
  else {
    const actions = table([
      { header: 'N.º', width: 34, singleLine: true },
      { header: 'Dónde', width: 90 },
      { header: 'Descripción', width: 190 },
      { header: 'Veces', width: 40, align: 'right', singleLine: true },
      { header: 'Plazo', width: 60, singleLine: true },
      { header: 'Estado', width: 60, singleLine: true },
    ]);
    for (const action of figures.actions) {
      actions.row([
        String(action.id),
        [action.trapCode, action.area].filter(Boolean).join(' · ') || '—',
        action.description,
        String(action.occurrences),
        day(action.dueDate),
        ACTION_STATUS_NAMES[action.status],
      ]);
    }
    doc.y = actions.end() + 4;
  }
  if (figures.coverage) drawCoverage(doc, figures.coverage, drawing);
}

/** Coverage against the contracted frequency, a row per device type and zone of the programme in force. */
function drawCoverage(doc: PDFKit.PDFDocument, coverage: ProgrammeCoverage, { heading, paragraph, table }: Drawing) {
  heading('Cobertura frente a la frecuencia contratada');
  if (coverage.rows.length === 0) {
    paragraph('Sin programa de control aprobado en vigor en el trimestre: no hay frecuencia contratada que medir.');
    return;
  }
  paragraph(
    `Del ${day(coverage.from)} al ${day(coverage.to)}, programa de control versión ${coverage.versions
      .map((version) => version.version)
      .join(', ')}.`,
    8.5,
    '#555555',
  );
  const rows = table([
    { header: 'Dispositivos', width: 110 },
    { header: 'Zona', width: 90 },
    { header: 'Frecuencia', width: 70, singleLine: true },
    { header: 'Visitas hechas / debidas', width: 70, align: 'right' },
    { header: 'Periodos cubiertos', width: 60, align: 'right' },
    { header: 'Inspecciones hechas / debidas', width: 80, align: 'right' },
  ]);
  for (const row of coverage.rows) {
    rows.row([
      TRAP_TYPE_NAMES[row.type],
      row.zone ? (ZONE_NAMES[row.zone as Zone] ?? row.zone) : 'Todas',
      row.frequency.charAt(0) + row.frequency.slice(1).toLowerCase(),
      `${row.visitsMade} / ${row.visitsOwed}`,
      `${row.periodsCovered} / ${row.visitsOwed}`,
      `${row.inspectionsDone} / ${row.inspectionsOwed}`,
    ]);
  }
  doc.y = rows.end() + 4;
}

function drawSignature(
  doc: PDFKit.PDFDocument,
  assessment: ReportedAssessment,
  options: AssessmentReportOptions,
  room: (height: number) => void,
): void {
  room(SIGNATURE_BOX.height + 80);
  const left = doc.page.margins.left;
  const y = doc.y + 12;
  useFont(doc, FONT.regular, 8).fillColor('#555555');
  drawText(doc, 'Firma del responsable técnico', left, y, { width: SIGNATURE_BOX.width, maxLines: 1 });
  const boxY = y + 12;
  doc.rect(left, boxY, SIGNATURE_BOX.width, SIGNATURE_BOX.height).lineWidth(0.5).strokeColor('#999999').stroke();
  if (options.signature) {
    doc.image(options.signature, left + 4, boxY + 4, {
      fit: [SIGNATURE_BOX.width - 8, SIGNATURE_BOX.height - 8],
      align: 'center',
      valign: 'center',
    });
  } else {
    useFont(doc, FONT.regular, 9).fillColor('#b3261e');
    drawText(doc, 'Sin firmar (borrador)', left + 8, boxY + SIGNATURE_BOX.height / 2 - 6, {
      width: SIGNATURE_BOX.width - 16,
      maxLines: 1,
    });
  }
  let lineY = boxY + SIGNATURE_BOX.height + 4;
  const signer = assessment.signedBy;
  const lines = signer
    ? [
        signer.fullName,
        QUALIFICATION_LABELS[signer.qualification],
        `Firmada el ${formatDateTime(assessment.signedAt, options.timeZone)}`,
      ]
    : ['—', 'Responsable técnico', 'Pendiente de firma'];
  for (const [index, line] of lines.entries()) {
    useFont(doc, index === 0 ? FONT.bold : FONT.regular, 9).fillColor('#1a1a1a');
    lineY += drawText(doc, line, left, lineY, { width: SIGNATURE_BOX.width + 100, maxLines: 2 });
  }
  doc.x = left;
  doc.y = lineY + 4;
}
