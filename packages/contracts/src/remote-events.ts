import { z } from 'zod';
import { IdNumber, text, Timestamp } from './common.js';
import { EXTERNAL_ID_MAX, REMOTE_EVENT_TYPES } from './devices.js';
import { ActivitySchema } from './findings.js';
import { PageParams, pageOf } from './paging.js';

/** The largest `raw` payload kept with an event, as JSON text. */
export const REMOTE_EVENT_RAW_MAX = 8 * 1024;
export const REMOTE_EVENT_COUNT_MAX = 100_000;

const boundedText = (label: string, max: number) =>
  text(label, { error: `${label} debe ser texto.` })
    .trim()
    .min(1, `${label} no puede estar vacío.`)
    .max(max, `${label} admite como máximo ${max} caracteres.`);

/**
 * One event of an electronic device (POST /api/remote-events, and the MQTT subscriber's messages): the device
 * is named by its code (with `siteId` when codes repeat between sites) or by its external id.
 */
export const RemoteEventBody = z
  .strictObject({
    eventId: boundedText('El identificador del evento', 200),
    deviceCode: boundedText('El código del dispositivo', 40).optional(),
    externalId: boundedText('El identificador externo', EXTERNAL_ID_MAX).optional(),
    siteId: IdNumber.optional(),
    type: z.enum(REMOTE_EVENT_TYPES, { error: `El tipo debe ser uno de: ${REMOTE_EVENT_TYPES.join(', ')}.` }),
    occurredAt: Timestamp,
    count: z
      .number({ error: 'La cantidad debe ser un número entero.' })
      .int('La cantidad debe ser un número entero.')
      .min(0, 'La cantidad no puede ser negativa.')
      .max(REMOTE_EVENT_COUNT_MAX, `La cantidad admite como máximo ${REMOTE_EVENT_COUNT_MAX}.`)
      .optional(),
    /** What the device or its bridge sent, kept as evidence. */
    raw: z
      .unknown()
      .refine(
        (value) => JSON.stringify(value).length <= REMOTE_EVENT_RAW_MAX,
        `raw admite como máximo ${REMOTE_EVENT_RAW_MAX} caracteres de JSON.`,
      )
      .optional(),
  })
  .refine((body) => (body.deviceCode === undefined) !== (body.externalId === undefined), {
    message: 'Indica el dispositivo con deviceCode o con externalId (uno de los dos).',
  });
export type RemoteEventBody = z.infer<typeof RemoteEventBody>;

/** An event as stored: a replay of its eventId answers the same. */
export const RemoteEvent = z.object({
  id: z.number().int(),
  eventId: z.string(),
  trapId: z.number().int(),
  trapCode: z.string(),
  siteId: z.number().int(),
  type: z.enum(REMOTE_EVENT_TYPES),
  occurredAt: Timestamp,
  receivedAt: Timestamp,
  count: z.number().int().nullable(),
  /** The remote finding a capture or activity became (origin REMOTO); null for a maintenance alert. */
  findingId: z.number().int().nullable(),
  activity: ActivitySchema.nullable(),
  /** The corrective actions its finding opened or joined by crossing a threshold. */
  actionIds: z.array(z.number().int()),
});
export type RemoteEvent = z.infer<typeof RemoteEvent>;

export const TrapRemoteEventsQuery = z.strictObject({ ...PageParams });
export type TrapRemoteEventsQuery = z.infer<typeof TrapRemoteEventsQuery>;

export const RemoteEventPage = pageOf(RemoteEvent);
export type RemoteEventPage = z.infer<typeof RemoteEventPage>;
