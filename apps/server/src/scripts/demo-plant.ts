/**
 * The demonstration's control programme and assessments, through the services the API's routes call
 * (modules/programmes, modules/assessments): before the year, each site's diagnosis and the programme drawn from
 * it (approved by the technical manager, accepted by the client's contact); during it, a second version where an
 * outbreak made a frequency rise, a quarterly review of each quarter once it has ended (its figures counted then,
 * its conclusions written from them), an annual survey near the end, and the recommendations the client carried
 * out closed at the visit that checked them. The seed's clock stands at each one's day (demo-clock.ts), so each is
 * dated when it was done, as demo-close.ts dates the certificates.
 */
import {
  CreateAssessmentBody,
  type AssessmentAreaInput,
  type PestPressure,
  type ProgrammeFrequency,
  type QuarterFigures,
  SaveProgrammeBody,
  UpdateAssessmentBody,
} from '@rondin/contracts';
import { PEST_GROUP_NAMES, type PestGroup, type TrapType } from '@rondin/contracts/devices';
import type { Database } from '../db/database.js';
import { queryRows } from '../db/database.js';
import type { FileStorage } from '../files/file-storage.js';
import type { AuthUser } from '../lib/auth-user.js';
import { NO_ORDER_EVENTS } from '../lib/order-events.js';
import type { LetterheadSource } from '../lib/pdf-letterhead.js';
import { localDate } from '../lib/time-zone.js';
import type { ActionsService } from '../modules/actions/actions.service.js';
import type { SightingsService } from '../modules/sightings/sightings.service.js';
import { AssessmentsRepository } from '../modules/assessments/assessments.repository.js';
import { AssessmentsService } from '../modules/assessments/assessments.service.js';
import { ProgrammesRepository } from '../modules/programmes/programmes.repository.js';
import { ProgrammesService } from '../modules/programmes/programmes.service.js';
import { ReportsRepository } from '../modules/reports/reports.repository.js';
import { ReportsService } from '../modules/reports/reports.service.js';
import type { DemoVisit } from './demo-year.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A site of the demonstration as the programme and the assessments see it. */
export interface DemoPlantSite {
  id: number;
  /** Its areas and the device types in each. */
  areas: { name: string; types: readonly TrapType[] }[];
  /** The day of its first visit (YYYY-MM-DD): the programme's first version is in force from it. */
  firstVisit: string;
  /** The client's person at the site: accepts the programme and confirms the recommendations done. */
  contact: { id: number; name: string; role: string };
}

export interface DemoPlantParts {
  db: Database;
  files: FileStorage;
  company: LetterheadSource;
  office: AuthUser;
  /** The technical manager: qualified RESPONSABLE_TECNICO, with a stored signature. */
  manager: AuthUser;
  actions: ActionsService;
  /** The plant's staff's sightings, reported from the poster's page. */
  sightings: SightingsService;
  /** By site index: the plant, then the warehouse. */
  sites: DemoPlantSite[];
  /** The products the programme permits (the ones the seed applies). */
  productIds: number[];
  timeZone: string;
  /** Moves the seed's clock. */
  at: (instant: Date) => void;
}

/** What was made, for the seed's summary: programme versions, signed assessments by kind, recommendations. */
export interface DemoPlantSummary {
  versions: number;
  assessments: Record<'DIAGNOSTICO' | 'REVISION_TRIMESTRAL' | 'REVISION_ANUAL', number>;
  recommendations: number;
}

/**
 * Sightings the plant's night shift reports from a poster, `weeksAgo` the visit before them: seen five days after
 * that visit at 22:40, so the next visit (a week after it) checks and closes the action on its due day; the latest
 * stays open (seen two days before the last visit, never after the seed's day), on the open orders the seed leaves.
 */
const SIGHTINGS: {
  weeksAgo: number;
  area: string;
  pestGroup: PestGroup;
  text: string;
  reporter: string;
  done: string | null;
}[] = [
  {
    weeksAgo: 30,
    area: 'Andén de carga',
    pestGroup: 'ROEDORES',
    text: 'Un ratón cruzando junto al muelle 2, hacia los palés de devolución.',
    reporter: 'Jordi Puig, turno de noche',
    done: 'Burlete de la puerta seccional del muelle 2 cambiado y palés de devolución retirados de la fachada; sin consumo en los cebos del andén.',
  },
  {
    weeksAgo: 12,
    area: 'Sala de envasado',
    pestGroup: 'VOLADORES',
    text: 'Varias moscas de la fruta sobre el contenedor de mermas de la línea 1.',
    reporter: 'Nuria Casals, envasado',
    done: 'Contenedor de mermas vaciado dos veces por turno y trampa de luz revisada; sin moscas en la revisión.',
  },
  {
    weeksAgo: 2,
    area: 'Andén de carga',
    pestGroup: 'ROEDORES',
    text: 'Excrementos recientes junto a la puerta del muelle 1.',
    reporter: 'Jordi Puig, turno de noche',
    done: null,
  },
];

/** A recommendation as the demo writes it: days to its due date, and how the visit that checked it found it done. */
interface DemoRecommendation {
  text: string;
  days: number;
  /** What the check found; null: still open today. */
  done: string | null;
}

