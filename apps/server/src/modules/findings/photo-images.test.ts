import { randomUUID } from 'node:crypto';
import { PhotoMessages, type Photo } from '@rondin/contracts';
import sharp from 'sharp';
import { queryRows } from '../../db/database.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jpegClaiming, photoWithExif } from '../../../test/bad-images.js';
import { storeUnchecked } from '../../../test/unchecked-files.js';
import { postPhoto } from '../../../test/findings.js';
import { createOrder, scan } from '../../../test/orders.js';
import {
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
let tech: TestUser;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Técnica' });
});

/** A scanned device of the technician's order, ready for photos. */
async function scannedItem() {
  const trap = await createTrap(t, { type: 'LAMINA' });
  const order = await createOrder(t, admin, tech.id, [trap.id]);
  expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
  return { sessionId: order.id, itemId: order.items[0]!.id };
}

const upload = (item: { sessionId: number; itemId: number }, file: Buffer) =>
  postPhoto(t, tech, item.sessionId, item.itemId, { clientPhotoId: randomUUID(), file });
const get = (url: string) => t.app.inject({ url, headers: tech.headers });
const photoCount = async () =>
  (await queryRows<{ n: number }>(t.database.db, 'select count(*)::int as n from photos', []))[0]!.n;

describe('photo images', () => {
  it('refuses a photo cut short, or whose header claims 65,000 × 65,000 pixels (400, in Spanish)', async () => {
    const item = await scannedItem();
    const whole = await photoWithExif(1200, 900);
    const cut = await upload(item, whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect(cut.statusCode, cut.body).toBe(400);
    expect(cut.json().message).toBe(PhotoMessages.unreadable);
    const claiming = await upload(item, await jpegClaiming(65_000, 65_000));
    expect(claiming.statusCode, claiming.body).toBe(400);
    expect(claiming.json().message).toBe(PhotoMessages.tooManyPixels);
    expect(await photoCount()).toBe(0);
  });

  it("answers 422, never 500, for the thumbnail of a photo stored broken before the check; the photo's still served", async () => {
    const item = await scannedItem();
    const whole = await photoWithExif(1200, 900);
    const broken = {
      cut: whole.subarray(0, Math.floor(whole.length * 0.6)),
      claiming: await jpegClaiming(65_000, 65_000),
    };
    for (const [what, bytes] of Object.entries(broken)) {
      const fileId = await storeUnchecked(t, bytes, 'image/jpeg');
      const [{ id }] = (await queryRows<{ id: number }>(
        t.database.db,
        'insert into photos (item_id, file_id, client_photo_id, technician_id) values ($1, $2, $3, $4) returning id',
        [item.itemId, fileId, randomUUID(), tech.id],
      )) as [{ id: number }];
      const thumb = await get(`/api/photos/${id}?size=thumb`);
      // What a photo cut short still holds is shown; one claiming 65,000 pixels a side is not decoded.
      if (what === 'cut') {
        expect(thumb.statusCode, thumb.body).toBe(200);
        expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
      } else {
        expect(thumb.statusCode, thumb.body).toBe(422);
        expect(thumb.json().message).toBe(PhotoMessages.thumbnailUnreadable);
      }
      expect((await get(`/api/photos/${id}`)).rawPayload.equals(bytes), what).toBe(true);
    }
  });

  it('keeps no EXIF in what it stores: the place and the phone are gone, the photo turned upright', async () => {
    const item = await scannedItem();
    const sent = await photoWithExif(800, 600);
    expect((await sharp(sent).metadata()).exif?.toString('latin1')).toContain('Modelo X-9000');
    expect((await sharp(sent).metadata()).orientation).toBe(6);
    const response = await upload(item, sent);
    expect(response.statusCode, response.body).toBe(201);
    const stored = (await get(`/api/photos/${response.json<Photo>().id}`)).rawPayload;
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes('Modelo X-9000')).toBe(false);
    expect(stored.includes('TeléfonoEspía')).toBe(false);
    // Orientation 6 (turned a quarter clockwise): the pixels are turned instead, so it shows as taken.
    expect({ width: metadata.width, height: metadata.height, orientation: metadata.orientation }).toEqual({
      width: 600,
      height: 800,
      orientation: undefined,
    });
  });
});
