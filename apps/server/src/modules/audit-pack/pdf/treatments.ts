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
    { header: 'Producto', width: 70 },
    // «ES/APP(NA)-2018-14-00512» whole on one line, in smaller type.
    { header: 'N.º de registro', width: 98 },
    { header: 'Lote', width: 50 },
    { header: 'Cantidad', width: 46, align: 'right', singleLine: true },
    // The widest: a dose and its method run to a sentence or two.
    { header: 'Dosis y método', width: 83 },
    // A device's code, or an area whose longest word («Almacenamiento») prints whole, smaller if need be.
    { header: 'Lugar', width: 52 },
    { header: 'Aplicador', width: 54 },
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
