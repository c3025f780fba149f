import {
  ACTION_ORIGIN_NAMES,
  ACTION_RESPONSIBLE_NAMES,
  ACTION_SEVERITY_NAMES,
  PRODUCT_IMPACT_NAMES,
  RECOMMENDATION_REMINDER_DAYS,
} from '@rondin/contracts';
import { FONT, useFont } from '../../../lib/pdf-fonts.js';
import { MARGIN } from '../../../lib/pdf-sections.js';
import { drawFitted, fitText } from '../../../lib/pdf-text.js';
import { localDate } from '../../../lib/time-zone.js';
import type { PackAction } from '../audit-pack.repository.js';
import type { PackPages } from './pack-pages.js';
import { acknowledgementOf, dateText, dayText, number } from './pack-text.js';

/** Where an action stands on the day the pack is made: closed in time or late, open, or open past its date. */
type Standing = 'ON_TIME' | 'LATE' | 'OPEN' | 'OVERDUE';

function standingOf(action: PackAction, today: string, timeZone: string): Standing {
  if (action.closedAt) return localDate(action.closedAt, timeZone) <= action.dueDate ? 'ON_TIME' : 'LATE';
  return action.dueDate < today ? 'OVERDUE' : 'OPEN';
}

function standingText(action: PackAction, standing: Standing, timeZone: string): string {
  switch (standing) {
    case 'ON_TIME':
      return `Cerrada en plazo el ${dateText(action.closedAt!, timeZone)}`;
    case 'LATE':
      return `Cerrada fuera de plazo el ${dateText(action.closedAt!, timeZone)} (vencía el ${dayText(action.dueDate)})`;
    case 'OVERDUE':
      return `${action.status === 'EN_CURSO' ? 'En curso' : 'Abierta'}, vencida desde el ${dayText(action.dueDate)}`;
    case 'OPEN':
      return `${action.status === 'EN_CURSO' ? 'En curso' : 'Abierta'}, vence el ${dayText(action.dueDate)}`;
  }
}

/** A fact of an action: its label, its value, and whether it is printed as a warning (red). */
type Fact = [label: string, value: string, alert?: boolean];

/**
 * What the auditor reads of one action, field by field, in the order the standards ask for them; one the client
 * answers for (responsible CLIENTE) also says whether and when the plant acknowledged it in the portal.
 */
function actionFacts(action: PackAction, timeZone: string, now: Date): Fact[] {
  const pending = action.closedAt ? 'No registrada' : 'Pendiente';
  // «Por Marta Vidal el 02-02-2026: dos visitas seguidas sin consumo.»
  const verifier = [
    action.verifiedBy && `Por ${action.verifiedBy}`,
    action.verifiedOn && `el ${dayText(action.verifiedOn)}`,
  ]
    .filter(Boolean)
    .join(' ');
  const verified = action.verificationResult
    ? verifier
      ? `${verifier}: ${action.verificationResult}`
      : action.verificationResult
    : null;
  const acknowledgement = action.responsible === 'CLIENTE' ? acknowledgementOf(action, now, timeZone) : null;
  const facts: [string, string | null, boolean?][] = [
    [
      'Detectada',
      `${dateText(action.detectedAt, timeZone)}${action.detectedBy ? ` por ${action.detectedBy}` : ''}${action.where ? ` · ${action.where}` : ''} · gravedad ${ACTION_SEVERITY_NAMES[action.severity].toLowerCase()}`,
    ],
    ['Descripción', action.description],
    ['Corrección inmediata', action.immediateCorrection ?? pending],
    [
      'Producto afectado',
      action.productImpactKind
        ? [PRODUCT_IMPACT_NAMES[action.productImpactKind], action.productImpact].filter(Boolean).join(': ')
        : action.productImpact,
    ],
    ['Causa raíz', action.rootCause ?? pending],
    ['Acción preventiva', action.preventiveAction ?? pending],
    [
      'Responsable y plazo',
      `${ACTION_RESPONSIBLE_NAMES[action.responsible]}${action.responsibleName ? ` (${action.responsibleName})` : ''}, hasta el ${dayText(action.dueDate)}`,
    ],
    ['Reconocimiento', acknowledgement?.text ?? null, acknowledgement?.overdue],
    ['Verificación', verified ?? (action.verificationPlan ? `Prevista: ${action.verificationPlan}` : pending)],
    [
      'Cierre',
      action.closedAt
        ? [
            `${dateText(action.closedAt, timeZone)}${action.closedBy ? ` por ${action.closedBy}` : ''}`,
            action.closingNote,
          ]
            .filter(Boolean)
            .join(' · ')
        : 'Sin cerrar',
    ],
  ];
  return facts.filter((fact): fact is Fact => fact[1] !== null && fact[1] !== '');
}

const LABEL_WIDTH = 110;
const SIZE = 8.5;

