/**
 * A year of weekly visits for the demonstration, as a well-run contract in Spain leaves it: one order a week per
 * site covering all its active devices, each item completed by a scan with its finding, or by an exception with
 * its reason. The field work of each visit is written in bulk (a handful of multi-row statements: the rows a
 * scan and a finding leave, its activity derived by the same rules the server applies, the thresholds judged by
 * the database's own triggers); the visits are written one after another in time order, each in its own
 * transaction, and `close` then closes each as the office or the technician would (the seed: through the
 * orders service, with signatures and a certificate).
 *
 * What is found: nearly every device "sin actividad"; light traps catch flying insects every week, more in
 * summer; now and then an ant on a glue board or a nibbled bait; a few devices not found or not reachable, with
 * the reason; one visit the office force-closes with devices not inspected; and three infestations, each in one
 * area, rising over a few weeks and falling after corrective actions: mice and German cockroaches at the plant's
 * loading dock (with bait eaten round the outside), and Indian meal moth in the warehouse's racks.
 */
import { randomUUID } from 'node:crypto';
import {
  deriveActivity,
  type BaitConsumption,
  type CaptureFields,
  type DeviceStatus,
  type Evidence,
  type ExceptionReason,
  type ExceptionReasonDetail,
  type FindingAction,
  type FindingInput,
} from '@rondin/contracts/finding-rules';
import type { PestGroup } from '@rondin/contracts/devices';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { findingCaptures, findings, pests, scanEvents, sessionItems, sessions } from '../db/schema.js';
import type { TrapRow } from '../modules/traps/traps.repository.js';

export const DEMO_WEEKS = 52;

const DAY = 86_400_000;
const WEEK = 7 * DAY;

/** An outbreak: where, which pest, on which devices, and how many caught each week of it. */
interface Outbreak {
  siteIndex: number;
  area: string;
  pest: string;
  types: TrapRow['type'][];
  /** Weeks before now when it starts (the first entry of `curve`). */
  startsWeeksAgo: number;
  /** Mean catch per device each week; the corrective actions start at the peak. */
  curve: number[];
}

const OUTBREAKS: Outbreak[] = [
  {
    siteIndex: 0,
    area: 'Andén de carga',
    pest: 'Mus musculus',
    types: ['CAPTURA'],
    startsWeeksAgo: 30,
    curve: [0.3, 0.8, 1.5, 2.2, 1.6, 0.8, 0.3, 0.1],
  },
  {
    siteIndex: 0,
    area: 'Andén de carga',
    pest: 'Blattella germanica',
    types: ['LAMINA'],
    startsWeeksAgo: 29,
    curve: [2, 6, 14, 22, 12, 5, 2, 0.5],
  },
  {
    siteIndex: 1,
    area: 'Almacenamiento en racks',
    pest: 'Plodia interpunctella',
    types: ['FEROMONA'],
    startsWeeksAgo: 14,
    curve: [1, 3, 7, 11, 6, 2, 0.5],
  },
];

/** Bait stations round the outside show the mice before the traps inside catch them. */
const BAIT_PRESSURE = { siteIndex: 0, startsWeeksAgo: 31, curve: [0.15, 0.35, 0.6, 0.7, 0.45, 0.2, 0.1] };

/** Why a device could not be inspected, as the technician's phone records it: the reason, its detail, a note. */
const EXCEPTIONS: { reason: ExceptionReason; detail: ExceptionReasonDetail; note: string }[] = [
  {
    reason: 'NO_ENCONTRADO',
    detail: 'RETIRADO_CLIENTE',
    note: 'El personal de limpieza del cliente retiró la estación para fregar la zona; se repone en esta visita.',
  },
  {
    reason: 'NO_ENCONTRADO',
    detail: 'OTRO',
    note: 'Dispositivo desaparecido; el encargado de almacén no sabe quién lo movió. Se instala uno nuevo.',
  },
  {
    reason: 'INACCESIBLE',
    detail: 'BLOQUEADO_MERCADERIA',
    note: 'Palés apilados delante del dispositivo; no se pudo llegar sin carretilla elevadora.',
  },
  { reason: 'INACCESIBLE', detail: 'AREA_CERRADA', note: 'Sala cerrada con llave; el encargado no estaba de turno.' },
  {
    reason: 'INACCESIBLE',
    detail: 'PRODUCCION',
    note: 'Línea en producción; el cliente no autorizó la entrada durante el turno.',
  },
];

