import type { ExceptionReasonDetail, PutFindingInput, Session } from '@rondin/contracts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessions } from '../src/db/schema.js';
import { notFoundException, postPhoto, putFinding, recordException } from './findings.js';
import { createOrder } from './orders.js';
import type { TestApp, TestUser } from './test-app.js';

/** What happened at one device of a visit: scanned (with or without a finding), an exception, or nothing yet. */
export type DeviceVisit =
  | { trap: { id: number; qrSlug: string }; scanned: true; finding?: Partial<PutFindingInput>; photo?: Buffer }
  | {
      trap: { id: number; qrSlug: string };
      exception: 'NO_ENCONTRADO' | 'INACCESIBLE';
      /** The preset detail; without one, the note is required (as from phones before details). */
      reasonDetail?: ExceptionReasonDetail;
      note?: string;
    }
  | { trap: { id: number; qrSlug: string }; pending: true };

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

/**
 * A technician's visit on a past day, as the phone delivers it: the order created the day before, each device
 * scanned (or accounted for) two minutes after the previous one with the phone's clock, its finding recorded a
 * minute after the scan. Returns the order and each device's item id, in the order given.
 */
export async function visit(
  t: TestApp,
  admin: TestUser,
  tech: TestUser,
  startAt: Date,
  devices: DeviceVisit[],
): Promise<{ order: Session; itemIds: number[] }> {
  const order = await createOrder(
    t,
    admin,
    tech.id,
    devices.map((device) => device.trap.id),
  );
  // Device times are plausible from the order's creation on.
  await t.database.db
    .update(sessions)
    .set({ createdAt: minutesAfter(startAt, -24 * 60) })
    .where(eq(sessions.id, order.id));
  const itemIds = devices.map((device) => order.items.find((item) => item.trapId === device.trap.id)!.id);
  for (const [index, device] of devices.entries()) {
    const at = minutesAfter(startAt, index * 2);
    const itemId = itemIds[index]!;
    if ('scanned' in device) {
      const scanned = await t.app.inject({
        method: 'POST',
        url: `/api/sessions/${order.id}/scan`,
        headers: tech.headers,
        payload: { qrSlug: device.trap.qrSlug, clientScanId: randomUUID(), scannedAt: at.toISOString() },
      });
      if (scanned.statusCode !== 200) throw new Error(`scan refused: ${scanned.body}`);
      if (device.finding) {
        const body = {
          clientFindingId: randomUUID(),
          recordedAt: minutesAfter(at, 1).toISOString(),
          deviceStatus: 'OK',
          ...device.finding,
        };
        const stored = await putFinding(t, tech, order.id, itemId, body);
        if (stored.statusCode !== 200) throw new Error(`finding refused: ${stored.body}`);
      }
      if (device.photo) {
        const photo = await postPhoto(t, tech, order.id, itemId, { clientPhotoId: randomUUID(), file: device.photo });
        if (photo.statusCode !== 201) throw new Error(`photo refused: ${photo.body}`);
      }
    } else if ('exception' in device) {
      const body = {
        ...notFoundException({ reason: device.exception, recordedAt: at.toISOString() }),
        ...(device.reasonDetail ? { reasonDetail: device.reasonDetail } : {}),
        note: device.note,
      };
      const recorded = await recordException(t, tech, order.id, itemId, body);
      if (recorded.statusCode !== 200) throw new Error(`exception refused: ${recorded.body}`);
    }
  }
  return { order, itemIds };
}
