import {
  ACTION_STATUS_NAMES,
  ASSESSMENT_KIND_NAMES,
  type Assessment,
  PEST_CONDITION_NAMES,
  PEST_PRESSURE_NAMES,
  QUALIFICATION_LABELS,
} from '@rondin/contracts';
import { drawFacts } from '../../../lib/pdf-document.js';
import { localDate } from '../../../lib/time-zone.js';
import type { PackPages } from './pack-pages.js';
import { acknowledgementOf, dateText, dayText, number, quarterText } from './pack-text.js';

/** A signed assessment's heading: its kind, number, and the one it corrects. */
const title = (assessment: Assessment) =>
  `${ASSESSMENT_KIND_NAMES[assessment.kind]} N.º ${assessment.id}${assessment.periodFrom && assessment.kind === 'REVISION_TRIMESTRAL' ? ` · ${quarterText(assessment.periodFrom)}` : ''}${assessment.revisionOf ? ` (corrige la N.º ${assessment.revisionOf})` : ''}`;

/** Who walked it and when, who signed it, and the signed report's fingerprint. */
function drawSigned(pack: PackPages, assessment: Assessment): void {
  const signer = assessment.signedBy;
  drawFacts(pack.doc, [
    [
      'Realizada',
      `${dateText(new Date(assessment.performedAt), pack.timeZone)}${assessment.performedBy ? ` por ${assessment.performedBy.fullName}` : ''}`,
    ],
    [
      'Firmada',
      signer && assessment.signedAt
        ? `${signer.fullName} (${QUALIFICATION_LABELS[signer.qualification]}), ${dateText(new Date(assessment.signedAt), pack.timeZone)}`
        : 'Sin firmar',
    ],
    ...(assessment.periodFrom && assessment.periodTo
      ? [
          ['Período evaluado', `${dayText(assessment.periodFrom)} a ${dayText(assessment.periodTo)}`] as [
            string,
            string,
          ],
        ]
      : []),
    ['Huella SHA-256 del informe firmado', assessment.reportSha256 ?? '—'],
  ]);
}

function drawAreas(pack: PackPages, assessment: Assessment): void {
  pack.subtitle('Áreas evaluadas');
  if (!assessment.areas.length) {
    pack.empty('La evaluación no recorre áreas.');
    return;
  }
  const table = pack.table([
    { header: 'Área', width: 110 },
    { header: 'Presión de plagas', width: 60, singleLine: true },
    { header: 'Condiciones que favorecen plagas', width: 110 },
    { header: 'Observaciones', width: 190 },
    { header: 'Fotos', width: 35, align: 'right', singleLine: true },
  ]);
  for (const area of assessment.areas) {
    table.row([
      area.area,
      PEST_PRESSURE_NAMES[area.pressure],
      area.conditions.map((condition) => PEST_CONDITION_NAMES[condition]).join(', ') || 'Ninguna',
      area.notes ?? '—',
      number(area.photoIds.length),
    ]);
  }
  table.end();
}

/**
 * Each recommendation with its due date and the client action it became, as that action stands today, and
 * whether the plant acknowledged it in the portal (in red: unacknowledged past the reminder's days).
 */
function drawRecommendations(pack: PackPages, assessment: Assessment): void {
  pack.subtitle('Recomendaciones');
  if (!assessment.recommendations.length) {
    pack.empty('Sin recomendaciones.');
    return;
  }
  const states = new Map(pack.data.assessments.recommendations.map((state) => [state.actionId, state]));
  const table = pack.table([
    { header: 'Recomendación', width: 200 },
    { header: 'Plazo', width: 58, singleLine: true },
    { header: 'Acción', width: 46, singleLine: true },
    { header: 'Estado', width: 96 },
    { header: 'Reconocimiento', width: 120 },
  ]);
  for (const recommendation of assessment.recommendations) {
    const state = recommendation.actionId === null ? undefined : states.get(recommendation.actionId);
    const acknowledgement = state ? acknowledgementOf(state, pack.data.generatedAt, pack.timeZone) : undefined;
    table.row(
      [
        recommendation.text,
        dayText(recommendation.dueDate),
        recommendation.actionId === null ? '—' : `N.º ${recommendation.actionId}`,
        state
          ? `${ACTION_STATUS_NAMES[state.status]}${state.closedAt ? ` el ${dateText(state.closedAt, pack.timeZone)}` : ''}${state.status !== 'CERRADA' && recommendation.dueDate < pack.data.period.toDay ? ' (vencida)' : ''}`
          : '—',
        acknowledgement?.text ?? '—',
      ],
      acknowledgement?.overdue ? { color: '#b3261e', bold: true } : {},
    );
  }
  table.end();
}