interface Walk {
  areas: Record<string, Omit<AssessmentAreaInput, 'area'>>;
  conclusions: string;
  recommendations: DemoRecommendation[];
}

const DIAGNOSES: Walk[] = [
  {
    areas: {
      'Almacén de materias primas': {
        pressure: 'BAJA',
        conditions: ['ALMACENAMIENTO', 'ESTRUCTURA'],
        notes:
          'Sacos de harina y especias en palé; varios palés pegados a la pared, sin pasillo de inspección. Sin indicios de roedores; restos de polilla en un saco antiguo de pimentón.',
      },
      Producción: {
        pressure: 'BAJA',
        conditions: ['HIGIENE', 'PROCESO'],
        notes:
          'Restos de producto en las canaletas al final del turno; calor y humedad junto a los autoclaves. Sin rastreros durante la visita.',
      },
      'Andén de carga': {
        pressure: 'MEDIA',
        conditions: ['ESTRUCTURA', 'ENTORNO'],
        notes:
          'Holgura de unos 2 cm bajo la puerta seccional del muelle 2; palés de devolución apilados junto a la fachada. Excrementos secos de ratón junto al muelle 1.',
      },
      'Cámara de frío': {
        pressure: 'NINGUNA',
        conditions: [],
        notes: 'Cerramientos y burletes de las puertas íntegros.',
      },
      'Sala de envasado': {
        pressure: 'BAJA',
        conditions: ['HIGIENE'],
        notes: 'Mosca de la fruta junto al contenedor de mermas, que se vacía una vez al día.',
      },
      Comedor: {
        pressure: 'BAJA',
        conditions: ['HIGIENE'],
        notes: 'Restos de comida detrás de las máquinas expendedoras; papeleras sin tapa.',
      },
      Oficinas: { pressure: 'NINGUNA', conditions: [], notes: 'Sin indicios; zona de bajo riesgo.' },
      'Perímetro exterior': {
        pressure: 'MEDIA',
        conditions: ['ENTORNO', 'ALMACENAMIENTO'],
        notes:
          'Solar colindante al este con vegetación alta; madrigueras en el talud norte; contenedores de residuos a 3 m de la puerta de personal.',
      },
    },
    conclusions:
      'Situación de partida antes del primer servicio: presión baja en el interior y media en el andén de carga y el perímetro exterior. El riesgo principal es la entrada de roedores desde el solar colindante y el talud norte por la holgura bajo la puerta del muelle 2; en el interior, rastreros en las canaletas de producción y moscas en la sala de envasado.\n\nEl programa de control se diseña a partir de este diagnóstico: cebaderos en el perímetro, trampas de captura y láminas adhesivas en el interior, trampas de luz en los accesos y en las salas con producto expuesto, y feromonas en el almacén de materias primas.',
    recommendations: [
      {
        text: 'Instalar un cepillo de sellado bajo la puerta seccional del muelle 2 (holgura de 2 cm).',
        days: 21,
        done: 'Cepillo instalado; sin holgura bajo la puerta.',
      },
      {
        text: 'Retirar los palés de devolución de la fachada del andén y guardarlos a más de 1 m del edificio.',
        days: 21,
        done: 'Palés trasladados a la zona marcada frente al andén.',
      },
      {
        text: 'Dejar un pasillo de inspección de 50 cm entre los palés y las paredes del almacén de materias primas.',
        days: 30,
        done: 'Pasillo señalizado en el suelo y respetado.',
      },
      {
        text: 'Desbrozar el talud norte y mantener limpia una franja de 1 m junto al vallado.',
        days: 45,
        done: 'Talud desbrozado; incluido en el contrato de jardinería.',
      },
    ],
  },
  {
    areas: {
      Muelles: {
        pressure: 'MEDIA',
        conditions: ['ESTRUCTURA'],
        notes: 'Abrigo del muelle 1 rasgado por abajo; las puertas seccionales quedan abiertas durante la carga.',
      },
      'Almacenamiento en racks': {
        pressure: 'BAJA',
        conditions: ['ALMACENAMIENTO'],
        notes:
          'Harinas y cereales de rotación lenta: algunos palés con más de 60 días. Sin capturas en las trampas del proveedor anterior.',
      },
      'Zona de picking': {
        pressure: 'BAJA',
        conditions: ['HIGIENE'],
        notes: 'Restos de producto de envases rotos bajo las estanterías.',
      },
      Oficinas: { pressure: 'NINGUNA', conditions: [], notes: 'Sin indicios; zona de bajo riesgo.' },
      'Sala de residuos': {
        pressure: 'MEDIA',
        conditions: ['HIGIENE', 'ENTORNO'],
        notes: 'Contenedores de orgánico sin tapa y derrames en el suelo; la puerta al exterior queda abierta.',
      },
      'Comedor y vestuarios': {
        pressure: 'BAJA',
        conditions: ['HIGIENE'],
        notes: 'Restos de comida guardados en las taquillas.',
      },
      'Perímetro exterior': {
        pressure: 'BAJA',
        conditions: ['ENTORNO'],
        notes: 'Vallado en buen estado; arqueta de pluviales sin rejilla en el lateral oeste.',
      },
    },
    conclusions:
      'Situación de partida antes del primer servicio: presión baja, con riesgo de entrada de roedores por los muelles y la sala de residuos y de plagas de producto almacenado en los racks de harinas y cereales de rotación lenta.\n\nEl programa de control prevé cebaderos en el perímetro y en la sala de residuos, trampas de captura en muelles y racks, feromonas en racks y picking, y trampas de luz en los accesos.',
    recommendations: [
      {
        text: 'Reparar el abrigo del muelle 1 y cerrar las puertas seccionales en cuanto termine cada carga.',
        days: 30,
        done: 'Abrigo sustituido; puertas cerradas entre cargas.',
      },
      {
        text: 'Poner tapa a los contenedores de orgánico y mantener cerrada la puerta exterior de la sala de residuos.',
        days: 21,
        done: 'Contenedores con tapa y muelle de cierre en la puerta.',
      },
      {
        text: 'Colocar una rejilla en la arqueta de pluviales del lateral oeste.',
        days: 30,
        done: 'Rejilla de acero colocada.',
      },
      {
        text: 'Rotación FIFO de harinas y cereales con control de antigüedad de lotes (máximo 60 días).',
        days: 45,
        done: 'Alerta de antigüedad de lotes activa en el sistema de almacén.',
      },
    ],
  },
];

