// No zod here: the office screens import this module alone (@rondin/contracts/finding-text), and the service
// report and the export print the same words.
import type { Capture, Finding, ItemException, ItemManual } from './findings.js';
import {
  ACTIVITY_NAMES,
  BAIT_STATE_NAMES,
  type CaptureBand,
  CAPTURE_BAND_MINIMUM,
  DEVICE_STATUS_NAMES,
  type Evidence,
  EVIDENCE_NAMES,
  EXCEPTION_REASON_DETAIL_NAMES,
  EXCEPTION_REASON_NAMES,
  type FindingAction,
  FINDING_ACTIONS,
  FINDING_ACTION_NAMES,
  type ItemOutcome,
  MANUAL_REASON_NAMES,
} from './finding-rules.js';

/** A band as people write it: "11–50", "más de 50". */
const BAND_TEXT: Record<CaptureBand, string> = { '0': '0', '1-10': '1–10', '11-50': '11–50', '>50': 'más de 50' };

/** How many were caught: the count, or the band of a saturated board. */
export const captureAmount = (capture: Pick<Capture, 'count' | 'band'>): string =>
  capture.count !== null ? String(capture.count) : BAND_TEXT[capture.band ?? '0'];

/** Whether anything of that pest was caught: a count of 0 or the band "0" says it was looked for, not found. */
export const caught = (capture: Pick<Capture, 'count' | 'band'>): boolean =>
  capture.count !== null ? capture.count > 0 : capture.band !== null && capture.band !== '0';

/** "Cucaracha alemana 3, Moscas 11–50": the pests caught, none when nothing was. */
export const capturesText = (captures: readonly Capture[]): string =>
  captures
    .filter(caught)
    .map((capture) => `${capture.name} ${captureAmount(capture)}`)
    .join(', ');

/** Names inside a sentence: "roeduras, excrementos". */
const lowerList = (names: readonly string[]) =>
  names.map((name) => name.charAt(0).toLowerCase() + name.slice(1)).join(', ');

/** "roeduras, excrementos", in the order they were marked. */
export const evidenceText = (evidence: readonly Evidence[]): string =>
  lowerList(evidence.map((kind) => EVIDENCE_NAMES[kind]));

/** "cebo o atrayente repuesto, limpieza", in the catalogue's order whatever order they were tapped in. */
export const actionsText = (actions: readonly FindingAction[]): string =>
  lowerList(FINDING_ACTIONS.filter((action) => actions.includes(action)).map((action) => FINDING_ACTION_NAMES[action]));

/** The finding's facts that are worth a line each, in the order an inspector reads a device. */
export interface FindingFacts {
  /** "Sin actividad", "Actividad media"… and, when the technician raised it, that it was raised. */
  activity: string;
  /** The device's condition when it was not simply OK ("Manipulado"). */
  status: string | null;
  /** "Consumo de cebo 50 %", "Cebo ausente". */
  bait: string | null;
  captures: string | null;
  evidence: string | null;
  actions: string | null;
  notes: string | null;
  /** "Corregido después del cierre: …", when an administrator corrected it. */
  correction: string | null;
}

/** What a finding's text is made of: a version without its ids, times and flags. */
export type FindingContent = Pick<
  Finding,
  | 'activity'
  | 'derivedActivity'
  | 'deviceStatus'
  | 'baitConsumption'
  | 'baitState'
  | 'captures'
  | 'evidence'
  | 'actions'
  | 'notes'
  | 'isCorrection'
  | 'reason'
>;

export function findingFacts(finding: FindingContent): FindingFacts {
  const bait = [
    finding.baitConsumption !== null ? `Consumo de cebo ${finding.baitConsumption} %` : null,
    finding.baitState ? BAIT_STATE_NAMES[finding.baitState] : null,
  ].filter((part): part is string => part !== null);
  const captures = capturesText(finding.captures);
  return {
    activity:
      finding.activity === finding.derivedActivity
        ? ACTIVITY_NAMES[finding.activity]
        : `${ACTIVITY_NAMES[finding.activity]} (según el técnico)`,
    status: finding.deviceStatus === 'OK' ? null : DEVICE_STATUS_NAMES[finding.deviceStatus],
    bait: bait.length ? bait.join(' · ') : null,
    captures: captures ? `Capturas: ${captures}` : null,
    evidence: finding.evidence.length ? `Indicios: ${evidenceText(finding.evidence)}` : null,
    actions: finding.actions.length ? `Acciones: ${actionsText(finding.actions)}` : null,
    notes: finding.notes ? `Nota: ${finding.notes}` : null,
    correction: finding.isCorrection ? `Corregido después del cierre: ${finding.reason ?? ''}`.trim() : null,
  };
}

