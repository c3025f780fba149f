import {
  PEST_GROUP_NAMES,
  PROGRAMME_PARTY_NAMES,
  type ProgrammeCoverageRow,
  SERVICE_FREQUENCY_NAMES,
  TRAP_TYPE_NAMES,
} from '@rondin/contracts';
import { drawFacts } from '../../../lib/pdf-document.js';
import type { PackPages, PackProgramme } from './pack-pages.js';
import { dateText, dayText, number, percent } from './pack-text.js';

type Version = PackProgramme['versions'][number];

const approvalText = (version: Version, timeZone: string) =>
  version.approval
    ? `${version.approval.by.fullName}, ${dateText(new Date(version.approval.at), timeZone)}`
    : 'Sin aprobar';

const acceptanceText = (version: Version) =>
  version.acceptance
    ? `${version.acceptance.name}${version.acceptance.role ? ` (${version.acceptance.role})` : ''}, ${dayText(version.acceptance.date)}`
    : 'Sin aceptar';

/**
 * The control programme in force at the period's end, whole (what is controlled, how, how often, who does what,
 * with which products), then every version with its approval and acceptance: an auditor reads the contract the
 * records are measured against, and who agreed to it.
 */
export function drawProgramme(pack: PackPages): void {
  const { data, doc } = pack;
  const { versions, inPeriod } = data.programme;
  pack.section('programme');
  const shown = [...versions].reverse().find((version) => inPeriod.includes(version.version));
  if (!shown) {
    pack.empty(
      versions.length
        ? 'Ninguna versión del programa de control estaba aprobada y en vigor en el período.'
        : 'El sitio no tenía programa de control registrado en el período.',
    );
  } else {
    pack.paragraph(
      `Versión ${shown.version}, en vigor desde el ${dayText(shown.effectiveFrom)}${inPeriod.length > 1 ? ` (en el período rigieron las versiones ${inPeriod.join(', ')}; se muestra la última)` : ''}.`,
    );
    drawFacts(doc, [
      ['Aprobada por el responsable técnico', approvalText(shown, pack.timeZone)],
      ['Aceptada por el cliente', acceptanceText(shown)],
      ['Plagas objetivo', shown.targetPestGroups.map((group) => PEST_GROUP_NAMES[group]).join(', ') || '—'],
      ['Tiempo de respuesta ante una incidencia', `${number(shown.responseTimeHours)} h`],
    ]);
    pack.subtitle('Alcance');
    pack.prose(shown.scope || '—');
    pack.subtitle('Métodos');
    pack.prose(shown.methods || '—');
    pack.subtitle('Frecuencia de inspección contratada');
    if (!shown.frequencies.length) pack.empty('El programa no fija frecuencias de inspección.');
    else {
      const table = pack.table([
        { header: 'Tipo de dispositivo', width: 200 },
        { header: 'Área', width: 200 },
        { header: 'Frecuencia', width: 100, singleLine: true },
      ]);
      for (const row of shown.frequencies) {
        table.row([TRAP_TYPE_NAMES[row.type], row.zone ?? 'Todas las demás', SERVICE_FREQUENCY_NAMES[row.frequency]]);
      }
      table.end();
    }
    pack.subtitle('Responsabilidades');
    if (!shown.responsibilities.length) pack.empty('El programa no reparte responsabilidades.');
    else {
      const table = pack.table([
        { header: 'Parte', width: 130 },
        { header: 'Responsabilidad', width: 370 },
      ]);
      for (const row of shown.responsibilities) table.row([PROGRAMME_PARTY_NAMES[row.party], row.text]);
      table.end();
    }
    pack.subtitle('Productos autorizados');
    pack.paragraph(
      shown.permittedProducts.length
        ? shown.permittedProducts.map((product) => product.name).join(' · ')
        : 'El programa no autoriza productos biocidas.',
    );
  }
  if (!versions.length) return;
  pack.subtitle('Versiones del programa');
  const table = pack.table([
    { header: 'Versión', width: 46, align: 'right', singleLine: true },
    { header: 'En vigor desde', width: 70, singleLine: true },
    { header: 'Guardada', width: 110 },
    { header: 'Aprobada', width: 120 },
    { header: 'Aceptada por el cliente', width: 130 },
    { header: 'En el período', width: 50, singleLine: true },
  ]);
  for (const version of versions) {
    table.row([
      String(version.version),
      dayText(version.effectiveFrom),
      `${version.savedBy.fullName}, ${dateText(new Date(version.savedAt), pack.timeZone)}`,
      approvalText(version, pack.timeZone),
      acceptanceText(version),
      inPeriod.includes(version.version) ? 'Sí' : 'No',
    ]);
  }
  table.end();
}

const rowName = (row: ProgrammeCoverageRow) =>
  `${TRAP_TYPE_NAMES[row.type]} · ${row.zone ?? 'todas las demás áreas'} · ${SERVICE_FREQUENCY_NAMES[row.frequency].toLowerCase()}`;

/**
 * Coverage measured against the contract: for each device type and area of the programme, the visits its
 * frequency owed in the period, those made, and the devices left without inspection in some owed window.
 */
export async function drawContractedCoverage(pack: PackPages): Promise<void> {
  const { coverage } = pack.data.programme;
  pack.section('contracted');
  if (!coverage.rows.length) {
    pack.empty('Sin programa de control aprobado en el período: no hay frecuencia contratada con la que comparar.');
    return;
  }
  pack.paragraph(
    `Cada fila del programa (tipo de dispositivo y área) se divide en ventanas de su frecuencia desde el ${dayText(coverage.from)}; una ventana se debe cuando el programa en vigor su primer día la contrata y la fila tenía dispositivos en servicio, y está cubierta cuando todos se inspeccionaron en ella (QR leído o código escrito; una excepción no es una inspección). Una última ventana incompleta aún no se debe. Versiones aplicadas: ${coverage.versions.map((version) => `${version.version} (desde el ${dayText(version.effectiveFrom)})`).join(', ')}.`,
  );
  const table = pack.table([
    { header: 'Tipo · área · frecuencia', width: 170 },
    { header: 'Visitas debidas', width: 55, align: 'right', singleLine: true },
    { header: 'Visitas hechas', width: 55, align: 'right', singleLine: true },
    { header: 'Ventanas cubiertas', width: 60, align: 'right', singleLine: true },
    { header: 'Inspecciones hechas / debidas', width: 90, align: 'right', singleLine: true },
    { header: '%', width: 50, align: 'right', singleLine: true },
  ]);
  await pack.rows(table, coverage.rows, (row) => [
    rowName(row),
    number(row.visitsOwed),
    number(row.visitsMade),
    `${number(row.periodsCovered)} de ${number(row.visitsOwed)}`,
    `${number(row.inspectionsDone)} / ${number(row.inspectionsOwed)}`,
    percent(row.inspectionsDone, row.inspectionsOwed),
  ]);
  const missed = coverage.rows.filter((row) => row.missed.length > 0);
  pack.subtitle('Dispositivos sin inspección en alguna ventana debida');
  if (!missed.length) {
    pack.empty('Todos los dispositivos se inspeccionaron en cada ventana que el programa contrataba.');
    return;
  }
  const gaps = pack.table([
    { header: 'Tipo · área · frecuencia', width: 170 },
    { header: 'Dispositivo', width: 70 },
    { header: 'Ventanas sin inspección (su primer día)', width: 240 },
  ]);
  await pack.rows(
    gaps,
    missed.flatMap((row) => row.missed.map((device) => ({ row, device }))),
    ({ row, device }) => [rowName(row), device.code, device.periods.map(dayText).join(', ')],
  );
}