function drawAssessment(pack: PackPages, assessment: Assessment): void {
  pack.subtitle(title(assessment));
  drawSigned(pack, assessment);
  drawAreas(pack, assessment);
  pack.subtitle('Conclusiones');
  pack.prose(assessment.conclusions ?? '—');
  drawRecommendations(pack, assessment);
}

/** Twelve months after `day` (YYYY-MM-DD), the day an annual survey falls due again. */
const yearAfter = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;

/**
 * The site's risk assessment: the diagnosis made before the service began and the latest annual in-depth survey,
 * each as signed (areas walked, pest pressure, the conditions that favour pests, conclusions, recommendations and
 * where each stands), or a plain statement that it is missing or out of date.
 */
export function drawAssessments(pack: PackPages): void {
  const { diagnosis, annual } = pack.data.assessments;
  pack.section('assessments');
  if (diagnosis) drawAssessment(pack, diagnosis);
  else pack.empty('Sin diagnóstico de situación firmado hasta el fin del período.');
  if (!annual) {
    pack.empty('Sin revisión anual firmada hasta el fin del período.');
    return;
  }
  const performed = localDate(new Date(annual.performedAt), pack.timeZone);
  if (yearAfter(performed) < pack.data.period.toDay) {
    pack.empty(
      `La última revisión anual tenía más de 12 meses al terminar el período: se debía el ${dayText(yearAfter(performed))}.`,
    );
  }
  drawAssessment(pack, annual);
}

/**
 * The quarterly reviews: first whether each quarter that ended within the period has its signed review, then each
 * review with the figures its signer read, the conclusions written on them and the recommendations.
 */
export function drawReviews(pack: PackPages): void {
  const { quarterly, quarters } = pack.data.assessments;
  pack.section('reviews');
  if (!quarters.length) {
    pack.empty('Ningún trimestre terminó dentro del período.');
    return;
  }
  const byId = new Map(quarterly.map((review) => [review.id, review]));
  const table = pack.table([
    { header: 'Trimestre', width: 70, singleLine: true },
    { header: 'Días', width: 130, singleLine: true },
    { header: 'Revisión', width: 280 },
  ]);
  for (const quarter of quarters) {
    const review = quarter.reviewId === null ? undefined : byId.get(quarter.reviewId);
    table.row([
      quarterText(quarter.from),
      `${dayText(quarter.from)} a ${dayText(quarter.to)}`,
      review?.signedAt
        ? `N.º ${review.id}, firmada el ${dateText(new Date(review.signedAt), pack.timeZone)} por ${review.signedBy?.fullName ?? '—'}`
        : 'Sin revisión firmada',
    ]);
  }
  table.end();
  for (const review of quarterly) {
    pack.ensure(200);
    pack.subtitle(title(review));
    drawSigned(pack, review);
    drawFigures(pack, review);
    pack.subtitle('Conclusiones');
    pack.prose(review.conclusions ?? '—');
    if (review.areas.length) drawAreas(pack, review);
    drawRecommendations(pack, review);
  }
}

/** What the quarter's figures held when the review was opened: breaches by level and the actions they led to. */
function drawFigures(pack: PackPages, review: Assessment): void {
  const figures = review.figures;
  if (!figures) return;
  const action = figures.breaches.filter((breach) => breach.level === 'ACCION').reduce((sum, b) => sum + b.count, 0);
  const alert = figures.breaches.filter((breach) => breach.level === 'ALERTA').reduce((sum, b) => sum + b.count, 0);
  pack.paragraph(
    `Cifras del trimestre leídas al abrir la revisión (${dateText(new Date(figures.computedAt), pack.timeZone)}): superaciones del umbral de acción, ${number(action)}; de alerta, ${number(alert)}; acciones correctivas abiertas o con superaciones en el trimestre, ${number(figures.actions.length)}. Las tendencias por zona y grupo de plaga frente al mismo trimestre del año anterior están en el informe firmado de la revisión.`,
  );
  if (!figures.actions.length) return;
  const table = pack.table([
    { header: 'Acción', width: 50, singleLine: true },
    { header: 'Dónde', width: 110 },
    { header: 'Descripción', width: 230 },
    { header: 'Estado al abrir la revisión', width: 100 },
  ]);
  for (const each of figures.actions) {
    table.row([
      `N.º ${each.id}`,
      [each.trapCode, each.area].filter(Boolean).join(' · ') || '—',
      each.description,
      ACTION_STATUS_NAMES[each.status],
    ]);
  }
  table.end();
}
