import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { RemoteEvent } from '@rondin/contracts';
import { count, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findings, remoteEvents, traps } from '../../../db/schema.js';
import { createAdmin, createTestApp, createTrap, type TestApp } from '../../../../test/test-app.js';

/** Whether an MQTT broker listens on the machine's port 1883. */
const brokerListening = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(1883, '127.0.0.1');
    socket.setTimeout(1_000);
    const answer = (listening: boolean) => () => {
      socket.destroy();
      resolve(listening);
    };
    socket.once('connect', answer(true)).once('error', answer(false)).once('timeout', answer(false));
  });

/**
 * The MQTT subscriber through the machine's Mosquitto (127.0.0.1:1883): the server started with MQTT_URL takes
 * each message as POST /api/remote-events takes a body, counts a repeated eventId once, and drops what is malformed
 * without stopping. Runs on PGlite, and on PostgreSQL with DATABASE_URL. CI starts Mosquitto and sets TEST_MQTT_URL,
 * so there the test must run; on a machine with only Node and npm (the README's `npm test`) it runs when a broker
 * listens on 1883, as the Redis test runs where Redis is.
 */
const MQTT_URL = process.env.TEST_MQTT_URL ?? ((await brokerListening()) ? 'mqtt://127.0.0.1:1883' : undefined);
describe.runIf(MQTT_URL)('remote events over MQTT', () => {
  // A topic of this run's own, so parallel runs on the machine's broker do not hear each other.
  const topic = `rondin-test/${randomUUID()}/events`;
  const lines: string[] = [];
  let t: TestApp;
  let publisher: mqtt.MqttClient;
  let admin: Awaited<ReturnType<typeof createAdmin>>;

  beforeAll(async () => {
    t = await createTestApp(
      { MQTT_URL: MQTT_URL!, MQTT_TOPIC: topic, LOG_LEVEL: 'warn' },
      { logger: { write: (line) => void lines.push(line) } },
    );
    publisher = await mqtt.connectAsync(MQTT_URL!);
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await t?.close();
  });
  beforeEach(async () => {
    await t.reset();
    admin = await createAdmin(t);
  });

  const publish = (message: string | object) =>
    publisher.publishAsync(topic, typeof message === 'string' ? message : JSON.stringify(message), { qos: 1 });

  async function eventsOf(trapId: number) {
    const [row] = await t.database.db.select({ n: count() }).from(remoteEvents).where(eq(remoteEvents.trapId, trapId));
    return row!.n;
  }

  it('stores a published capture once, judged by the thresholds, and drops malformed messages', async () => {
    const trap = await createTrap(t, { code: 'LORA-1', type: 'CAPTURA' });
    await t.database.db
      .update(traps)
      .set({ zone: 'INTERIOR', riskLevel: 'ALTO', externalId: 'eui-70b3d5' })
      .where(eq(traps.id, trap.id));
    const event = {
      eventId: randomUUID(),
      externalId: 'eui-70b3d5',
      type: 'CAPTURA',
      occurredAt: new Date().toISOString(),
    };
    await publish('{ esto no es JSON');
    await publish({ eventId: 'sin-tipo', externalId: 'eui-70b3d5', occurredAt: new Date().toISOString() });
    await publish({ ...event, eventId: randomUUID(), externalId: 'desconocido' });
    await publish(event);
    await publish(event);
    const last = { ...event, eventId: randomUUID(), type: 'BATERIA_BAJA' };
    await publish(last);
    // The subscriber handles messages one at a time, in order: once the last is stored, every one before it was.
    await expect.poll(() => eventsOf(trap.id), { timeout: 10_000, interval: 50 }).toBe(2);

    const stored = await t.app.inject({ url: `/api/traps/${trap.id}/remote-events`, headers: admin.headers });
    expect(stored.json<{ items: RemoteEvent[] }>().items.map((item) => item.type)).toEqual(['BATERIA_BAJA', 'CAPTURA']);
    const capture = stored.json<{ items: RemoteEvent[] }>().items[1]!;
    expect(capture.actionIds).toHaveLength(1);
    const [finding] = await t.database.db.select().from(findings).where(eq(findings.id, capture.findingId!));
    expect(finding!.origin).toBe('REMOTO');
    const dropped = lines.filter((line) => line.includes('mqtt: ')).map((line) => JSON.parse(line).msg);
    expect(dropped).toEqual([
      'mqtt: mensaje descartado, no es JSON',
      'mqtt: mensaje descartado, no es un evento válido',
      'mqtt: evento descartado',
    ]);
  });
});
