import { QUALIFICATION_LABELS } from '@rondin/contracts';
import { drawFacts } from '../../../lib/pdf-document.js';
import { type PackPages, periodIsEmpty } from './pack-pages.js';
import { dateText, dayText, number } from './pack-text.js';

export function drawScope(pack: PackPages): void {
  const { data } = pack;
  pack.section('scope');
  const company = data.letterhead?.name ?? 'La empresa de servicios';
  const inService = data.devices.filter((device) => device.inService).length;
  const figures = data.figures;
  pack.subtitle('Alcance');
  if (periodIsEmpty(data)) {
    pack.paragraph(
      `Este dossier cubre el sitio «${data.site.name}»${data.site.client ? ` del cliente ${data.site.client}` : ''} entre el ${dayText(data.period.fromDay)} y el ${dayText(data.period.toDay)}, ambos incluidos.`,
    );
    pack.empty(
      'En este período el sitio no tenía dispositivos de control en servicio ni órdenes de servicio: no hay registros que auditar.',
    );
    const since = [`El sitio se dio de alta el ${dateText(data.site.createdAt, pack.timeZone)}`];
    if (data.site.firstDeviceAt)
      since.push(`su primer dispositivo, el ${dateText(data.site.firstDeviceAt, pack.timeZone)}`);
    pack.paragraph(`${since.join('; ')}. Un dossier de un período posterior reúne sus registros.`);
    return;
  }
  pack.paragraph(
    `Este dossier reúne los registros del servicio de control de plagas prestado en el sitio «${data.site.name}»${data.site.client ? ` del cliente ${data.site.client}` : ''} entre el ${dayText(data.period.fromDay)} y el ${dayText(data.period.toDay)}, ambos incluidos. Dispositivos de control en servicio en el período: ${number(inService)}; planos: ${number(data.plans.length)}; órdenes de servicio: ${number(figures.totalSessions)} (${number(figures.completedSessions)} completas, ${number(figures.forcedSessions)} cerradas con dispositivos sin inspeccionar, ${number(figures.totalSessions - figures.completedSessions - figures.forcedSessions)} abiertas); visitas a dispositivos: ${number(figures.dueTraps)}; certificados de servicio: ${number(data.certificates.length)}; aplicaciones de biocidas: ${number(data.applications.length)}; acciones correctivas y recomendaciones: ${number(data.actions.length)}.`,
  );
  pack.paragraph(
    'Las cifras se leen de los registros tal como constan en el sistema a la fecha de generación: cada inspección cuenta con su versión vigente (una corrección reemplaza lo que corrige) y las fechas se expresan en la zona horaria del sitio.',
  );
  pack.subtitle('Responsabilidades');
  pack.paragraph(
    `${company} diseña el plan de control, instala y mantiene los dispositivos, realiza las inspecciones y los tratamientos con personal cualificado, registra sus resultados, abre las acciones correctivas cuando se superan los umbrales y emite un certificado por cada servicio.${data.letterhead?.technicalManager ? ` Responsable técnico: ${data.letterhead.technicalManager}.` : ''}`,
  );
  pack.paragraph(
    `${data.site.client ?? 'El cliente'} facilita el acceso a las zonas y dispositivos, mantiene las condiciones de higiene y estructurales, y ejecuta las recomendaciones que se le asignan (responsable «Cliente» en el apartado de acciones correctivas).`,
  );
}

export function drawCompany(pack: PackPages): void {
  const { data, doc } = pack;
  pack.section('company');
  const company = data.letterhead;
  if (company) {
    drawFacts(doc, [
      ['Razón social', company.name],
      ['NIF', company.taxId ?? '—'],
      ['N.º de registro (ROESB o equivalente)', company.registryNumber ?? 'Sin registro indicado'],
      ['Responsable técnico', company.technicalManager ?? 'Sin indicar'],
      ['Dirección', company.address ?? '—'],
      ['Teléfono', company.phone ?? '—'],
    ]);
  } else {
    pack.empty('Sin datos de la empresa: se completan en Ajustes › Empresa.');
  }
  pack.subtitle('Personal que intervino en el período');
  if (!data.technicians.length) {
    pack.empty('Ningún técnico realizó órdenes ni aplicaciones en el sitio en el período.');
    return;
  }
  const table = pack.table([
    { header: 'Nombre', width: 150 },
    { header: 'Cualificación', width: 110 },
    { header: 'N.º de carné', width: 90 },
    { header: 'Caducidad', width: 80, singleLine: true },
    { header: 'Órdenes', width: 50, align: 'right', singleLine: true },
  ]);
  for (const technician of data.technicians) {
    const expired = technician.licenceExpiresAt !== null && technician.licenceExpiresAt < data.period.toDay;
    table.row([
      technician.fullName,
      technician.qualification ? QUALIFICATION_LABELS[technician.qualification] : 'No registrada',
      technician.licenceNumber ?? 'Sin carné registrado',
      technician.licenceExpiresAt
        ? `${dayText(technician.licenceExpiresAt)}${expired ? ' (caducado)' : ''}`
        : 'No caduca',
      String(technician.orders),
    ]);
  }
  table.end();
}