/** The finding in one line of phrases joined by " · ", for a table cell. */
export function findingText(finding: FindingContent): string {
  const facts = findingFacts(finding);
  return [
    facts.activity,
    facts.status,
    facts.bait,
    facts.captures,
    facts.evidence,
    facts.actions,
    facts.notes,
    facts.correction,
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
}

/**
 * How a device's visit ended, in the words the office and the reports use: only "Escaneada" proves the
 * technician was at the device; "Código escrito (etiqueta dañada)" was inspected but its QR not read, and "No
 * encontrada" and "Inaccesible" were recorded without a scan.
 */
export function outcomeName(
  outcome: ItemOutcome | null,
  exception: ItemException | null,
  manual: ItemManual | null = null,
): string {
  if (outcome === 'SCANNED') return 'Escaneada';
  if (outcome === 'MANUAL') {
    return manual
      ? `${MANUAL_OUTCOME_NAME} (${MANUAL_REASON_NAMES[manual.reason].toLowerCase()})`
      : MANUAL_OUTCOME_NAME;
  }
  if (outcome === 'EXCEPTION' && exception) return EXCEPTION_REASON_NAMES[exception.reason];
  return 'Pendiente';
}

/** A MANUAL outcome's name: the technician typed the code printed on the label. */
export const MANUAL_OUTCOME_NAME = 'Código escrito';

/** What a document says beside a MANUAL outcome, wherever presence is shown or counted. */
export const NOT_PROOF_OF_PRESENCE = 'no prueba presencia';

/** Why an exception's device was not scanned: "Área cerrada · la bodega estaba con llave", or its note alone. */
export function exceptionText(exception: ItemException): string {
  return [
    exception.reasonDetail && exception.reasonDetail !== 'OTRO'
      ? EXCEPTION_REASON_DETAIL_NAMES[exception.reasonDetail]
      : null,
    exception.note,
  ]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

/** What the reports say under a list of devices, so nobody reads an exception or a typed code as a visit. */
export const OUTCOME_NOTE =
  'Solo «Escaneada» prueba que el técnico estuvo en el dispositivo: leyó su código QR. «Código escrito» se inspeccionó con el código impreso escrito a mano (etiqueta ilegible): no prueba presencia. «No encontrada» e «Inaccesible» se registraron sin escanear.';

/** The least a band stands for, to add catches up: "at least" totals when bands are among them. */
export function capturedAtLeast(capture: Pick<Capture, 'count' | 'band'>): number {
  return capture.count ?? (capture.band ? CAPTURE_BAND_MINIMUM[capture.band] : 0);
}

/** One pest's catches over several devices. */
export interface CaptureTotal {
  pestId: number;
  name: string;
  group: Capture['group'];
  /** The sum of the counts, a band counting as its least. */
  total: number;
  /** Some were counted in bands: the total is a minimum. */
  atLeast: boolean;
  /** Devices where it was caught. */
  devices: number;
}

/** The pests caught across findings, most caught first: what a service report and an auditor sum up. */
export function captureTotals(findings: readonly { captures: readonly Capture[] }[]): CaptureTotal[] {
  const totals = new Map<number, CaptureTotal>();
  for (const finding of findings) {
    for (const capture of finding.captures.filter(caught)) {
      const total = totals.get(capture.pestId) ?? {
        pestId: capture.pestId,
        name: capture.name,
        group: capture.group,
        total: 0,
        atLeast: false,
        devices: 0,
      };
      total.total += capturedAtLeast(capture);
      total.atLeast ||= capture.count === null;
      total.devices += 1;
      totals.set(capture.pestId, total);
    }
  }
  return [...totals.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, 'es'));
}

/** "3", or "al menos 11" when bands are among them. */
export const totalText = (total: Pick<CaptureTotal, 'total' | 'atLeast'>): string =>
  total.atLeast ? `al menos ${total.total}` : String(total.total);