/** The annual survey's walk, near the year's end: what the year left, and what is still to do (left open). */
const ANNUAL: Walk[] = [
  {
    areas: {
      'Almacén de materias primas': {
        pressure: 'BAJA',
        conditions: ['ALMACENAMIENTO'],
        notes: 'Pasillo de inspección respetado; capturas aisladas de Tribolium en las feromonas.',
      },
      Producción: {
        pressure: 'BAJA',
        conditions: ['PROCESO'],
        notes: 'Canaletas limpias al final del turno; zócalo sellado.',
      },
      'Andén de carga': {
        pressure: 'BAJA',
        conditions: ['ESTRUCTURA'],
        notes: 'Cepillo de sellado en buen estado; el de la puerta del muelle 1 empieza a desgastarse.',
      },
      'Cámara de frío': { pressure: 'NINGUNA', conditions: [], notes: 'Sin indicios.' },
      'Sala de envasado': {
        pressure: 'BAJA',
        conditions: ['HIGIENE'],
        notes: 'Moscas en las trampas de luz en verano, dentro de lo esperado.',
      },
      Comedor: { pressure: 'BAJA', conditions: ['HIGIENE'], notes: 'Papeleras con tapa; limpieza correcta.' },
      Oficinas: { pressure: 'NINGUNA', conditions: [], notes: 'Sin indicios.' },
      'Perímetro exterior': {
        pressure: 'BAJA',
        conditions: ['ENTORNO'],
        notes: 'Talud desbrozado; consumo de cebo esporádico en la cara norte.',
      },
    },
    conclusions:
      'Revisión anual en profundidad de la planta. Los cerramientos del andén y el perímetro, origen del riesgo de roedores del diagnóstico, están corregidos; los focos del año se atendieron con sus acciones correctivas, verificadas y cerradas. El programa de control sigue adecuado al riesgo de la planta.',
    recommendations: [
      {
        text: 'Sustituir en la próxima parada de mantenimiento las puertas seccionales del andén por puertas con cierre perimetral de goma.',
        days: 90,
        done: null,
      },
      {
        text: 'Incluir la limpieza de canaletas y zócalos de producción en el plan de limpieza diario verificado por calidad.',
        days: 30,
        done: null,
      },
      {
        text: 'Formar al personal de limpieza de nueva incorporación para que no mueva los dispositivos (sesión de 30 minutos).',
        days: 45,
        done: null,
      },
    ],
  },
  {
    areas: {
      Muelles: {
        pressure: 'BAJA',
        conditions: ['ESTRUCTURA'],
        notes: 'Abrigo del muelle 1 nuevo; burletes gastados en los muelles 3 y 4.',
      },
      'Almacenamiento en racks': {
        pressure: 'BAJA',
        conditions: ['ALMACENAMIENTO'],
        notes: 'Rotación de lotes controlada; feromonas por debajo del umbral de alerta desde el brote de polilla.',
      },
      'Zona de picking': { pressure: 'BAJA', conditions: ['HIGIENE'], notes: 'Derrames recogidos en el turno.' },
      Oficinas: { pressure: 'NINGUNA', conditions: [], notes: 'Sin indicios.' },
      'Sala de residuos': {
        pressure: 'BAJA',
        conditions: ['HIGIENE'],
        notes: 'Contenedores con tapa; ventana sin malla.',
      },
      'Comedor y vestuarios': { pressure: 'NINGUNA', conditions: [], notes: 'Sin indicios.' },
      'Perímetro exterior': { pressure: 'BAJA', conditions: ['ENTORNO'], notes: 'Sin consumo de cebo relevante.' },
    },
    conclusions:
      'Revisión anual en profundidad del almacén. Las deficiencias del diagnóstico están corregidas; los focos del año se atendieron con sus acciones correctivas, verificadas y cerradas. El programa de control sigue adecuado al riesgo del almacén.',
    recommendations: [
      {
        text: 'Instalar malla mosquitera en la ventana de la sala de residuos.',
        days: 60,
        done: null,
      },
      {
        text: 'Añadir la inspección de lotes de harinas y cereales al procedimiento de recepción de mercancía.',
        days: 45,
        done: null,
      },
    ],
  },
];

