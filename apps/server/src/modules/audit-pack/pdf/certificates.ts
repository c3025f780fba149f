import { folioText } from '@rondin/contracts';
import { formatDateTime } from '../../../lib/time-zone.js';
import type { PackPages } from './pack-pages.js';

export async function drawCertificates(pack: PackPages): Promise<void> {
  const { data } = pack;
  pack.section('certificates');
  if (!data.certificates.length) {
    pack.empty('Sin certificados de servicio emitidos en el período.');
    return;
  }
  pack.paragraph(
    'Cada certificado se emitió al cerrar su orden y se guarda tal como se emitió; la huella SHA-256 permite comprobar que una copia es idéntica, y el QR de cada certificado abre su verificación pública.',
    8.5,
  );
  const table = pack.table([
    { header: 'Folio', width: 85 },
    { header: 'Emitido', width: 80, singleLine: true },
    { header: 'Técnico', width: 110 },
    { header: 'SHA-256 del PDF emitido', width: 240 },
  ]);
  await pack.rows(table, data.certificates, (certificate) => [
    `${folioText(certificate.year, certificate.number)}${certificate.revision > 1 ? ` rev. ${certificate.revision}` : ''}${certificate.replaced ? ' (sustituido)' : ''}`,
    formatDateTime(certificate.issuedAt, pack.timeZone),
    certificate.technician,
    certificate.sha256 ?? 'PDF pendiente de guardar',
  ]);
}