/** One action: its heading (number, origin and standing) and its facts, labels on the left; kept on one page. */
function drawAction(pack: PackPages, action: PackAction, standing: Standing): void {
  const { doc } = pack;
  const valueWidth = pack.width - LABEL_WIDTH;
  useFont(doc, FONT.regular, SIZE);
  const facts = actionFacts(action, pack.timeZone, pack.data.generatedAt).map(([label, value, alert]) => {
    useFont(doc, alert ? FONT.bold : FONT.regular, SIZE);
    return { label, alert, value: fitText(doc, value, { width: valueWidth, maxLines: 60 }) };
  });
  const heading = `N.º ${action.id} · ${ACTION_ORIGIN_NAMES[action.origin]} · ${standingText(action, standing, pack.timeZone)}`;
  useFont(doc, FONT.bold, 9.5);
  const title = fitText(doc, heading, { width: pack.width - 8, maxLines: 3 });
  const height = title.height + 8 + facts.reduce((sum, fact) => sum + fact.value.height + 3, 0);
  pack.ensure(Math.min(height, pack.bottom - 120));
  let y = doc.y;
  const late = standing === 'LATE' || standing === 'OVERDUE';
  doc.rect(MARGIN, y, pack.width, title.height + 6).fill(late ? '#fdecea' : '#eef2f6');
  useFont(doc, FONT.bold, 9.5).fillColor(late ? '#b3261e' : '#1f3b57');
  drawFitted(doc, title, MARGIN + 4, y + 3, { width: pack.width - 8 });
  y += title.height + 8;
  for (const fact of facts) {
    if (y + fact.value.height > pack.bottom) {
      doc.addPage();
      y = pack.header();
    }
    useFont(doc, FONT.bold, SIZE).fillColor('#555555');
    drawFitted(doc, fitText(doc, fact.label, { width: LABEL_WIDTH - 6, maxLines: 2 }), MARGIN, y, {
      width: LABEL_WIDTH - 6,
    });
    useFont(doc, fact.alert ? FONT.bold : FONT.regular, SIZE).fillColor(fact.alert ? '#b3261e' : '#1a1a1a');
    drawFitted(doc, fact.value, MARGIN + LABEL_WIDTH, y, { width: valueWidth });
    y += fact.value.height + 3;
  }
  doc.x = MARGIN;
  doc.y = y + 10;
}

export async function drawActions(pack: PackPages): Promise<void> {
  const { data, timeZone } = pack;
  pack.section('actions');
  if (!data.actions.length) {
    pack.empty('Sin acciones correctivas ni recomendaciones en el período.');
    return;
  }
  const today = localDate(data.generatedAt, timeZone);
  const standings = data.actions.map((action) => standingOf(action, today, timeZone));
  const count = (standing: Standing) => standings.filter((each) => each === standing).length;
  const closed = count('ON_TIME') + count('LATE');
  const open = count('OPEN') + count('OVERDUE');
  const recommendations = data.actions.filter((action) => action.origin === 'RECOMENDACION').length;
  pack.paragraph(
    `Acciones correctivas y recomendaciones al cliente detectadas en el período, y las de antes que seguían abiertas al empezar: ${number(data.actions.length)} (${number(data.actions.length - recommendations)} acciones y ${number(recommendations)} recomendaciones). Su estado, al ${dayText(today)}:`,
    8.5,
  );
  const summary = pack.table([
    { header: 'Cerradas', width: 60, align: 'right', singleLine: true },
    { header: 'En plazo', width: 60, align: 'right', singleLine: true },
    { header: 'Fuera de plazo', width: 70, align: 'right', singleLine: true },
    { header: 'Abiertas', width: 60, align: 'right', singleLine: true },
    { header: 'Dentro de plazo', width: 70, align: 'right', singleLine: true },
    { header: 'Vencidas', width: 60, align: 'right', singleLine: true },
  ]);
  summary.row(
    [closed, count('ON_TIME'), count('LATE'), open, count('OPEN'), count('OVERDUE')].map((value) => number(value)),
  );
  summary.end();
  const clients = data.actions.filter((action) => action.responsible === 'CLIENTE');
  if (clients.length) {
    const waiting = clients.map((action) => acknowledgementOf(action, data.generatedAt, timeZone));
    const unacknowledged = waiting.filter((each) => each.days !== null);
    const overdue = waiting.filter((each) => each.overdue).length;
    pack.paragraph(
      `A cargo del cliente: ${number(clients.length)}; la planta reconoce cada una en el portal. Sin reconocer: ${number(unacknowledged.length)}, de ellas ${number(overdue)} pasado el plazo de ${RECOMMENDATION_REMINDER_DAYS} días desde que se hicieron (en rojo en su «Reconocimiento»).`,
      8.5,
    );
  }
  pack.paragraph(
    'Cada acción con su origen, lo detectado, la corrección inmediata, la causa raíz, la acción preventiva, quién responde y hasta cuándo, cómo se verificó su eficacia (quién y cuándo) y su cierre. Las abiertas fuera de plazo y las cerradas tarde, en rojo. Las superaciones de umbral que abrieron cada una están en la sección de umbrales.',
    8.5,
  );
  for (const [index, action] of data.actions.entries()) {
    if (index > 0 && index % 50 === 0) await pack.pace();
    drawAction(pack, action, standings[index]!);
  }
}
