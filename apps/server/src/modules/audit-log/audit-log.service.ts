import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  DEFAULT_PAGE_SIZE,
  type AuditLogPage,
  type AuditLogQuery,
} from '@rondin/contracts';
import { pageWindow } from '../../lib/search.js';
import type { AuditLogRepository, ChainBreak } from './audit-log.repository.js';

/** What checking the chain found: every row holds, or the first that does not and why. */
export interface AuditLogCheck {
  /** Rows in the log. */
  rows: number;
  last: { id: number; at: Date; hash: string } | undefined;
  broken:
    | (Omit<ChainBreak, 'previousId' | 'linked' | 'sound'> & {
        /** missing: rows taken out just before it (`missing` holds their ids); unlinked: its link to the previous
         * row does not hold (a row before it replaced, put in or moved); altered: its content is not what was written. */
        problem: 'missing' | 'unlinked' | 'altered';
        missing?: { from: number; to: number };
      })
    | undefined;
}

/** The change log (modules/audit-log/README.md): its pages for the office, and the check of its chain. */
export class AuditLogService {
  constructor(private readonly repository: AuditLogRepository) {}

  async page(query: AuditLogQuery): Promise<AuditLogPage> {
    const { page, pageSize, offset } = pageWindow(query, DEFAULT_PAGE_SIZE);
    const { items, total } = await this.repository.page(query, { pageSize, offset });
    return { items, total, page, pageSize };
  }

  /** Walks the whole chain in one snapshot: npm run audit-log:verify. */
  async check(): Promise<AuditLogCheck> {
    const { rows, last, broken } = await this.repository.check();
    if (!broken) return { rows, last, broken: undefined };
    const { previousId, linked, sound, ...row } = broken;
    const expected = (previousId ?? 0) + 1;
    if (row.id !== expected) {
      return { rows, last, broken: { ...row, problem: 'missing', missing: { from: expected, to: row.id - 1 } } };
    }
    return { rows, last, broken: { ...row, problem: linked ? 'altered' : 'unlinked' } };
  }
}

const count = (value: number) => value.toLocaleString('es');

/** The check's result in Spanish, for whoever runs the script: what was checked, and what to look at. */
export function describeCheck(check: AuditLogCheck, timeZone: string): string {
  const when = (at: Date) =>
    `${new Intl.DateTimeFormat('es', {
      timeZone,
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(at)} (${timeZone})`;
  if (check.rows === 0) return 'El registro de cambios está vacío: no hay filas que comprobar.';
  const lastLine = check.last
    ? `Última fila: ${count(check.last.id)}, del ${when(check.last.at)}, huella ${check.last.hash}. ` +
      'Anótala fuera de Rondín: las filas quitadas del final solo se descubren comparando con esa anotación.'
    : '';
  const { broken } = check;
  if (!broken) {
    return [
      `Registro de cambios íntegro: ${count(check.rows)} filas comprobadas, sin huecos ni alteraciones.`,
      lastLine,
    ].join('\n');
  }
  const row = `${AUDIT_ACTION_LABELS[broken.action as keyof typeof AUDIT_ACTION_LABELS] ?? broken.action} de ${(
    AUDIT_ENTITY_LABELS[broken.entity as keyof typeof AUDIT_ENTITY_LABELS] ?? broken.entity
  ).toLowerCase()}${broken.entityId === null ? '' : ` ${broken.entityId}`}, del ${when(broken.at)}`;
  const why =
    broken.problem === 'missing'
      ? broken.missing!.from === broken.missing!.to
        ? `falta la fila ${count(broken.missing!.from)}, que estaba justo antes: fue borrada`
        : `faltan las filas ${count(broken.missing!.from)} a ${count(broken.missing!.to)}, que estaban justo antes: fueron borradas`
      : broken.problem === 'unlinked'
        ? 'no enlaza con la fila anterior: esa fila fue reemplazada, o se insertó o reordenó una fila'
        : 'su contenido ya no es el que se escribió: la fila fue modificada';
  return [
    `Registro de cambios ROTO: ${count(broken.rowsBefore)} de ${count(check.rows)} filas comprobadas están íntegras.`,
    `Primera fila rota: la ${count(broken.id)} (${row}): ${why}.`,
    lastLine,
  ].join('\n');
}