/** The visit the technician could not finish: the racks' last devices, and why the office closed it so. */
const FORCED_VISIT = {
  siteIndex: 1,
  weeksAgo: 19,
  area: 'Almacenamiento en racks',
  pending: 6,
  reason: 'Inventario anual del cliente: racks 5 a 7 precintados.',
};

/** Grams of rodenticide a bait station holds when full: two 20 g blocks. */
export const BAIT_GRAMS = 40;
/** Bait stations get fresh blocks every 13 weeks (the label's renewal), whatever was eaten. */
const BAIT_RENEWAL_WEEKS = 13;

/** A seeded random source, so the demonstration is the same every time. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A Poisson draw (small means only). */
function poisson(mean: number, rand: () => number): number {
  const limit = Math.exp(-mean);
  let product = rand();
  let count = 0;
  while (product > limit) {
    count++;
    product *= rand();
  }
  return count;
}

interface Finding extends FindingInput {
  captures: { pestId: number; count: number }[];
  notes: string | null;
}

const nothing = (): Finding => ({
  deviceStatus: 'OK',
  captures: [],
  evidence: [],
  actions: [],
  notes: null,
});

export interface DemoYearSite {
  siteId: number;
  /** The site's active devices, in walking order. */
  traps: TrapRow[];
  /** Who does the weekly round (rotates every quarter). */
  technicianIds: number[];
  /** The site's zone: visits start at its morning hours. */
  timeZone?: string;
}

/** One device of a visit as the technician left it. */
export interface DemoVisitItem {
  itemId: number;
  trap: TrapRow;
  /** When it was scanned or its exception recorded; null for a device left pending. */
  completedAt: Date | null;
  /** Grams of rodenticide put in this bait station at this inspection (refill, renewal or first baiting). */
  baitGrams: number;
  /** What was caught (pest and count), for the treatments the visit calls for. */
  captures: { pestId: number; count: number }[];
}

/** A visit once written: its order open with every item's work in it, for `close` to finish. */
export interface DemoVisit {
  siteIndex: number;
  siteId: number;
  weeksAgo: number;
  orderId: number;
  technicianId: number;
  /** The first and the last device's times. */
  startedAt: Date;
  endedAt: Date;
  items: DemoVisitItem[];
  /** Devices left pending, and why: the office force-closes the order. */
  forced: { reason: string } | null;
}

export interface DemoYearOptions {
  /** The year ends the week before `now`. */
  now?: Date;
  weeks?: number;
  /** Called with each visit's last instant before it is written (the seed moves its clock there). */
  at?: (instant: Date) => void;
  /** Closes a written visit; without it the order's row is marked closed by the technician. */
  close?: (visit: DemoVisit) => Promise<void>;
}

export interface DemoYearSummary {
  orders: number;
  findings: number;
  exceptions: number;
  withActivity: number;
}

/** A visit as planned before anything is written. */
interface PlannedVisit {
  site: DemoYearSite;
  siteIndex: number;
  weeksAgo: number;
  start: number;
  technicianId: number;
  /** The site's next visit. */
  next?: PlannedVisit;
  /** Its order, once the previous visit planned it. */
  orderId?: number;
}

type Item = typeof sessionItems.$inferInsert & { finding?: Finding; trap: TrapRow; baitGrams: number };

/**
 * The day of a site's visit `weeksAgo` weeks before `now` (1: the latest): the first site's on the last Tuesday
 * before today, the next site's the day before.
 */
export function visitDay(now: Date, weeksAgo: number, siteIndex: number): Date {
  const lastTuesday = now.getTime() - ((now.getUTCDay() + 5) % 7 || 7) * DAY;
  return new Date(lastTuesday - (weeksAgo - 1) * WEEK - siteIndex * DAY);
}

