import { ANNEX_KIND_TEXT, type PackAnnex } from '../pack-annexes.js';
import type { PackPages } from './pack-pages.js';
import { dayText } from './pack-text.js';

/** The pages the annexes add after the pack's own. */
export const annexPages = (annexes: PackAnnex[]) => annexes.reduce((sum, annex) => sum + annex.pages, 0);

/**
 * The last section: the labels and safety data sheets of the products applied in the period, and the pages they
 * are on, appended after this one (pack-annexes.ts). Their pages are known before any is drawn: the first
 * follows the pack's own last page.
 */
export function drawAnnexes(pack: PackPages): void {
  const { data, known } = pack;
  pack.section('annexes');
  if (!data.annexes.length) {
    pack.empty('Los productos aplicados en el período no tienen etiqueta ni ficha de datos de seguridad archivadas.');
    return;
  }
  pack.paragraph(
    'Etiquetas y fichas de datos de seguridad de los productos aplicados en el período, tal como están archivadas, en las páginas siguientes.',
  );
  const table = pack.table([
    { header: 'Producto', width: 120 },
    { header: 'N.º de registro', width: 100 },
    { header: 'Documento', width: 125 },
    { header: 'Fecha', width: 55, singleLine: true },
    { header: 'Páginas', width: 115 },
  ]);
  let next = known ? known.total - annexPages(data.annexes) + 1 : null;
  for (const annex of data.annexes) {
    let pages = 'No se puede anexar (PDF protegido o dañado): archivado aparte';
    if (annex.pages > 0) {
      pages = next === null ? '…' : annex.pages === 1 ? `${next}` : `${next} a ${next + annex.pages - 1}`;
      if (next !== null) next += annex.pages;
    }
    table.row([annex.product, annex.registrationNumber, ANNEX_KIND_TEXT[annex.kind], dayText(annex.issuedOn), pages]);
  }
  table.end();
}
