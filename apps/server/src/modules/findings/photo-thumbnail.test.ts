import { PhotoMessages, type Photo } from '@rondin/contracts';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postPhoto } from '../../../test/findings.js';
import { createOrder, scan } from '../../../test/orders.js';
import { planImage } from '../../../test/plans.js';
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
let otherTech: TestUser;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
  tech = await createUser(t, { fullName: 'Ana Técnica' });
  otherTech = await createUser(t);
});

/** A photo of a scanned device of the technician's order, as the phone uploads it. */
async function photoOf(file: Buffer, filename = 'foto.jpg'): Promise<Photo> {
  const trap = await createTrap(t, { type: 'LAMINA' });
  const order = await createOrder(t, admin, tech.id, [trap.id]);
  expect((await scan(t, tech, order.id, trap.qrSlug)).statusCode).toBe(200);
  const response = await postPhoto(t, tech, order.id, order.items[0]!.id, {
    clientPhotoId: randomUUID(),
    file,
    filename,
    contentType: filename.endsWith('.webp') ? 'image/webp' : 'image/jpeg',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Photo>();
}

const get = (url: string, user: TestUser | null, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...(user?.headers ?? {}), ...headers } });

describe('GET /api/photos/:id?size=thumb', () => {
  it('answers a WebP of 320 px on its longest side, upright, never enlarged, cached a day and by its ETag', async () => {
    const landscape = await planImage(1600, 1200, 'jpeg');
    const photo = await photoOf(landscape);
    const thumb = await get(`/api/photos/${photo.id}?size=thumb`, tech);
    expect(thumb.statusCode, thumb.body).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    expect(thumb.headers['cache-control']).toBe('private, max-age=86400');
    expect(thumb.headers['content-disposition']).toContain(`foto-${photo.id}-miniatura.webp`);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(thumb.rawPayload.length).toBeLessThan(landscape.length);

    // Its own ETag, not the photo's: a client holding the photo does not get a 304 for the thumbnail.
    const full = await get(`/api/photos/${photo.id}`, tech);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.rawPayload.equals(landscape)).toBe(true);
    expect(thumb.headers.etag).not.toBe(full.headers.etag);
    const etag = thumb.headers.etag as string;
    expect((await get(`/api/photos/${photo.id}?size=thumb`, tech, { 'if-none-match': etag })).statusCode).toBe(304);
    expect(
      (await get(`/api/photos/${photo.id}?size=thumb`, tech, { 'if-none-match': full.headers.etag as string }))
        .statusCode,
    ).toBe(200);
    // Asked again (made once, kept): the same bytes.
    expect((await get(`/api/photos/${photo.id}?size=thumb`, admin)).rawPayload.equals(thumb.rawPayload)).toBe(true);

    const portrait = await photoOf(await planImage(900, 1200, 'webp'), 'foto.webp');
    const portraitThumb = await get(`/api/photos/${portrait.id}?size=thumb`, tech);
    expect(await sharp(portraitThumb.rawPayload).metadata()).toMatchObject({ width: 240, height: 320 });

    const small = await photoOf(await planImage(64, 48, 'jpeg'));
    const smallThumb = await get(`/api/photos/${small.id}?size=thumb`, tech);
    expect(await sharp(smallThumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('is seen by whoever may see the photo: its technician and an administrator; 404 for others and unknown ids', async () => {
    const photo = await photoOf(await planImage(640, 480, 'jpeg'));
    const url = `/api/photos/${photo.id}?size=thumb`;
    expect((await get(url, admin)).statusCode).toBe(200);
    const stranger = await get(url, otherTech);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(PhotoMessages.notFound);
    expect((await get(url, null)).statusCode).toBe(401);
    const unknown = await get(`/api/photos/${photo.id + 1000}?size=thumb`, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PhotoMessages.notFound);
  });

  it('refuses a size it does not make (400, in Spanish)', async () => {
    const photo = await photoOf(await planImage(640, 480, 'jpeg'));
    const response = await get(`/api/photos/${photo.id}?size=grande`, tech);
    expect(response.statusCode).toBe(400);
    expect([response.json().message].flat().join(' ')).toContain('size solo puede ser thumb');
  });
});