/** What favours pests where a quarter's action was, and what the review recommends the client there. */
const AREA_FOLLOW_UP: Record<string, { conditions: AssessmentAreaInput['conditions']; recommendation: string }> = {
  'Andén de carga': {
    conditions: ['ESTRUCTURA', 'ENTORNO'],
    recommendation:
      'Revisar cada mes los cepillos de sellado de las puertas del andén y retirar a diario los palés de devolución junto a la fachada.',
  },
  'Perímetro exterior': {
    conditions: ['ENTORNO'],
    recommendation: 'Mantener desbrozado el talud norte y cerrados los contenedores de residuos junto al vallado.',
  },
  'Almacenamiento en racks': {
    conditions: ['ALMACENAMIENTO'],
    recommendation:
      'Inspeccionar los lotes de harina a la recepción y retirar los que superen 45 días sin salida; limpiar los racks vacíos antes de reponer.',
  },
};

/** A recommendation each quarter, by site, when the figures ask for nothing more specific. */
const ROUTINE = [
  [
    'Revisar los burletes de la cámara de frío y de las puertas rápidas de producción.',
    'Sellar las grietas del zócalo de la sala de envasado junto al sumidero central.',
    'Mantener cerradas las ventanas del comedor o poner malla mosquitera antes del verano.',
    'Vaciar el contenedor de mermas de envasado dos veces por turno en verano.',
  ],
  [
    'Recoger a diario los derrames de producto bajo las estanterías de picking.',
    'Mantener cerrada la puerta exterior de la sala de residuos fuera de las recogidas.',
    'Revisar los burletes de las puertas de muelle antes del invierno.',
    'Retirar de las taquillas de los vestuarios la comida sin envasar.',
  ],
];

/** Each site's programme: the first version, and the change a year's outbreak made to its frequencies. */
const PROGRAMMES = [
  {
    scope:
      'Control integrado de plagas de la planta de elaboración de conservas: almacén de materias primas, producción, sala de envasado, cámara de frío, andén de carga, comedor, oficinas y perímetro exterior del recinto.',
    responseTimeHours: 24,
    change: {
      weeksAgo: 22,
      frequencies: [{ type: 'CEBADERO', zone: null, frequency: 'SEMANAL' }] as ProgrammeFrequency[],
      why: 'cebaderos del perímetro inspeccionados cada semana tras el brote de ratón del andén de carga',
    },
  },
  {
    scope:
      'Control integrado de plagas del almacén logístico: muelles, almacenamiento en racks, zona de picking, sala de residuos, comedor y vestuarios, oficinas y perímetro exterior.',
    responseTimeHours: 48,
    change: {
      weeksAgo: 9,
      frequencies: [
        { type: 'FEROMONA', zone: 'Almacenamiento en racks', frequency: 'SEMANAL' },
      ] as ProgrammeFrequency[],
      why: 'trampas de feromona de los racks inspeccionadas cada semana tras el brote de polilla',
    },
  },
];

/** The contracted frequencies: what the weekly rounds do at least (every device every week). */
const FREQUENCIES: ProgrammeFrequency[] = [
  { type: 'CAPTURA', zone: null, frequency: 'SEMANAL' },
  { type: 'LAMINA', zone: null, frequency: 'SEMANAL' },
  { type: 'LUZ_UV', zone: null, frequency: 'SEMANAL' },
  { type: 'FEROMONA', zone: null, frequency: 'QUINCENAL' },
  { type: 'CEBADERO', zone: null, frequency: 'QUINCENAL' },
  { type: 'OTRO', zone: null, frequency: 'MENSUAL' },
];

const METHODS =
  'Vigilancia con dispositivos numerados en el plano: cebaderos de seguridad con llave en el exterior, trampas de captura y láminas adhesivas en el interior, trampas de luz ultravioleta en accesos y salas con producto expuesto, trampas de feromona donde se almacena producto.\nRodenticida solo en el exterior, en portacebos cerrados. En el interior, ningún cebo tóxico: solo captura y monitorización.\nTratamientos químicos localizados (gel en grietas, pulverización de superficies sin producto expuesto) solo ante actividad confirmada, con el plazo de seguridad del producto.\nLámina de las trampas de luz cambiada cada mes y tubos cada seis meses.';

const RESPONSIBILITIES = [
  {
    party: 'EMPRESA',
    text: 'Inspeccionar los dispositivos con la frecuencia contratada, registrar los hallazgos y entregar el certificado de cada servicio (RD 830/2010).',
  },
  {
    party: 'EMPRESA',
    text: 'Aplicar solo los productos permitidos, por aplicadores cualificados, con su ficha de datos de seguridad.',
  },
  {
    party: 'EMPRESA',
    text: 'Analizar las tendencias, abrir las acciones correctivas y firmar la revisión trimestral y la anual por la responsable técnica.',
  },
  {
    party: 'CLIENTE',
    text: 'Mantener los cerramientos (puertas, burletes, mallas) y corregir en plazo las deficiencias recomendadas.',
  },
  { party: 'CLIENTE', text: 'Limpieza e higiene según su plan APPCC; no mover ni retirar los dispositivos.' },
  { party: 'CLIENTE', text: 'Comunicar cualquier avistamiento y dar acceso a todas las zonas el día de la visita.' },
] as const;

