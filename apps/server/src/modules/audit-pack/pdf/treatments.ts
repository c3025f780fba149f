import { formatTimeSpan } from '../../../lib/time-zone.js';
import type { PackPages } from './pack-pages.js';
import { dayText, number } from './pack-text.js';

export async function drawTreatments(pack: PackPages): Promise<void> {
  const { data } = pack;
  pack.section('treatments');
  if (!data.applications.length) {
    pack.empty('Sin aplicaciones de biocidas en el período.');
    return;
  }
  pack.subtitle('Totales por producto');
  const totals = pack.table([
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
  pack.subtitle('Aplicaciones');
  const table = pack.table([
    // «dd-mm-yyyy a las hh:mm», or its span when it lasted: two or three lines.
    { header: 'Fecha y hora', width: 62 },
    { header: 'Producto', width: 72 },
    { header: 'N.º de registro', width: 90 },
    { header: 'Lote', width: 50 },
    { header: 'Cantidad', width: 52, align: 'right', singleLine: true },
    { header: 'Dosis y método', width: 68 },
    // Wide enough for an area's longest word ("Perímetro", "Almacenamiento") not to be cut inside it.
    { header: 'Lugar', width: 61 },
    { header: 'Aplicador', width: 60 },
  ]);
  await pack.rows(table, data.applications, (application) => [
    formatTimeSpan(application.startedAt, application.endedAt, pack.timeZone),
    application.product,
    application.registrationNumber,
    application.batch,
    `${number(application.quantity, 2)} ${application.unit}`,
    [application.dose, application.method].filter(Boolean).join(' · '),
    application.where ?? '—',
    application.applicator,
  ]);
}
