import type { Plan } from '@rondin/contracts';
import sharp from 'sharp';
import { multipartForm, type FormPart } from './multipart.js';
import type { TestApp, TestUser } from './test-app.js';

/**
 * A plan image: a light background with a dark frame and, when asked, one coloured block at a known place
 * (so a rendering of the map shows whether the image is there, upright and whole).
 */
export function planImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
  block?: { x: number; y: number; width: number; height: number; color: string },
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#f4f1ea"/>
    <rect x="4" y="4" width="${width - 8}" height="${height - 8}" fill="none" stroke="#333" stroke-width="6"/>
    ${block ? `<rect x="${block.x}" y="${block.y}" width="${block.width}" height="${block.height}" fill="${block.color}"/>` : ''}
  </svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

export function planForm(fields: { name?: string; file?: Buffer; filename?: string; contentType?: string }) {
  const parts: FormPart[] = [];
  if (fields.name !== undefined) parts.push({ name: 'name', value: fields.name });
  if (fields.file) {
    parts.push({
      name: 'file',
      filename: fields.filename ?? 'plano.png',
      contentType: fields.contentType ?? 'image/png',
      data: fields.file,
    });
  }
  return multipartForm(parts);
}

/** POST /api/sites/{id}/plans as the office's form sends it. */
export function postPlan(t: TestApp, user: TestUser, siteId: number, fields: Parameters<typeof planForm>[0]) {
  const form = planForm(fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/sites/${siteId}/plans`,
    headers: { ...user.headers, ...form.headers },
    payload: form.payload(),
  });
}

/** Uploads a plan and answers it; fails the test when the upload is refused. */
export async function createPlan(
  t: TestApp,
  admin: TestUser,
  siteId: number,
  name: string,
  image?: Buffer,
): Promise<Plan> {
  const response = await postPlan(t, admin, siteId, { name, file: image ?? (await planImage(400, 300)) });
  if (response.statusCode !== 201) throw new Error(`plan not created: ${response.body}`);
  return response.json();
}

/** PUT /api/plans/{id}/placements: many devices placed at once. */
export function placeMany(t: TestApp, user: TestUser, planId: number, body: object) {
  return t.app.inject({ method: 'PUT', url: `/api/plans/${planId}/placements`, headers: user.headers, payload: body });
}

export function placeTrap(t: TestApp, user: TestUser, trapId: number, body: object) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/traps/${trapId}/placement`,
    headers: user.headers,
    payload: body,
  });
}
