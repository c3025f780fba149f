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
import type { CaughtAs, RemoteEventsRepository } from './remote-events.repository.js';

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

/**
 * What a device type's catches count as: its pest group, and one inactive pest a group, «Roedores (detección
 * remota)» and so on, which no technician picks (made the first time a device of the group reports a capture).
 */
export const CAUGHT_AS = Object.fromEntries(
  Object.entries(CAUGHT_GROUP).map(([type, group]) => [
    type,
    { group, pest: `${PEST_GROUP_NAMES[group]} (detección remota)` },
  ]),
) as CaughtAs;

const CAUGHT_GROUPS = [...new Set(Object.values(CAUGHT_GROUP))];

/** Activity events: how many detections a level takes (as other catches: 1–10 low, 11–50 medium, more high). */
function detectionActivity(count: number): ActivityLevel {
  if (count > 50) return 'ALTA';
  if (count > 10) return 'MEDIA';
  return 'BAJA';
}

/** A capture's activity as a technician's catch of that group would derive it. */
const captureActivity = (group: PestGroup, count: number) =>
  deriveActivity({ deviceStatus: 'OK', captures: [{ pestId: 0, count }], evidence: [], actions: [] }, () => group);

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
    if (new Date(body.occurredAt).getTime() > Date.now() + FUTURE_TOLERANCE_MS) {
      throw AppError.badRequest('La hora del evento está en el futuro: revisa el reloj del dispositivo.');
    }
    const isFinding = REMOTE_FINDING_TYPES.includes(body.type);
    const count = body.count ?? (body.type === 'CAPTURA' ? 1 : null);
    // The device's type (so its pest group) is known only once it is found, in the database's statement:
    // the activity is worked out here for each group it can be.
    const activities = !isFinding
      ? undefined
      : Object.fromEntries(
          CAUGHT_GROUPS.map((group) => [
            group,
            body.type === 'CAPTURA' ? captureActivity(group, count ?? 1) : detectionActivity(count ?? 1),
          ]),
        );
    const result = await this.repository.record({
      eventId: body.eventId,
      externalId: body.externalId,
      deviceCode: body.deviceCode,
      siteId: body.siteId,
      type: body.type,
      occurredAt: body.occurredAt,
      count,
      raw: body.raw,
      byId,
      activities,
      caught: body.type === 'CAPTURA' && count! > 0 ? count! : undefined,
    });
    const named =
      body.externalId !== undefined ? `con identificador externo «${body.externalId}»` : `«${body.deviceCode}»`;
    switch (result.outcome) {
      case 'CREATED':
      case 'REPEAT':
        return { event: result.event, created: result.outcome === 'CREATED' };
      case 'NOT_FOUND':
        throw AppError.notFound(`No hay ningún dispositivo ${named}.`);
      case 'AMBIGUOUS':
        throw new AppError(422, `El código ${named} está en varios sitios: indica siteId.`);
      case 'OTHER_SITE':
        throw new AppError(422, `El dispositivo ${named} no es del sitio ${body.siteId}.`);
      case 'INACTIVE':
        throw new AppError(422, `El dispositivo ${result.deviceCode} está dado de baja.`);
    }
  }

  async ofTrap(trapId: number, query: TrapRemoteEventsQuery): Promise<RemoteEventPage> {
    const { page, pageSize, offset } = pageWindow(query, DEFAULT_PAGE_SIZE);
    const { rows, total } = await this.repository.ofTrap(trapId, { pageSize, offset });
    return { items: rows, total, page, pageSize };
  }
}
