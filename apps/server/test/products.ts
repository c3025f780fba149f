import { randomUUID } from 'node:crypto';
import type { CreateProductInput, Product, PutApplicationInput } from '@rondin/contracts';
import { multipartForm } from './multipart.js';
import type { TestApp, TestUser } from './test-app.js';

/** A rodenticide any trained applicator may use in a food plant. */
export const productInput = (overrides: Partial<CreateProductInput> = {}): CreateProductInput => ({
  name: 'Brodifacoum Bloque 25',
  activeIngredients: 'Brodifacoum 0,0025 %',
  registrationNumber: 'ES/RM-2020-14-00123',
  type: 'TP14',
  authorisationExpiresAt: '2099-12-31',
  userCategory: 'PROFESIONAL',
  foodIndustryAllowed: true,
  safetyIntervalHours: 12,
  anticoagulant: true,
  ...overrides,
});

export async function createProduct(t: TestApp, admin: TestUser, overrides: Partial<CreateProductInput> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin.headers,
    payload: productInput(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`product not created: ${response.body}`);
  return response.json<Product>();
}

export const applicationInput = (productId: number, overrides: Partial<PutApplicationInput> = {}) => ({
  productId,
  batch: 'L-2291',
  quantity: 120,
  unit: 'g' as const,
  method: 'Cebo en portacebos',
  area: 'Muelle de carga',
  dose: '20 g por estación',
  ...overrides,
});

export function putApplication(
  t: TestApp,
  user: TestUser,
  sessionId: number,
  body: object,
  clientApplicationId: string = randomUUID(),
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/sessions/${sessionId}/applications/${clientApplicationId}`,
    headers: user.headers,
    payload: body,
  });
}

/** The smallest file that is a PDF by its bytes. */
/** A PDF of one blank page, as small as one can be and still parse (documents are parsed on upload). */
export const tinyPdf = pdfOf('');

/** A one-page PDF whose catalog carries `catalogExtra` and whose objects end with `objects`. */
export function pdfOf(catalogExtra: string, objects = ''): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      `1 0 obj << /Type /Catalog /Pages 2 0 R ${catalogExtra} >> endobj`,
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
      objects,
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  );
}

export function putDocument(
  t: TestApp,
  user: TestUser,
  productId: number,
  kind: string,
  fields: { issuedOn?: string; file?: Buffer; contentType?: string },
) {
  const parts: Parameters<typeof multipartForm>[0] = [];
  if (fields.issuedOn !== undefined) parts.push({ name: 'issuedOn', value: fields.issuedOn });
  if (fields.file) {
    parts.push({
      name: 'file',
      filename: 'fds.pdf',
      contentType: fields.contentType ?? 'application/pdf',
      data: fields.file,
    });
  }
  const form = multipartForm(parts);
  return t.app.inject({
    method: 'PUT',
    url: `/api/products/${productId}/documents/${kind}`,
    headers: { ...user.headers, ...form.headers },
    payload: form.payload(),
  });
}
