import {
  DEFAULT_PAGE_SIZE,
  type InspectionExportQuery,
  type InspectionListQuery,
  type InspectionPage,
} from '@rondin/contracts';
import { TRAP_TYPE_NAMES, ZONE_NAMES } from '@rondin/contracts/devices';
import { ACTIVITY_NAMES, DEVICE_STATUS_NAMES } from '@rondin/contracts/finding-rules';
import { actionsText, capturesText, evidenceText, exceptionText, outcomeName } from '@rondin/contracts/finding-text';
import type { Readable } from 'node:stream';
import { type ExportColumn, fileDay, writeListExport } from '../../lib/list-export.js';
import { pageWindow } from '../../lib/search.js';
import type { ExportedInspection, InspectionCursor, InspectionsRepository } from './inspections.repository.js';

/** Inspections an export reads at once: a few hundred KB of rows with their findings. */
const EXPORT_BATCH = 1000;

/** The export's columns: what the list shows of each inspection, in the site's words and its zone's time. */
const COLUMNS: readonly ExportColumn<ExportedInspection>[] = [
  { header: 'Fecha', width: 11, kind: 'date', value: (row) => row.day },
  { header: 'Hora', width: 7, value: (row) => row.time },
  { header: 'Sitio', width: 22, value: (row) => row.site.name },
  { header: 'Orden', width: 8, kind: 'number', value: (row) => row.sessionId },
  { header: 'Código', width: 12, value: (row) => row.trap.code },
  { header: 'Tipo', width: 28, value: (row) => TRAP_TYPE_NAMES[row.trap.type] },
  { header: 'Zona', width: 18, value: (row) => (row.trap.zone ? ZONE_NAMES[row.trap.zone] : null) },
  { header: 'Área', width: 20, value: (row) => row.trap.area },
  { header: 'Técnico', width: 24, value: (row) => row.inspectedBy?.fullName ?? null },
  { header: 'Resultado', width: 16, value: (row) => outcomeName(row.outcome, row.exception, row.manual) },
  {
    header: 'Estado del dispositivo',
    width: 20,
    value: (row) => (row.finding ? DEVICE_STATUS_NAMES[row.finding.deviceStatus] : null),
  },
  { header: 'Actividad', width: 14, value: (row) => (row.finding ? ACTIVITY_NAMES[row.finding.activity] : null) },
  { header: 'Capturas', width: 30, value: (row) => (row.finding ? capturesText(row.finding.captures) || null : null) },
  {
    header: 'Consumo de cebo (%)',
    width: 10,
    kind: 'number',
    value: (row) => row.finding?.baitConsumption ?? null,
  },
  { header: 'Indicios', width: 24, value: (row) => (row.finding ? evidenceText(row.finding.evidence) || null : null) },
  {
    header: 'Acciones realizadas',
    width: 24,
    value: (row) => (row.finding ? actionsText(row.finding.actions) || null : null),
  },
  { header: 'Fotos', width: 7, kind: 'number', value: (row) => row.photoIds.length },
  // Why the device was not inspected (the preset detail and the note), or the finding's note.
  {
    header: 'Nota',
    width: 40,
    value: (row) => (row.exception ? exceptionText(row.exception) || null : (row.finding?.notes ?? null)),
  },
];

/** The office's list of inspections: every device scanned or accounted for, with what was found. Read only. */
export class InspectionsService {
  constructor(
    private readonly repository: InspectionsRepository,
    private readonly timeZone: string,
  ) {}

  async page(query: InspectionListQuery): Promise<InspectionPage> {
    const { page, pageSize, offset } = pageWindow(query, DEFAULT_PAGE_SIZE);
    const { rows, total } = await this.repository.page(query, { pageSize, offset });
    return { items: rows, total, page, pageSize };
  }

  /** Every inspection the list's filters keep, newest first, as CSV or Excel, read and written a batch at a time. */
  export(query: InspectionExportQuery): { fileName: string; content: Readable } {
    const { format, ...filter } = query;
    const repository = this.repository;
    async function* batches() {
      let after: InspectionCursor | null = null;
      for (;;) {
        const rows = await repository.batch(filter, EXPORT_BATCH, after);
        if (rows.length > 0) yield rows;
        if (rows.length < EXPORT_BATCH) return;
        const last = rows.at(-1)!;
        after = { completedAt: last.completedAt, itemId: last.itemId };
      }
    }
    return {
      fileName: `inspecciones-${fileDay(this.timeZone)}.${format}`,
      content: writeListExport({ format, sheet: 'Inspecciones', columns: COLUMNS, batches: batches() }),
    };
  }
}