/** Writes which of a group's actions each capture belongs to, by the words the threshold's description uses. */
const GROUP_WORDS: Partial<Record<PestGroup, RegExp>> = {
  ROEDORES: /roedor|cebo/i,
  RASTREROS: /rastrer/i,
  PRODUCTO_ALMACENADO: /producto.almacenado/i,
};

/** Catches of a group in a quarter from which the review calls it an outbreak (a mouse weighs more than a moth). */
const OUTBREAK_CATCHES: Partial<Record<PestGroup, number>> = { ROEDORES: 10, RASTREROS: 50, PRODUCTO_ALMACENADO: 50 };

const captures = (count: number) => (count === 1 ? '1 captura' : `${count} capturas`);
const times = (count: number) => (count === 1 ? '1 vez' : `${count} veces`);

const spanish = (day: string) => day.split('-').reverse().join('-');

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  return new Date(date.getTime() + days * DAY).toISOString().slice(0, 10);
}

function quarterStart(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return `${year}-${String(Math.floor((month - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
}

function nextQuarter(start: string): string {
  const [year, month] = start.split('-').map(Number) as [number, number];
  return month === 10 ? `${year + 1}-01-01` : `${year}-${String(month + 3).padStart(2, '0')}-01`;
}

/** The day at the site at 09:00 and later, as UTC instants (09:00 local is 07:00 or 08:00 UTC in Spain). */
const morning = (instant: number, hours: number) => {
  const date = new Date(instant);
  date.setUTCHours(7 + hours, 0, 0, 0);
  return date;
};

/** A quarter's catches by area, each by pest group, from the trends by area (the trends screen's numbers). */
type AreaCatches = Map<string, Partial<Record<PestGroup, number>>>;

const total = (catches: Partial<Record<PestGroup, number>> | undefined, groups: readonly PestGroup[]) =>
  groups.reduce((sum, group) => sum + (catches?.[group] ?? 0), 0);

/** Pressure from what was caught: a rodent counts as five insects; flying insects alone are low pressure. */
function pressureOf(catches: Partial<Record<PestGroup, number>> | undefined, actions: number): PestPressure {
  const score = 5 * total(catches, ['ROEDORES']) + total(catches, ['RASTREROS', 'PRODUCTO_ALMACENADO']);
  if (score >= 50) return 'ALTA';
  if (score >= 10) return 'MEDIA';
  return score > 0 || actions > 0 || total(catches, ['VOLADORES', 'OTROS']) > 0 ? 'BAJA' : 'NINGUNA';
}

const numbers = (ids: number[]) =>
  ids.length === 1 ? `la acción N.º ${ids[0]}` : `las acciones N.º ${ids.slice(0, -1).join(', ')} y ${ids.at(-1)}`;

/**
 * A quarterly review's conclusions, from its figures: catches by group, each outbreak where it was and the
 * actions that answered it, the thresholds crossed, where the actions stand, and the programme's changes.
 */
function quarterConclusions(
  figures: QuarterFigures,
  byArea: AreaCatches,
  period: { from: string; to: string },
  changes: string[],
): string {
  const catches = new Map<PestGroup, number>();
  for (const point of figures.byPestGroup.points) {
    const group = point.key as PestGroup;
    catches.set(group, (catches.get(group) ?? 0) + Object.values(point.captures).reduce((sum, n) => sum + n, 0));
  }
  const counted = [...catches].filter(([, count]) => count > 0);
  const lines: string[] = [
    counted.length === 0
      ? `Trimestre del ${spanish(period.from)} al ${spanish(period.to)} sin capturas en ningún dispositivo.`
      : `Trimestre del ${spanish(period.from)} al ${spanish(period.to)}: ${counted
          .map(([group, count]) => `${captures(count)} de ${PEST_GROUP_NAMES[group].toLowerCase()}`)
          .join(', ')}.`,
  ];
  if (!figures.byPestGroup.previousYear?.length) {
    lines.push('Primer año del servicio en el sitio: no hay trimestre del año anterior con el que comparar.');
  }
  for (const [group, words] of Object.entries(GROUP_WORDS) as [PestGroup, RegExp][]) {
    const count = catches.get(group) ?? 0;
    if (count < (OUTBREAK_CATCHES[group] ?? Number.POSITIVE_INFINITY)) continue;
    // Where most of them were caught: the areas with a quarter of the group's catches or more.
    const areas = [...byArea].filter(([, each]) => (each[group] ?? 0) * 4 >= count).map(([area]) => area.toLowerCase());
    const actions = figures.actions.filter(
      (action) => words.test(action.description) && (!action.area || areas.includes(action.area.toLowerCase())),
    );
    const open = actions.filter((action) => action.status !== 'CERRADA').length;
    lines.push(
      `Brote de ${PEST_GROUP_NAMES[group].toLowerCase()}${areas.length ? ` en ${areas.join(' y ')}` : ''}: ${captures(count)}. ${
        actions.length === 0
          ? 'Se atendió en las visitas con limpieza, retirada del foco y tratamiento localizado, sin acción correctiva propia.'
          : `Se atendió con ${numbers(actions.map((action) => action.id))}, ${
              open === 0 ? 'cerradas y verificadas' : `${open} todavía abiertas`
            }.`
      }`,
    );
  }
  const alerts = figures.breaches.filter((breach) => breach.level === 'ALERTA').reduce((sum, b) => sum + b.count, 0);
  const overActions = figures.breaches
    .filter((breach) => breach.level === 'ACCION')
    .reduce((sum, b) => sum + b.count, 0);
  lines.push(
    alerts + overActions === 0
      ? 'Ningún umbral superado en el trimestre.'
      : `Umbrales superados: ${times(alerts)} el de alerta y ${times(overActions)} el de acción.`,
  );
  const coverage = figures.coverage?.rows ?? [];
  const owed = coverage.reduce((sum, row) => sum + row.inspectionsOwed, 0);
  if (owed > 0) {
    const done = coverage.reduce((sum, row) => sum + row.inspectionsDone, 0);
    const missed = new Set(coverage.flatMap((row) => row.missed.map((device) => device.trapId))).size;
    const share = ((100 * done) / owed).toLocaleString('es-ES', { maximumFractionDigits: 1 });
    lines.push(
      `Cobertura frente a la frecuencia contratada: ${done} de ${owed} inspecciones (${share} %)${
        missed > 0
          ? `; ${missed === 1 ? 'un dispositivo faltó' : `${missed} dispositivos faltaron`} en algún periodo, con el motivo en el certificado de su visita.`
          : '.'
      }`,
    );
  }
  const open = figures.actions.filter((action) => action.status !== 'CERRADA');
  if (figures.actions.length > 0) {
    lines.push(
      `Acciones correctivas del trimestre: ${figures.actions.length}, ${
        open.length === 0
          ? 'todas cerradas y verificadas.'
          : `${figures.actions.length - open.length} cerradas y ${open.length} abiertas (${numbers(open.map((action) => action.id))}), que se verifican en las próximas visitas.`
      }`,
    );
  }
  lines.push(...changes);
  if (open.length === 0) lines.push('Situación bajo control: el programa de control sigue adecuado.');
  return lines.join('\n');
}

/** A quarterly review's areas: pressure from the quarter's catches there, what favours pests, notes. */
function quarterAreas(site: DemoPlantSite, figures: QuarterFigures, byArea: AreaCatches): AssessmentAreaInput[] {
  return site.areas.map(({ name }) => {
    const catches = byArea.get(name);
    const actions = figures.actions.filter((action) => action.area === name).map((action) => action.id);
    const pressure = pressureOf(catches, actions.length);
    const caught = (Object.entries(catches ?? {}) as [PestGroup, number][])
      .filter(([, count]) => count > 0)
      .map(([group, count]) => `${count} de ${PEST_GROUP_NAMES[group].toLowerCase()}`);
    const notes = [
      caught.length ? `Capturas del trimestre: ${caught.join(', ')}.` : 'Sin capturas en los dispositivos del área.',
      actions.length ? `Acciones correctivas: N.º ${actions.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const follow = pressure === 'MEDIA' || pressure === 'ALTA';
    return {
      area: name,
      pressure,
      conditions: follow ? (AREA_FOLLOW_UP[name]?.conditions ?? ['HIGIENE']) : [],
      notes,
    };
  });
}

