import { RemoteEventBody } from '@rondin/contracts';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import type { RecordedEvent } from './remote-events.service.js';

export interface MqttSubscriberOptions {
  url: string;
  topic: string;
  record: (body: RemoteEventBody) => Promise<RecordedEvent>;
  log: FastifyBaseLogger;
}

export interface MqttSubscriber {
  /** Resolves once subscribed (the tests publish after it). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Takes electronic devices' events from an MQTT broker (LoRaWAN bridges publish there), each message one
 * event with the HTTP route's body. At-least-once: QoS 1 and a persistent session would redeliver after a
 * crash, and a redelivered event counts once (its eventId). A malformed message, an unknown device, any
 * refusal: logged and dropped, never thrown (one bad sensor must not stop the others).
 */
export function startMqttSubscriber({ url, topic, record, log }: MqttSubscriberOptions): MqttSubscriber {
  const client = mqtt.connect(url, { reconnectPeriod: 5_000, connectTimeout: 10_000 });
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  client.on('connect', () => {
    client.subscribe(topic, { qos: 1 }, (error) => {
      if (error) log.error({ err: error, topic }, 'mqtt: no se pudo suscribir');
      else {
        log.info({ topic }, 'mqtt: suscrito');
        resolveReady();
      }
    });
  });
  client.on('error', (error) => log.warn({ err: error }, 'mqtt: error de conexión'));
  // One message at a time, in the order they came: a device's events stay in order, and stopping waits for the
  // one under way.
  let handled = Promise.resolve();
  client.on('message', (messageTopic, payload) => {
    handled = handled.then(() => handle(messageTopic, payload));
  });

  async function handle(messageTopic: string, payload: Buffer): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      log.warn({ topic: messageTopic, bytes: payload.length }, 'mqtt: mensaje descartado, no es JSON');
      return;
    }
    const parsed = RemoteEventBody.safeParse(json);
    if (!parsed.success) {
      log.warn(
        { topic: messageTopic, issues: parsed.error.issues.map((issue) => issue.message) },
        'mqtt: mensaje descartado, no es un evento válido',
      );
      return;
    }
    try {
      await record(parsed.data);
    } catch (error) {
      log.warn({ topic: messageTopic, eventId: parsed.data.eventId, err: error }, 'mqtt: evento descartado');
    }
  }

  return {
    ready,
    stop: async () => {
      await client.endAsync();
      await handled;
    },
  };
}
