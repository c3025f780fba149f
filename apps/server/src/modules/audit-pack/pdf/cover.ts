import { drawFacts } from '../../../lib/pdf-document.js';
import { FONT, useFont } from '../../../lib/pdf-fonts.js';
import { HEADER_BOTTOM, MARGIN, SECTION_TITLE_HEIGHT } from '../../../lib/pdf-sections.js';
import { drawQr } from '../../../lib/pdf-qr.js';
import { drawText } from '../../../lib/pdf-text.js';
import { formatDateTime } from '../../../lib/time-zone.js';
import { type PackPages, packSections } from './pack-pages.js';
import { dayText } from './pack-text.js';

/** The first page: who, where, when, and the records' SHA-256 fingerprint. */
export function drawCover(pack: PackPages): void {
  const { doc, data } = pack;
  pack.header();
  const company = data.letterhead;
  let y = 190;
  useFont(doc, FONT.bold, 26).fillColor('#1f3b57');
  y += drawText(doc, 'Dossier de auditoría', MARGIN, y, { width: pack.width, maxLines: 1, align: 'center' });
  useFont(doc, FONT.regular, 13).fillColor('#333333');
  y += drawText(doc, 'Control de plagas: registros, planos, tratamientos y seguimiento', MARGIN, y + 4, {
    width: pack.width,
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
    ['Zona horaria', pack.timeZone],
    ['Período', `${dayText(data.period.fromDay)} al ${dayText(data.period.toDay)} (ambos incluidos)`],
    ['Generado el', `${formatDateTime(data.generatedAt, pack.timeZone)} (${pack.timeZone})`],
  ]);
  // On a line of its own, whole: a hash cut in two cannot be compared at a glance nor copied.
  doc.y += 6;
  useFont(doc, FONT.regular, 7.5).fillColor('#5b6672');
  doc.y += drawText(doc, 'Huella SHA-256 de los registros', MARGIN, doc.y, { width: pack.width, maxLines: 1 });
  useFont(doc, FONT.bold, 9.5).fillColor('#1a1a1a');
  doc.y += drawText(doc, data.fingerprint, MARGIN, doc.y + 1, { width: pack.width, maxLines: 1 });
  doc.y += 20;
  pack.paragraph(
    'La huella SHA-256 de los registros resume todos los datos de este dossier: otro dossier del mismo sitio y período con la misma huella contiene exactamente los mismos registros. Cada certificado de servicio citado se puede verificar en línea con el código QR que lleva impreso; su huella SHA-256 figura en el índice de certificados.',
    8.5,
  );
  drawVerification(pack);
}

/** A QR to the pack's public verification, and its address whole beside it (for whoever cannot scan it). */
function drawVerification(pack: PackPages): void {
  const { doc, data } = pack;
  const size = 84;
  const y = doc.y + 10;
  drawQr(doc, data.verifyUrl, MARGIN, y, size);
  const x = MARGIN + size + 10;
  const width = pack.width - size - 10;
  useFont(doc, FONT.bold, 9.5).fillColor('#1a1a1a');
  let textY = y + 12;
  textY += drawText(doc, 'Verificación en línea', x, textY, { width, maxLines: 1 });
  useFont(doc, FONT.regular, 8.5).fillColor('#333333');
  textY += drawText(
    doc,
    'Escanee el código o abra esta dirección: muestra el sitio, el período, cuándo se emitió este dossier y su huella, y dice si los registros siguen coincidiendo con ella.',
    x,
    textY + 2,
    { width, maxLines: 3 },
  );
  useFont(doc, FONT.regular, 8).fillColor('#1f3b57');
  drawText(doc, data.verifyUrl, x, textY + 4, { width, maxLines: 1 });
  doc.y = y + size;
}

/** The second page: each section and the page it starts on (learnt by the first layout). */
export function drawIndex(pack: PackPages): void {
  const { doc } = pack;
  doc.addPage();
  pack.header();
  useFont(doc, FONT.bold, 14).fillColor('#1f3b57');
  drawText(doc, 'Índice', MARGIN, HEADER_BOTTOM, { width: pack.width, maxLines: 1 });
  let y = HEADER_BOTTOM + SECTION_TITLE_HEIGHT + 4;
  packSections(pack.data).forEach((section, index) => {
    const page = pack.known?.starts.get(section.id);
    const label = `${index + 1}. ${section.title}`;
    useFont(doc, FONT.regular, 11).fillColor('#1a1a1a');
    drawText(doc, label, MARGIN, y, { width: pack.width - 80, maxLines: 1 });
    const labelWidth = Math.min(pack.width - 80, doc.widthOfString(label));
    doc
      .moveTo(MARGIN + labelWidth + 6, y + 10)
      .lineTo(MARGIN + pack.width - 70, y + 10)
      .dash(1, { space: 2 })
      .lineWidth(0.5)
      .strokeColor('#8a94a0')
      .stroke()
      .undash();
    drawText(doc, page === undefined ? '…' : `página ${page}`, MARGIN + pack.width - 66, y, {
      width: 66,
      maxLines: 1,
      align: 'right',
    });
    y += 22;
  });
}