/** The programme, the assessments and the recommendations' follow-up of the demonstration's sites. */
export function demoPlant(parts: DemoPlantParts) {
  const { db, office, manager, timeZone, at } = parts;
  const programmes = new ProgrammesService(new ProgrammesRepository(db), { timeZone });
  const reports = new ReportsService(new ReportsRepository(db), timeZone, undefined, parts.company);
  const assessments = new AssessmentsService(new AssessmentsRepository(db, timeZone), parts.files, {
    timeZone,
    trends: (query) => reports.trends(query),
    coverage: (siteId, from, to) => programmes.contractedCoverage(siteId, from, to),
    company: parts.company,
    events: NO_ORDER_EVENTS,
  });
  /** Recommendations the client carries out, closed at the first visit of their site from `from` on. */
  const toClose: { actionId: number; siteIndex: number; from: number; done: string }[] = [];
  /** Versions waiting for the client's acceptance at the site's next visit. */
  const toAccept = new Map<number, number>();
  /** The next quarter to review, by site; what changed in the programme, by day. */
  const nextReview = new Map<number, string>();
  const changes = new Map<number, { day: string; text: string }[]>();
  const made: DemoPlantSummary = {
    versions: 0,
    assessments: { DIAGNOSTICO: 0, REVISION_TRIMESTRAL: 0, REVISION_ANUAL: 0 },
    recommendations: 0,
  };
  /** The day of each site's diagnosis: the annual survey covers the year since. */
  const started = new Map<number, string>();
  const today = () => localDate(new Date(), timeZone);

  async function walk(siteIndex: number, kind: 'DIAGNOSTICO' | 'REVISION_ANUAL', content: Walk, period?: string) {
    const site = parts.sites[siteIndex]!;
    const body = CreateAssessmentBody.parse({
      kind,
      ...(period ? { periodFrom: period, periodTo: today() } : {}),
      performedBy: manager.id,
      areas: site.areas.map(({ name }) => ({ area: name, ...content.areas[name]! })),
      conclusions: content.conclusions,
      recommendations: content.recommendations.map((each) => ({
        text: each.text,
        dueDate: addDays(today(), each.days),
      })),
    });
    await sign(siteIndex, body, content.recommendations);
  }

  async function sign(siteIndex: number, body: CreateAssessmentBody, recommendations: DemoRecommendation[]) {
    const site = parts.sites[siteIndex]!;
    const { assessment } = await assessments.create(manager, site.id, body);
    at(new Date(Date.now() + 25 * MINUTE));
    const signed = await assessments.sign(manager, assessment.id);
    made.assessments[signed.kind]++;
    made.recommendations += signed.recommendations.length;
    for (const [index, recommendation] of signed.recommendations.entries()) {
      const done = recommendations[index]?.done;
      if (!done || recommendation.actionId === null) continue;
      // Checked at the first visit after half its time, before its due date.
      const days = Math.max(7, Math.round((recommendations[index]?.days ?? 30) / 2));
      toClose.push({ actionId: recommendation.actionId, siteIndex, from: Date.now() + days * DAY, done });
    }
  }

  async function saveProgramme(siteIndex: number, frequencies: ProgrammeFrequency[], effectiveFrom?: string) {
    const site = parts.sites[siteIndex]!;
    const saved = await programmes.save(
      office,
      site.id,
      SaveProgrammeBody.parse({
        scope: PROGRAMMES[siteIndex]!.scope,
        targetPestGroups: ['ROEDORES', 'RASTREROS', 'VOLADORES', 'PRODUCTO_ALMACENADO'],
        methods: METHODS,
        frequencies,
        responseTimeHours: PROGRAMMES[siteIndex]!.responseTimeHours,
        responsibilities: RESPONSIBILITIES,
        permittedProductIds: parts.productIds,
        ...(effectiveFrom ? { effectiveFrom } : {}),
      }),
    );
    at(new Date(Date.now() + 40 * MINUTE));
    await programmes.approve(manager, site.id, saved.version);
    made.versions++;
    toAccept.set(siteIndex, saved.version);
  }

  async function accept(siteIndex: number) {
    const version = toAccept.get(siteIndex);
    if (version === undefined) return;
    const site = parts.sites[siteIndex]!;
    await programmes.accept(office, site.id, version, { contactId: site.contact.id, date: today() });
    toAccept.delete(siteIndex);
  }

  async function quarterlyReview(siteIndex: number, from: string) {
    const site = parts.sites[siteIndex]!;
    // The year is replayed with the trends' per-period counts off (countTrendPeriodsAfter): count them now, as
    // the server would have, so the review's figures hold the quarter.
    await queryRows(db, 'SELECT rondin_trend_periods_rebuild($1)', [site.id]);
    const { assessment } = await assessments.create(
      manager,
      site.id,
      CreateAssessmentBody.parse({ kind: 'REVISION_TRIMESTRAL', periodFrom: from, performedBy: manager.id }),
    );
    const figures = assessment.figures!;
    const to = assessment.periodTo!;
    const byArea: AreaCatches = new Map();
    const trend = await reports.trends({
      siteId: site.id,
      from: figures.from,
      to: figures.to,
      interval: 'month',
      by: 'area',
    });
    for (const point of trend.points) {
      const each = byArea.get(point.key ?? '') ?? {};
      for (const [group, count] of Object.entries(point.captures) as [PestGroup, number][]) {
        each[group] = (each[group] ?? 0) + count;
      }
      byArea.set(point.key ?? '', each);
    }
    const areas = quarterAreas(site, figures, byArea);
    const followed = areas.filter(
      (area) => AREA_FOLLOW_UP[area.area] && area.pressure !== 'NINGUNA' && area.pressure !== 'BAJA',
    );
    const routine = ROUTINE[siteIndex]![(Number(from.slice(5, 7)) - 1) / 3]!;
    const recommendations: DemoRecommendation[] = [
      ...followed.map((area) => ({
        text: AREA_FOLLOW_UP[area.area]!.recommendation,
        days: 30,
        done: 'Comprobado en la visita: medida aplicada por el cliente.',
      })),
      { text: routine, days: 45, done: 'Comprobado en la visita: hecho.' },
    ];
    const changed = (changes.get(siteIndex) ?? []).filter((change) => change.day >= from && change.day <= to);
    const updated = await assessments.update(
      manager,
      assessment.id,
      UpdateAssessmentBody.parse({
        areas,
        conclusions: quarterConclusions(
          figures,
          byArea,
          { from, to },
          changed.map((change) => change.text),
        ),
        recommendations: recommendations.map((each) => ({ text: each.text, dueDate: addDays(today(), each.days) })),
      }),
    );
    at(new Date(Date.now() + 25 * MINUTE));
    const signed = await assessments.sign(manager, updated.id);
    made.assessments[signed.kind]++;
    made.recommendations += signed.recommendations.length;
    for (const [index, recommendation] of signed.recommendations.entries()) {
      const each = recommendations[index]!;
      if (!each.done || recommendation.actionId === null) continue;
      toClose.push({ actionId: recommendation.actionId, siteIndex, from: Date.now() + 21 * DAY, done: each.done });
    }
  }

  /**
   * A sighting from the site's poster five days after the visit, at 22:40; the clock goes back to the visit's
   * afternoon. Its action is closed at the next visit when the sighting says what was done.
   */
  async function reportSighting(siteIndex: number, visit: DemoVisit, sighting: (typeof SIGHTINGS)[number]) {
    const back = Date.now();
    const seen = new Date(morning(visit.startedAt.getTime() + 5 * DAY, 0).getTime() + 14 * 60 * MINUTE + 40 * MINUTE);
    at(new Date(seen.getTime() + 5 * MINUTE));
    const siteId = parts.sites[siteIndex]!.id;
    const { token } = await parts.sightings.link(siteId, office, 'http://localhost:3000');
    const { id } = await parts.sightings.reportPublic(token, '192.0.2.10', async () => ({
      file: undefined,
      files: [],
      fields: {
        area: sighting.area,
        description: sighting.text,
        seenAt: seen.toISOString(),
        pestGroup: sighting.pestGroup,
        reporterName: sighting.reporter,
      },
    }));
    if (sighting.done) {
      const { action } = await parts.sightings.get(id);
      toClose.push({ actionId: action.id, siteIndex, from: seen.getTime(), done: sighting.done });
    }
    at(new Date(back));
  }

  /** Reviews each quarter of the site that ended before `day`, from its first visit's on. */
  async function reviewEnded(siteIndex: number, day: string) {
    let quarter = nextReview.get(siteIndex) ?? quarterStart(day);
    while (addDays(nextQuarter(quarter), -1) < day) {
      at(new Date(Date.now() + 30 * MINUTE));
      await quarterlyReview(siteIndex, quarter);
      quarter = nextQuarter(quarter);
    }
    nextReview.set(siteIndex, quarter);
  }

  return {
    /**
     * Before the year (the clock at the seed's set-up, two weeks before the first visit): the next morning each
     * site's diagnosis, that afternoon the programme drawn from it and approved, two days later the client's
     * acceptance.
     */
    async start(): Promise<void> {
      const setUp = Date.now();
      for (const [siteIndex] of parts.sites.entries()) {
        at(morning(setUp + DAY, siteIndex * 3));
        await walk(siteIndex, 'DIAGNOSTICO', DIAGNOSES[siteIndex]!);
        started.set(siteIndex, today());
      }
      for (const [siteIndex] of parts.sites.entries()) {
        at(morning(setUp + DAY, 7 + siteIndex));
        await saveProgramme(siteIndex, FREQUENCIES, parts.sites[siteIndex]!.firstVisit);
      }
      for (const [siteIndex] of parts.sites.entries()) {
        at(morning(setUp + 3 * DAY, 2 + siteIndex));
        await accept(siteIndex);
      }
    },

    /** After a visit's close: the client's acceptance, the recommendations checked, a review or programme due. */
    async afterVisit(visit: DemoVisit): Promise<void> {
      const siteIndex = visit.siteIndex;
      at(new Date(visit.endedAt.getTime() + 60 * MINUTE));
      await accept(siteIndex);
      const contact = parts.sites[siteIndex]!.contact;
      for (const due of toClose.filter((each) => each.siteIndex === siteIndex && each.from <= Date.now())) {
        toClose.splice(toClose.indexOf(due), 1);
        await parts.actions.update(
          due.actionId,
          {
            status: 'CERRADA',
            verificationResult: due.done,
            verifiedBy: `${contact.name} (${contact.role})`,
            verifiedOn: today(),
            closingNote: 'Recomendación cumplida por el cliente.',
          },
          office,
        );
      }
      await reviewEnded(siteIndex, localDate(visit.startedAt, timeZone));
      const sighting = siteIndex === 0 ? SIGHTINGS.find((each) => each.weeksAgo === visit.weeksAgo) : undefined;
      if (sighting) await reportSighting(siteIndex, visit, sighting);
      const change = PROGRAMMES[siteIndex]!.change;
      if (visit.weeksAgo === change.weeksAgo) {
        at(new Date(Date.now() + 60 * MINUTE));
        const version = (await programmes.versions(office, parts.sites[siteIndex]!.id))[0]!;
        const frequencies = [
          ...version.frequencies.filter(
            (row) => !change.frequencies.some((changed) => changed.type === row.type && changed.zone === row.zone),
          ),
          ...change.frequencies,
        ];
        await saveProgramme(siteIndex, frequencies);
        const list = changes.get(siteIndex) ?? [];
        list.push({
          day: today(),
          text: `Programa de control, versión ${version.version + 1} (${spanish(today())}): ${change.why}.`,
        });
        changes.set(siteIndex, list);
      }
      if (visit.weeksAgo === 4) {
        at(new Date(Date.now() + 30 * MINUTE));
        await walk(siteIndex, 'REVISION_ANUAL', ANNUAL[siteIndex]!, started.get(siteIndex));
      }
    },

    /**
     * After the year, an hour before the seed ends: the review of a quarter that ended after the last visit
     * (the office writes it without waiting for the next one).
     */
    async finish(): Promise<DemoPlantSummary> {
      at(new Date(Date.now() - 60 * MINUTE));
      for (const siteIndex of nextReview.keys()) await reviewEnded(siteIndex, today());
      return made;
    },
  };
}
