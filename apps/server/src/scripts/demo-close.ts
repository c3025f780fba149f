/**
 * How the demonstration's visits end, through the services the API's routes call: the products each visit
 * applied (the bait put in each bait station, the gel and the spray of the outbreaks), the close with the
 * technician's stored signature and the client's (which issues and stores the certificate), and the
 * corrective actions the visit's thresholds opened taken in hand at the next visit and closed once verified.
 * The seed's clock stands at each visit's end meanwhile (demo-clock.ts), so everything is dated when it was done.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { correctiveActions, pests } from '../db/schema.js';
import type { AuthUser } from '../lib/auth-user.js';
import { localDate } from '../lib/time-zone.js';
import type { ActionsService } from '../modules/actions/actions.service.js';
import type { OrdersService } from '../modules/orders/orders.service.js';
import type { ApplicationsService } from '../modules/products/applications.service.js';
import { BAIT_GRAMS, type DemoVisit } from './demo-year.js';

/** The products the demonstration applies, by their use. */
export interface DemoProductIds {
  rodenticide: number;
  gel: number;
  spray: number;
}

/** Who signs for the client at each site, with the stroke of their signature (base64 PNG). */
export interface DemoSigner {
  name: string;
  role: string;
  imagePng: string;
}

export interface DemoCloseParts {
  db: Database;
  orders: OrdersService;
  applications: ApplicationsService;
  actions: ActionsService;
  office: AuthUser;
  products: DemoProductIds;
  /** By site index. */
  signers: DemoSigner[];
  timeZone: string;
  /** Who answers for the company's actions (its technical manager). */
  responsibleName: string;
  /** Actions detected this many weeks before the end of the year stay open, as the last weeks' would. */
  openWeeks: number;
  /** Moves the seed's clock. */
  at: (instant: Date) => void;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Days from detection an action is given to be verified and closed (two weekly visits after the correction). */
const VERIFY_WITHIN_DAYS = 24;
/** Days more an action still active when due is given, once. */
const EXTENSION_DAYS = 14;

/** The rodenticide's lot, one a quarter as the blocks are bought. */
const RODENTICIDE_LOTS = ['L-2501-0871', 'L-2504-1120', 'L-2507-0413', 'L-2510-0962', 'L-2601-0217'];

/** A visit's close: its applications, then the close, then the site's actions. */
export function demoClose(parts: DemoCloseParts): (visit: DemoVisit) => Promise<void> {
  const pestIds = parts.db
    .select({ id: pests.id, scientificName: pests.scientificName })
    .from(pests)
    .then((rows) => new Map(rows.map((row) => [row.scientificName, row.id])));
  // Actions whose deadline was moved once already.
  const extended = new Set<number>();
  return async (visit) => {
    const byName = await pestIds;
    await applyProducts(parts, visit, byName);
    const technician: AuthUser = { id: visit.technicianId, role: 'TECH', tokenVersion: 0 };
    parts.at(new Date(visit.endedAt.getTime() + 4 * MINUTE));
    if (visit.forced) {
      // The office closes what the technician could not finish, saying why on the certificate.
      await parts.orders.close(parts.office, visit.orderId, {
        force: true,
        clientSignature: { absent: true, reason: visit.forced.reason },
      });
    } else {
      const signer = parts.signers[visit.siteIndex % parts.signers.length]!;
      await parts.orders.close(technician, visit.orderId, { clientSignature: { ...signer } });
    }
    parts.at(new Date(visit.endedAt.getTime() + 40 * MINUTE));
    await followUpActions(parts, visit, extended);
  };
}

async function applyProducts(parts: DemoCloseParts, visit: DemoVisit, pestIds: Map<string | null, number>) {
  const technician: AuthUser = { id: visit.technicianId, role: 'TECH', tokenVersion: 0 };
  const lot = RODENTICIDE_LOTS[Math.min(RODENTICIDE_LOTS.length - 1, Math.floor((52 - visit.weeksAgo) / 13))]!;
  for (const item of visit.items) {
    if (item.baitGrams <= 0 || !item.completedAt) continue;
    await parts.applications.put(technician, visit.orderId, randomUUID(), {
      productId: parts.products.rodenticide,
      batch: lot,
      quantity: item.baitGrams,
      unit: 'g',
      area: item.trap.area,
      trapId: item.trap.id,
      method: 'Bloque parafinado en portacebos de seguridad cerrado con llave',
      dose: item.baitGrams === BAIT_GRAMS ? '2 bloques de 20 g' : `${item.baitGrams} g repuestos`,
      startedAt: item.completedAt.toISOString(),
      endedAt: new Date(item.completedAt.getTime() + MINUTE).toISOString(),
    });
  }
  // Gel where the cockroaches were caught, a spray where the moths were: once a visit, in the area, at its end.
  const treatments = [
    {
      pest: 'Blattella germanica',
      productId: parts.products.gel,
      batch: 'G-2511-0113',
      unit: 'g' as const,
      perDevice: 2,
      method: 'Gel en puntos en grietas, hendiduras y bajo equipos',
      dose: '0,1 g por punto, 20 puntos por lámina con capturas',
    },
    {
      pest: 'Plodia interpunctella',
      productId: parts.products.spray,
      batch: 'C-2603-0558',
      unit: 'l' as const,
      perDevice: 0.5,
      method: 'Pulverización localizada en estructuras de racks vacíos, sin producto expuesto',
      dose: '50 ml de producto por 10 l de agua',
    },
  ];
  let end = visit.endedAt.getTime();
  for (const treatment of treatments) {
    const pestId = pestIds.get(treatment.pest);
    const caught = visit.items.filter((item) => item.captures.some((capture) => capture.pestId === pestId));
    if (caught.length === 0) continue;
    const startedAt = new Date(end + MINUTE);
    end = startedAt.getTime() + (10 + caught.length * 2) * MINUTE;
    parts.at(new Date(end + MINUTE));
    await parts.applications.put(technician, visit.orderId, randomUUID(), {
      productId: treatment.productId,
      batch: treatment.batch,
      quantity: Math.round(caught.length * treatment.perDevice * 10) / 10,
      unit: treatment.unit,
      area: caught[0]!.trap.area,
      trapId: null,
      targetPestId: pestId ?? null,
      method: treatment.method,
      dose: treatment.dose,
      startedAt: startedAt.toISOString(),
      endedAt: new Date(end).toISOString(),
    });
  }
  visit.endedAt = new Date(end);
}

/** What the analysis of an action found and did, by what crossed the threshold. */
function analysisOf(description: string): {
  rootCause: string;
  immediateCorrection: string;
  preventiveAction: string;
  verificationResult: string;
} {
  if (/roedor/i.test(description) || /cebo/i.test(description)) {
    return {
      rootCause:
        'Holgura de 2 cm bajo la puerta seccional del muelle 2 y palés de devolución acumulados junto a la fachada.',
      immediateCorrection:
        'Cepillo de sellado instalado bajo la puerta, palés retirados y trampas de captura añadidas en el muelle.',
      preventiveAction:
        'Revisión mensual de cierres de puertas en la lista de mantenimiento del cliente; palés fuera del perímetro de 1 m.',
      verificationResult: 'Dos revisiones seguidas sin capturas ni consumo en el dispositivo y en el área.',
    };
  }
  if (/rastreros/i.test(description)) {
    return {
      rootCause:
        'Restos de producto en canaletas y grietas en el zócalo junto a la línea; humedad por fuga de un grifo.',
      immediateCorrection: 'Limpieza a fondo de canaletas, gel en grietas y láminas cambiadas.',
      preventiveAction:
        'Sellado de grietas del zócalo, fuga reparada y canaletas incluidas en el plan de limpieza diario del cliente.',
      verificationResult: 'Dos revisiones seguidas con láminas sin capturas de rastreros.',
    };
  }
  if (/producto almacenado/i.test(description)) {
    return {
      rootCause: 'Lote de harina de proveedor con larvas de Plodia interpunctella, almacenado más de 60 días.',
      immediateCorrection: 'Lote afectado retirado y destruido; limpieza de racks y tratamiento localizado.',
      preventiveAction:
        'Inspección de lotes a la recepción y rotación FIFO con alerta a los 45 días en el sistema de almacén.',
      verificationResult: 'Dos revisiones seguidas de las trampas de feromona por debajo del umbral de alerta.',
    };
  }
  if (/voladores/i.test(description)) {
    return {
      rootCause: 'Puerta rápida del muelle abierta durante la carga por avería del sensor.',
      immediateCorrection: 'Sensor de la puerta reparado por el cliente; lámina adhesiva del equipo cambiada.',
      preventiveAction: 'Revisión trimestral de puertas rápidas en el plan de mantenimiento del cliente.',
      verificationResult: 'Dos revisiones seguidas por debajo del umbral de alerta.',
    };
  }
  return {
    rootCause: 'Dispositivo desplazado o dañado durante la limpieza o la manipulación de palés.',
    immediateCorrection: 'Dispositivo repuesto y fijado a la pared en su punto del plano.',
    preventiveAction:
      'Recordatorio al personal de limpieza del cliente: no mover los dispositivos; fijación con tornillo en zonas de paso.',
    verificationResult: 'Dispositivo en su sitio y en buen estado en las dos revisiones siguientes.',
  };
}

/**
 * The site's open actions after a visit: one detected before this visit is taken in hand (its analysis, in
 * progress, due when two more visits can verify it), one still active when due gets its deadline moved once
 * with why, and one the product suggests verifying (two clean inspections since) is closed with its
 * verification, signed by the client's quality lead. The last weeks' actions stay open, as they would be.
 */
async function followUpActions(parts: DemoCloseParts, visit: DemoVisit, extended: Set<number>): Promise<void> {
  const open = await parts.db
    .select({ id: correctiveActions.id, status: correctiveActions.status, detectedAt: correctiveActions.detectedAt })
    .from(correctiveActions)
    .where(and(eq(correctiveActions.siteId, visit.siteId), ne(correctiveActions.status, 'CERRADA')));
  const signer = parts.signers[visit.siteIndex % parts.signers.length]!;
  for (const row of open) {
    if (row.detectedAt.getTime() >= visit.startedAt.getTime()) continue;
    const action = await parts.actions.get(row.id);
    if (action.origin !== 'UMBRAL') continue;
    const analysis = analysisOf(action.description);
    if (row.status === 'ABIERTA') {
      // The analysis sets when it can be closed: the correction is done, its effect needs two weekly visits.
      const dueDate = localDate(new Date(row.detectedAt.getTime() + VERIFY_WITHIN_DAYS * DAY), parts.timeZone);
      await parts.actions.update(
        row.id,
        {
          status: 'EN_CURSO',
          ...(dueDate > action.dueDate
            ? { dueDate, reason: 'Plazo fijado en el análisis: dos revisiones semanales para verificar la eficacia.' }
            : {}),
          rootCause: analysis.rootCause,
          immediateCorrection: analysis.immediateCorrection,
          preventiveAction: analysis.preventiveAction,
          productImpactKind: 'SIN_IMPACTO',
          productImpact: 'Sin producto expuesto en la zona; el cliente lo comprobó con su registro de lotes.',
          responsibleName: parts.responsibleName,
          verificationPlan: 'Dos revisiones seguidas sin actividad en el dispositivo y su área.',
        },
        parts.office,
      );
      continue;
    }
    const today = localDate(visit.endedAt, parts.timeZone);
    if (!action.verificationSuggested && action.dueDate < today && !extended.has(row.id)) {
      // Still active when due: the deadline is moved once, with why; an action late again stays late.
      extended.add(row.id);
      await parts.actions.update(
        row.id,
        {
          dueDate: localDate(new Date(visit.endedAt.getTime() + EXTENSION_DAYS * DAY), parts.timeZone),
          reason: `Actividad todavía presente el ${today.split('-').reverse().join('/')}: se refuerzan las medidas y se amplía el plazo.`,
        },
        parts.office,
      );
      continue;
    }
    if (visit.weeksAgo <= parts.openWeeks || !action.verificationSuggested) continue;
    await parts.actions.update(
      row.id,
      {
        status: 'CERRADA',
        verificationResult: analysis.verificationResult,
        verifiedBy: `${signer.name} (${signer.role})`,
        verifiedOn: localDate(visit.endedAt, parts.timeZone),
        closingNote: 'Eficacia comprobada; sin impacto en producto.',
      },
      parts.office,
    );
  }
}