/** Writes the year before `now`, visit by visit in time order; the week ending `now` is the most recent visit. */
export async function seedDemoYear(
  db: Database,
  sites: DemoYearSite[],
  { now = new Date(), weeks = DEMO_WEEKS, at, close }: DemoYearOptions = {},
): Promise<DemoYearSummary> {
  const rand = random(20_261_122);
  const pestRows = await db
    .select({ id: pests.id, scientificName: pests.scientificName, name: pests.name, group: pests.group })
    .from(pests);
  const pestId = (name: string): number => {
    const pest = pestRows.find((row) => row.scientificName === name || row.name === name);
    if (!pest) throw new Error(`La plaga ${name} no está en el catálogo.`);
    return pest.id;
  };
  const groups = new Map<number, PestGroup>(pestRows.map((row) => [row.id, row.group as PestGroup]));
  const groupOf = (id: number) => groups.get(id);
  const ants = pestId('Formicidae');
  const silverfish = pestId('Lepisma saccharina');
  const flying = ['Moscas', 'Dípteros pequeños', 'Mosquitos', 'Polillas'].map(pestId);
  const storedProduct = pestId('Tribolium castaneum');

  const summary: DemoYearSummary = { orders: 0, findings: 0, exceptions: 0, withActivity: 0 };

  // Each site's visit on its own weekday (the first site's on Tuesdays, the next on Mondays), the last one the
  // latest such day before today, starting between 07:30 and 10:30 at the site (UTC+1 or +2 in Spain).
  const plan: PlannedVisit[] = [];
  for (const [siteIndex, site] of sites.entries()) {
    for (let weeksAgo = weeks; weeksAgo >= 1; weeksAgo--) {
      const day = visitDay(now, weeksAgo, siteIndex);
      day.setUTCHours(6, 30 + Math.floor(rand() * 120), 0, 0);
      const technicianId = site.technicianIds[Math.floor((weeks - weeksAgo) / 13) % site.technicianIds.length]!;
      plan.push({ site, siteIndex, weeksAgo, start: day.getTime(), technicianId });
    }
  }
  plan.sort((a, b) => a.start - b.start);
  for (const [index, visit] of plan.entries()) {
    visit.next = plan.slice(index + 1).find((later) => later.site === visit.site);
  }
  // The last renewal of each bait station: every station is baited at the year's first visit.
  const baitedWeek = new Map<number, number>();

  function findingFor(trap: TrapRow, siteIndex: number, weeksAgo: number, season: number): Finding {
    const finding = nothing();
    const outbreakCatch = (type: TrapRow['type']) => {
      for (const outbreak of OUTBREAKS) {
        const week = outbreak.startsWeeksAgo - weeksAgo;
        if (outbreak.siteIndex !== siteIndex || trap.area !== outbreak.area || !outbreak.types.includes(type)) continue;
        if (week < 0 || week >= outbreak.curve.length) continue;
        // Rounded at random, so every device follows the outbreak's curve.
        const count = Math.floor(outbreak.curve[week]! + rand());
        // The peak and after: the corrective actions (more devices, cleaning, the glue boards changed).
        const peak = outbreak.curve.indexOf(Math.max(...outbreak.curve));
        return { pestId: pestId(outbreak.pest), count, correcting: week >= peak };
      }
      return undefined;
    };
    switch (trap.type) {
      case 'CEBADERO': {
        const week = BAIT_PRESSURE.startsWeeksAgo - weeksAgo;
        const pressure =
          siteIndex === BAIT_PRESSURE.siteIndex && week >= 0 && week < BAIT_PRESSURE.curve.length
            ? BAIT_PRESSURE.curve[week]!
            : 0.01;
        if (rand() < pressure) {
          const eaten = ([25, 25, 50, 75, 100] as const)[
            Math.min(4, Math.floor(rand() * 5 * (pressure > 0.1 ? 1 : 0.5)))
          ]!;
          finding.baitConsumption = eaten as BaitConsumption;
          finding.actions = ['CEBO_REPUESTO'];
          if (eaten >= 50) finding.evidence = ['ROEDURAS', ...(rand() < 0.5 ? (['EXCREMENTOS'] as Evidence[]) : [])];
        } else {
          finding.baitConsumption = 0;
          if (rand() < 0.01) {
            finding.baitState = 'CEBO_DETERIORADO';
            finding.baitConsumption = null;
            finding.actions = ['CEBO_REPUESTO'];
            finding.notes = 'Cebo con humedad; se reemplazó.';
          }
        }
        break;
      }
      case 'CAPTURA': {
        const outbreak = outbreakCatch('CAPTURA');
        if (outbreak && outbreak.count > 0) {
          finding.captures = [{ pestId: outbreak.pestId, count: outbreak.count }];
          finding.evidence = rand() < 0.6 ? ['EXCREMENTOS'] : [];
          finding.actions = ['LIMPIEZA', 'CEBO_REPUESTO'];
          if (outbreak.correcting)
            finding.notes = 'Se sellaron accesos bajo la puerta seccional del muelle y se reforzó el monitoreo.';
        } else if (rand() < 0.003) {
          finding.deviceStatus = 'DISPARADA_SIN_CAPTURA';
          finding.actions = ['CEBO_REPUESTO'];
        }
        break;
      }
      case 'LAMINA': {
        const outbreak = outbreakCatch('LAMINA');
        if (outbreak && outbreak.count > 0) {
          finding.captures = [{ pestId: outbreak.pestId, count: outbreak.count }];
          finding.evidence = ['INSECTOS_VIVOS'];
          finding.actions = ['LAMINA_CAMBIADA'];
          if (outbreak.correcting)
            finding.notes = 'Aplicación de gel en grietas del muelle y limpieza a fondo de canaletas.';
        } else if (rand() < 0.012) {
          finding.captures = [{ pestId: rand() < 0.6 ? ants : silverfish, count: 1 + Math.floor(rand() * 2) }];
          finding.actions = ['LAMINA_CAMBIADA'];
        } else if (rand() < 0.008) {
          finding.deviceStatus = 'SUCIO';
          finding.actions = ['LAMINA_CAMBIADA', 'LIMPIEZA'];
        }
        break;
      }
      case 'LUZ_UV': {
        // Flying insects every week, by group, more in summer; the sheet changed monthly, the tube once a year.
        finding.captures = flying
          .map((id, index) => ({ pestId: id, count: poisson([3, 2, 0.8, 0.5][index]! * season, rand) }))
          .filter((capture) => capture.count > 0);
        const actions: FindingAction[] = [];
        if (weeksAgo % 4 === 0) actions.push('LAMINA_CAMBIADA');
        if (weeksAgo % 26 === 0) actions.push('TUBO_CAMBIADO');
        finding.actions = actions;
        break;
      }
      case 'FEROMONA': {
        const outbreak = outbreakCatch('FEROMONA');
        if (outbreak && outbreak.count > 0) {
          finding.captures = [{ pestId: outbreak.pestId, count: outbreak.count }];
          finding.actions = ['LAMINA_CAMBIADA'];
          if (outbreak.correcting)
            finding.notes = 'Lote de harina afectado retirado; limpieza de racks y tratamiento localizado.';
        } else if (rand() < 0.02) {
          finding.captures = [{ pestId: storedProduct, count: 1 }];
        }
        if (weeksAgo % 6 === 0) finding.actions = [...finding.actions, 'CEBO_REPUESTO'];
        break;
      }
      default:
        if (rand() < 0.01) finding.evidence = ['OTRA'];
    }
    if (finding.deviceStatus === 'OK' && rand() < 0.0008) {
      finding.deviceStatus = 'DANADO';
      finding.actions = [...finding.actions, 'DISPOSITIVO_REEMPLAZADO'];
      finding.notes = 'Carcasa rota por un golpe de carretilla; se sustituyó el dispositivo.';
    }
    return finding;
  }

  /** Grams of rodenticide put in a bait station at this inspection: the first, a renewal, or a refill. */
  function baitPlaced(trap: TrapRow, weeksAgo: number, finding: Finding | undefined): number {
    if (trap.type !== 'CEBADERO') return 0;
    const last = baitedWeek.get(trap.id);
    if (last === undefined || last - weeksAgo >= BAIT_RENEWAL_WEEKS || !finding) {
      baitedWeek.set(trap.id, weeksAgo);
      return BAIT_GRAMS;
    }
    if (finding.baitState === 'CEBO_DETERIORADO') return BAIT_GRAMS;
    return Math.round(((finding.baitConsumption ?? 0) / 100) * BAIT_GRAMS);
  }

  for (const visit of plan) {
    const items: Item[] = [];
    let time = visit.start;
    const season = seasonFactor(new Date(visit.start));
    const forced =
      visit.siteIndex === FORCED_VISIT.siteIndex && visit.weeksAgo === FORCED_VISIT.weeksAgo ? FORCED_VISIT : null;
    const leftPending = new Set(
      forced
        ? visit.site.traps
            .filter((trap) => trap.area === forced.area)
            .slice(-forced.pending)
            .map((trap) => trap.id)
        : [],
    );
    for (const trap of visit.site.traps) {
      const base: Item = {
        sessionId: 0,
        trapId: trap.id,
        status: 'PENDING',
        trap,
        baitGrams: 0,
      };
      if (leftPending.has(trap.id)) {
        items.push(base);
        continue;
      }
      time += (45 + Math.floor(rand() * 60)) * 1000;
      const done: Item = {
        ...base,
        status: 'COMPLETED',
        completedAt: new Date(time),
        receivedAt: new Date(time + 2_000 + Math.floor(rand() * 3_000)),
        completedById: visit.technicianId,
        clientScanId: randomUUID(),
      };
      if (rand() < 0.003) {
        const exception = EXCEPTIONS[Math.floor(rand() * EXCEPTIONS.length)]!;
        items.push({
          ...done,
          exceptionReason: exception.reason,
          exceptionDetail: exception.detail,
          exceptionNote: exception.note,
        });
        continue;
      }
      const finding = findingFor(trap, visit.siteIndex, visit.weeksAgo, season);
      items.push({ ...done, finding, baitGrams: baitPlaced(trap, visit.weeksAgo, finding) });
    }
    const completed = items.filter((item) => item.completedAt);
    const startedAt = completed[0]!.completedAt as Date;
    const endedAt = completed.at(-1)!.completedAt as Date;
    at?.(new Date(endedAt.getTime() + 3 * 60_000));
    const written = await writeVisit(db, visit, items, groupOf, rand, summary);
    const demoVisit: DemoVisit = {
      siteIndex: visit.siteIndex,
      siteId: visit.site.siteId,
      weeksAgo: visit.weeksAgo,
      orderId: written.orderId,
      technicianId: visit.technicianId,
      startedAt,
      endedAt,
      items: items.map((item, index) => ({
        itemId: written.itemIds[index]!,
        trap: item.trap,
        completedAt: (item.completedAt as Date | undefined) ?? null,
        baitGrams: item.baitGrams,
        captures: item.finding?.captures ?? [],
      })),
      forced: forced ? { reason: forced.reason } : null,
    };
    if (close) await close(demoVisit);
    else {
      await db
        .update(sessions)
        .set({
          status: 'COMPLETED',
          closedAt: new Date(endedAt.getTime() + 5 * 60_000),
          closedById: visit.technicianId,
          forceClosed: forced !== null,
        })
        .where(eq(sessions.id, written.orderId));
    }
    summary.orders++;
  }
  return summary;
}

