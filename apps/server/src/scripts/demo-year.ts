/**
 * A year of weekly visits for the demonstration: one closed order a week per site covering all its active
 * devices, each item completed by a scan with its finding, or by an exception. Written in bulk (a handful of
 * multi-row statements) instead of through the API, with the rows the API would have left: orders closed with
 * their counts, items completed with a client id, an ACCEPTED scan event per scan, one finding version per
 * scanned item (its activity derived by the same rules the server applies) and the item pointing at it.
 *
 * What is found: nearly every device "sin actividad, OK"; light traps catch flying insects every week, more
 * in summer (December–February in Chile); now and then an ant on a glue board or a nibbled bait; a few devices
 * not found or not reachable, with the reason; and two infestations in one area each, rising over a few weeks
 * and falling after corrective actions: mice and German cockroaches at the plant's loading dock (with bait
 * eaten round the outside), and Indian meal moth in the distribution centre's racks.
 */
import { randomUUID } from 'node:crypto';
import {
  deriveActivity,
  type BaitConsumption,
  type CaptureFields,
  type DeviceStatus,
  type Evidence,
  type ExceptionReason,
  type FindingAction,
  type FindingInput,
} from '@rondin/contracts/finding-rules';
import type { PestGroup } from '@rondin/contracts/devices';
import { sql } from 'drizzle-orm';
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

const EXCEPTION_NOTES: Record<ExceptionReason, string[]> = {
  NO_ENCONTRADO: [
    'La estación no está en su lugar; se presume retirada durante el aseo. Se repondrá en la próxima visita.',
    'Dispositivo desaparecido; el encargado de bodega no sabe quién lo movió.',
  ],
  INACCESIBLE: [
    'Pallets apilados delante del dispositivo; no se pudo llegar sin grúa horquilla.',
    'Sala cerrada con llave; el encargado no estaba en turno.',
    'Zona en mantención, acceso restringido por el cliente.',
  ],
};

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
}

export interface DemoYearSummary {
  orders: number;
  findings: number;
  exceptions: number;
  withActivity: number;
}

