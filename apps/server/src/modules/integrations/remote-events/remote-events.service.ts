import {
  deriveActivity,
  type ActivityLevel,
  PEST_GROUP_NAMES,
  type PestGroup,
  REMOTE_FINDING_TYPES,
  type RemoteEvent,
  type RemoteEventBody,
  type RemoteEventPage,
  type TrapRemoteEventsQuery,
  type TrapType,
} from '@rondin/contracts';
import { AppError } from '../../../lib/app-error.js';
import { pageWindow } from '../../../lib/search.js';
import type { RemoteDevice, RemoteEventsRepository } from './remote-events.repository.js';

/** An event dated further ahead of the server's clock than this is refused: a device's clock gone wrong. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;
const DEFAULT_PAGE_SIZE = 50;

/** The pest group a device type's catches are (a remote capture names no species). */
const CAUGHT_GROUP: Record<TrapType, PestGroup> = {
  CEBADERO: 'ROEDORES',
  CAPTURA: 'ROEDORES',
  LAMINA: 'RASTREROS',
  LUZ_UV: 'VOLADORES',
  FEROMONA: 'PRODUCTO_ALMACENADO',
  OTRO: 'OTROS',
};

/** Activity events: how many detections a level takes (as other catches: 1–10 low, 11–50 medium, more high). */
function detectionActivity(count: number): ActivityLevel {
  if (count > 50) return 'ALTA';
  if (count > 10) return 'MEDIA';
  return 'BAJA';
}

export interface RecordedEvent {
  event: RemoteEvent;
  /** False when its eventId was stored before: nothing was written again. */
  created: boolean;
}

/**
 * Events of electronic devices (DESIGN-plant.md "Integrations"): captures and activity become remote findings,
 * judged by the thresholds; openings, low battery and lost connection ring the office's bell.
 */
export class RemoteEventsService {
  constructor(private readonly repository: RemoteEventsRepository) {}

  async record(body: RemoteEventBody, byId: number | null): Promise<RecordedEvent> {
    // No read of the eventId first: the insert's ON CONFLICT tells a repeat (one round trip fewer for the new
    // events, the common case). A repeat is so answered once its device is found again.
    const occurredAt = new Date(body.occurredAt);
    if (occurredAt.getTime() > Date.now() + FUTURE_TOLERANCE_MS) {
      throw AppError.badRequest('La hora del evento está en el futuro: revisa el reloj del dispositivo.');
    }
    const device = await this.device(body);
    const isFinding = REMOTE_FINDING_TYPES.includes(body.type);
    const count = body.count ?? (body.type === 'CAPTURA' ? 1 : null);
    const created = await this.repository.insert({
      eventId: body.eventId,
      device,
      type: body.type,
      occurredAt,
      count,
      raw: body.raw,
      byId,
      finding: isFinding ? await this.finding(device, body.type, count ?? 1) : null,
      // One bell a device, kind of alert and day (UTC): a sensor repeating its warning rings once a day.
      alertDedupKey: isFinding ? null : `device-alert:${device.id}:${body.type}:${body.occurredAt.slice(0, 10)}`,
    });
    const event = await this.repository.byEventId(body.eventId);
    return { event: event!, created };
  }

  async ofTrap(trapId: number, query: TrapRemoteEventsQuery): Promise<RemoteEventPage> {
    const { page, pageSize, offset } = pageWindow(query, DEFAULT_PAGE_SIZE);
    const { rows, total } = await this.repository.ofTrap(trapId, { pageSize, offset });
    return { items: rows, total, page, pageSize };
  }

  private async device(body: RemoteEventBody): Promise<RemoteDevice> {
    const named =
      body.externalId !== undefined ? `con identificador externo «${body.externalId}»` : `«${body.deviceCode}»`;
    const found = await this.repository.devices(
      body.externalId !== undefined ? { externalId: body.externalId } : { code: body.deviceCode!, siteId: body.siteId },
    );
    if (found.length === 0) throw AppError.notFound(`No hay ningún dispositivo ${named}.`);
    if (found.length > 1) {
      throw new AppError(422, `El código ${named} está en varios sitios: indica siteId.`);
    }
    const device = found[0]!;
    if (body.siteId !== undefined && device.siteId !== body.siteId) {
      throw new AppError(422, `El dispositivo ${named} no es del sitio ${body.siteId}.`);
    }
    if (!device.isActive) throw new AppError(422, `El dispositivo ${device.code} está dado de baja.`);
    return device;
  }

  /** A capture counts as the device type's pest group; its activity is the one a technician's catch would derive. */
  private async finding(device: RemoteDevice, type: RemoteEventBody['type'], count: number) {
    if (type !== 'CAPTURA') return { activity: detectionActivity(count), capture: null };
    const group = CAUGHT_GROUP[device.type];
    const pestId = await this.repository.remotePest(group, `${PEST_GROUP_NAMES[group]} (detección remota)`);
    const capture = { pestId, count };
    const activity = deriveActivity(
      { deviceStatus: 'OK', captures: [capture], evidence: [], actions: [] },
      () => group,
    );
    return { activity, capture: count > 0 ? capture : null };
  }
}