/**
 * One visit's field work in one transaction: the order (open, created by the office five days before), its
 * items, an ACCEPTED scan event per scan, one finding version per scanned item with its catches, and each item
 * pointing at its finding. The findings' thresholds are judged by the database as it commits.
 */
async function writeVisit(
  db: Database,
  visit: PlannedVisit,
  items: Item[],
  groupOf: (id: number) => PestGroup | undefined,
  rand: () => number,
  summary: DemoYearSummary,
): Promise<{ orderId: number; itemIds: number[] }> {
  return db.transaction(async (tx) => {
    const completed = items.filter((item) => item.status === 'COMPLETED');
    const work = {
      status: 'IN_PROGRESS' as const,
      startedAt: completed[0]!.completedAt as Date,
      itemCount: items.length,
      completedCount: completed.length,
    };
    const orderId =
      visit.orderId ??
      (
        await tx
          .insert(sessions)
          .values({ ...planned(visit), ...work })
          .returning()
      )[0]!.id;
    if (visit.orderId !== undefined) await tx.update(sessions).set(work).where(eq(sessions.id, orderId));
    // The site's next visit is planned before this one closes, so its certificate names it.
    if (visit.next) {
      visit.next.orderId = (await tx.insert(sessions).values(planned(visit.next)).returning())[0]!.id;
    }
    const itemIds = (
      await tx
        .insert(sessionItems)
        .values(
          items.map(({ finding: _finding, trap: _trap, baitGrams: _grams, ...item }) => ({
            ...item,
            sessionId: orderId,
          })),
        )
        .returning({ id: sessionItems.id })
    ).map((row) => row.id);

    const events: (typeof scanEvents.$inferInsert)[] = [];
    const findingRows: (typeof findings.$inferInsert)[] = [];
    const captureRows: { index: number; capture: CaptureFields & { count: number } }[] = [];
    for (const [index, item] of items.entries()) {
      if (item.status !== 'COMPLETED') continue;
      if (!item.finding) {
        summary.exceptions++;
        continue;
      }
      events.push({
        sessionId: orderId,
        itemId: itemIds[index]!,
        technicianId: item.completedById,
        qrSlug: item.trap.qrSlug,
        result: 'ACCEPTED',
        clientScanId: item.clientScanId,
        scannedAt: item.completedAt as Date,
        createdAt: item.receivedAt as Date,
      });
      const activity = deriveActivity(item.finding, groupOf);
      if (activity !== 'NINGUNA') summary.withActivity++;
      const recordedAt = new Date((item.completedAt as Date).getTime() + 15_000 + Math.floor(rand() * 20_000));
      for (const capture of item.finding.captures) captureRows.push({ index: findingRows.length, capture });
      findingRows.push({
        itemId: itemIds[index]!,
        siteId: visit.site.siteId,
        trapId: item.trapId,
        trapType: item.trap.type,
        clientFindingId: randomUUID(),
        technicianId: item.completedById,
        recordedAt,
        deviceTime: recordedAt,
        receivedAt: new Date(recordedAt.getTime() + 1_500),
        deviceStatus: item.finding.deviceStatus as DeviceStatus,
        activity,
        derivedActivity: activity,
        baitConsumption: item.finding.baitConsumption ?? null,
        baitState: item.finding.baitState ?? null,
        evidence: [...item.finding.evidence],
        actions: [...item.finding.actions],
        notes: item.finding.notes,
      });
    }
    if (events.length > 0) await tx.insert(scanEvents).values(events);
    const findingIds =
      findingRows.length > 0
        ? (await tx.insert(findings).values(findingRows).returning({ id: findings.id })).map((row) => row.id)
        : [];
    summary.findings += findingIds.length;
    const captures = captureRows.map(({ index, capture }) => ({
      findingId: findingIds[index]!,
      pestId: capture.pestId,
      count: capture.count,
      recordedAt: findingRows[index]!.recordedAt as Date,
    }));
    if (captures.length > 0) await tx.insert(findingCaptures).values(captures);
    // Each item's one version is its current one.
    await tx.execute(sql`
      UPDATE session_items i SET finding_id = f.id
      FROM findings f
      WHERE f.item_id = i.id AND i.finding_id IS NULL AND i.session_id = ${orderId}`);
    return { orderId, itemIds };
  });
}

/** A visit's order as the office plans it, five days before. */
function planned(visit: PlannedVisit): typeof sessions.$inferInsert {
  return {
    siteId: visit.site.siteId,
    technicianId: visit.technicianId,
    status: 'PENDING',
    scheduledAt: new Date(visit.start),
    createdById: visit.technicianId,
    createdAt: new Date(visit.start - 5 * DAY),
  };
}

/** Light traps catch about three times as much in summer (July) as in winter. */
function seasonFactor(date: Date): number {
  const month = date.getUTCMonth();
  return 1 + Math.cos(((month - 6.5) / 12) * 2 * Math.PI);
}