/** Writes the year before `now`; the week ending `now` is the most recent visit. */
export async function seedDemoYear(db: Database, sites: DemoYearSite[], now = new Date()): Promise<DemoYearSummary> {
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

  // Orders first, one statement: each site's visit on its own weekday, 08:30 local (11:30 UTC).
  const orderRows: (typeof sessions.$inferInsert)[] = [];
  const plan: { site: DemoYearSite; siteIndex: number; weeksAgo: number; start: number; technicianId: number }[] = [];
  for (const [siteIndex, site] of sites.entries()) {
    for (let weeksAgo = DEMO_WEEKS; weeksAgo >= 1; weeksAgo--) {
      const day = new Date(now.getTime() - weeksAgo * WEEK + siteIndex * DAY);
      day.setUTCHours(11, 30, 0, 0);
      const start = day.getTime();
      const technicianId = site.technicianIds[Math.floor((DEMO_WEEKS - weeksAgo) / 13) % site.technicianIds.length]!;
      plan.push({ site, siteIndex, weeksAgo, start, technicianId });
    }
  }

  type Item = typeof sessionItems.$inferInsert & { finding?: Finding; qrSlug: string; trapType: TrapRow['type'] };
  const itemsByOrder: Item[][] = [];
  for (const visit of plan) {
    const items: Item[] = [];
    let at = visit.start + 10 * 60_000;
    const season = seasonFactor(new Date(visit.start));
    for (const trap of visit.site.traps) {
      at += (50 + Math.floor(rand() * 60)) * 1000;
      const base: Item = {
        sessionId: 0,
        trapId: trap.id,
        status: 'COMPLETED',
        completedAt: new Date(at),
        receivedAt: new Date(at + 2_000 + Math.floor(rand() * 3_000)),
        completedById: visit.technicianId,
        clientScanId: randomUUID(),
        qrSlug: trap.qrSlug,
        trapType: trap.type,
      };
      if (rand() < 0.004) {
        const reason: ExceptionReason = rand() < 0.4 ? 'NO_ENCONTRADO' : 'INACCESIBLE';
        const notes = EXCEPTION_NOTES[reason];
        items.push({ ...base, exceptionReason: reason, exceptionNote: notes[Math.floor(rand() * notes.length)]! });
        continue;
      }
      items.push({ ...base, finding: findingFor(trap, visit.siteIndex, visit.weeksAgo, season) });
    }
    itemsByOrder.push(items);
  }

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
            : 0.015;
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
            finding.notes = 'Se sellaron accesos bajo la cortina del andén y se reforzó el monitoreo.';
        } else if (rand() < 0.004) {
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
            finding.notes = 'Aplicación de gel en grietas del andén y limpieza profunda de canaletas.';
        } else if (rand() < 0.02) {
          finding.captures = [{ pestId: rand() < 0.6 ? ants : silverfish, count: 1 + Math.floor(rand() * 3) }];
          finding.actions = ['LAMINA_CAMBIADA'];
        } else if (rand() < 0.01) {
          finding.deviceStatus = 'SUCIO';
          finding.actions = ['LAMINA_CAMBIADA', 'LIMPIEZA'];
        }
        break;
      }
      case 'LUZ_UV': {
        // Flying insects every week, by group, more in summer; the sheet changed monthly, the tube twice a year.
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
            finding.notes = 'Lote de harina afectado retirado; limpieza de racks y fumigación localizada.';
        } else if (rand() < 0.02) {
          finding.captures = [{ pestId: storedProduct, count: 1 }];
        }
        if (weeksAgo % 6 === 0) finding.actions = [...finding.actions, 'CEBO_REPUESTO'];
        break;
      }
      default:
        if (rand() < 0.01) finding.evidence = ['OTRA'];
    }
    if (finding.deviceStatus === 'OK' && rand() < 0.003) {
      finding.deviceStatus = 'DANADO';
      finding.actions = [...finding.actions, 'DISPOSITIVO_REEMPLAZADO'];
      finding.notes = 'Carcasa quebrada por golpe de grúa; se reemplazó el dispositivo.';
    }
    return finding;
  }

  await db.transaction(async (tx) => {
    for (const [index, visit] of plan.entries()) {
      const items = itemsByOrder[index]!;
      const first = items[0]?.completedAt as Date | undefined;
      const last = items.at(-1)?.completedAt as Date | undefined;
      orderRows.push({
        siteId: visit.site.siteId,
        technicianId: visit.technicianId,
        status: 'COMPLETED',
        scheduledAt: new Date(visit.start),
        createdById: visit.technicianId,
        createdAt: new Date(visit.start - 5 * DAY),
        startedAt: first ?? new Date(visit.start),
        closedAt: new Date((last ?? new Date(visit.start)).getTime() + 5 * 60_000),
        closedById: visit.technicianId,
        forceClosed: false,
        itemCount: items.length,
        completedCount: items.length,
      });
    }
    const orderIds: number[] = [];
    for (const chunk of chunks(orderRows, 500)) {
      orderIds.push(...(await tx.insert(sessions).values(chunk).returning({ id: sessions.id })).map((row) => row.id));
    }
    summary.orders = orderIds.length;

    const allItems: Item[] = [];
    for (const [index, items] of itemsByOrder.entries()) {
      for (const item of items) {
        item.sessionId = orderIds[index]!;
        allItems.push(item);
      }
    }
    const itemIds: number[] = [];
    for (const chunk of chunks(allItems, 2_000)) {
      const rows = await tx
        .insert(sessionItems)
        .values(chunk.map(({ finding: _finding, qrSlug: _slug, trapType: _type, ...item }) => item))
        .returning({ id: sessionItems.id });
      itemIds.push(...rows.map((row) => row.id));
    }

    const events: (typeof scanEvents.$inferInsert)[] = [];
    const findingRows: (typeof findings.$inferInsert)[] = [];
    const captureRows: { index: number; capture: CaptureFields & { count: number } }[] = [];
    const siteOf = new Map(plan.map((visit, index) => [orderIds[index]!, visit.site.siteId]));
    for (const [index, item] of allItems.entries()) {
      if (!item.finding) {
        summary.exceptions++;
        continue;
      }
      events.push({
        sessionId: item.sessionId,
        itemId: itemIds[index]!,
        technicianId: item.completedById,
        qrSlug: item.qrSlug,
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
        siteId: siteOf.get(item.sessionId)!,
        trapId: item.trapId,
        trapType: item.trapType,
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
    for (const chunk of chunks(events, 2_000)) await tx.insert(scanEvents).values(chunk);
    const findingIds: number[] = [];
    for (const chunk of chunks(findingRows, 1_500)) {
      findingIds.push(...(await tx.insert(findings).values(chunk).returning({ id: findings.id })).map((row) => row.id));
    }
    summary.findings = findingIds.length;
    const captures = captureRows.map(({ index, capture }) => ({
      findingId: findingIds[index]!,
      pestId: capture.pestId,
      count: capture.count,
      recordedAt: findingRows[index]!.recordedAt as Date,
    }));
    for (const chunk of chunks(captures, 4_000)) await tx.insert(findingCaptures).values(chunk);
    // Each item's one version is its current one.
    await tx.execute(sql`
      UPDATE session_items i SET finding_id = f.id
      FROM findings f
      WHERE f.item_id = i.id AND i.finding_id IS NULL AND i.session_id = ANY(${sql.raw(`ARRAY[${orderIds.join(',')}]::int[]`)})`);
  });
  return summary;
}

/** Light traps catch about three times as much in the southern summer as in winter. */
function seasonFactor(date: Date): number {
  const month = date.getUTCMonth();
  return 1 + Math.cos(((month - 0.5) / 12) * 2 * Math.PI);
}

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
