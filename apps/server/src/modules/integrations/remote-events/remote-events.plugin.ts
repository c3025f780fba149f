import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../../db/database.js';
import type { MqttSubscriber } from './mqtt-subscriber.js';
import { RemoteEventsRepository } from './remote-events.repository.js';
import { remoteEventsRoutes, trapRemoteEventsRoutes } from './remote-events.routes.js';
import { CAUGHT_AS, RemoteEventsService } from './remote-events.service.js';

const SUBSCRIBE_BOUND_MS = 5_000;

export interface RemoteEventsPluginOptions {
  db: Database;
  /** MQTT_URL and MQTT_TOPIC: the subscriber runs only when a broker is given. */
  mqtt?: { url: string; topic: string } | undefined;
}

/**
 * Remote monitoring, registered under /api: the HTTP route, a device's events, and the MQTT subscriber, which
 * starts with the server (onReady) and stops before the database closes (preClose).
 */
export const remoteEventsPlugin: FastifyPluginAsync<RemoteEventsPluginOptions> = async (api, { db, mqtt }) => {
  const service = new RemoteEventsService(new RemoteEventsRepository(db, CAUGHT_AS));
  await api.register(remoteEventsRoutes, { prefix: '/remote-events', service });
  await api.register(trapRemoteEventsRoutes, { prefix: '/traps', service });
  if (!mqtt) return;
  let subscriber: MqttSubscriber | undefined;
  api.addHook('onReady', async () => {
    // The MQTT client is loaded only for a server given a broker.
    const { startMqttSubscriber } = await import('./mqtt-subscriber.js');
    subscriber = startMqttSubscriber({ ...mqtt, record: (body) => service.record(body, null), log: api.log });
    // Ready once subscribed, so nothing published after the start is missed; a broker that does not answer
    // within the bound does not hold the server back (the client keeps reconnecting).
    let bound: NodeJS.Timeout | undefined;
    await Promise.race([
      subscriber.ready,
      new Promise<void>((resolve) => {
        bound = setTimeout(() => {
          api.log.warn({ url: mqtt.url }, 'mqtt: el broker no responde; se sigue intentando');
          resolve();
        }, SUBSCRIBE_BOUND_MS);
      }),
    ]);
    clearTimeout(bound);
  });
  api.addHook('preClose', async () => {
    await subscriber?.stop();
  });
};
