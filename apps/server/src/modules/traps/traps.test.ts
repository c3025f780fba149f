import { MAX_LABELS_PER_SHEET, TrapMessages } from '@rondin/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionItems, sessions, traps } from '../../db/schema.js';
import { newQrSlug } from '../../lib/qr-slug.js';
import { readPdf } from '../../../test/pdf.js';
import {
  DEFAULT_SITE_ID,
  createAdmin,
  createTestApp,
  createTrap,
  createUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await createAdmin(t);
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, user: TestUser = admin) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

async function putInOrder(trapId: number) {
  const tech = await createUser(t);
  const [order] = await t.database.db
    .insert(sessions)
    .values({ siteId: DEFAULT_SITE_ID, technicianId: tech.id, itemCount: 1 })
    .returning();
  await t.database.db.insert(sessionItems).values({ sessionId: order!.id, trapId });
}

describe('admin-only access', () => {
  it('answers 403 to a technician and 401 without a token', async () => {
    const tech = await createUser(t);
    const trap = await createTrap(t);
    for (const [method, url] of [
      ['GET', '/api/traps'],
      ['POST', '/api/traps'],
      ['PATCH', `/api/traps/${trap.id}`],
      ['DELETE', `/api/traps/${trap.id}`],
      ['GET', `/api/traps/${trap.id}/label`],
      ['GET', '/api/traps/labels'],
      ['POST', '/api/traps/labels'],
      ['GET', '/api/traps/areas'],
    ] as const) {
      expect((await api(method, url, {}, tech)).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('POST /api/traps', () => {
  it('creates a trap with a trimmed code, empty texts stored as null and a server-made slug', async () => {
    const response = await api('POST', '/api/traps', {
      code: '  TRP-001 ',
      area: '   ',
      description: '',
      isActive: true,
    });
    expect(response.statusCode).toBe(201);
    const trap = response.json();
    expect(trap).toMatchObject({ code: 'TRP-001', area: null, description: null, isActive: true });
    expect(trap.qrSlug).toMatch(/^[0-9a-hjkmnp-tv-z]{20}$/);
    expect((await api('GET', '/api/traps')).json()).toEqual([trap]);
  });

  it('gives every trap a different slug', async () => {
    const slugs = new Set<string>();
    for (let i = 0; i < 20; i++) slugs.add((await api('POST', '/api/traps', { code: `T-${i}` })).json().qrSlug);
    expect(slugs.size).toBe(20);
  });

  it('refuses a code already used, ignoring case and spaces', async () => {
    await api('POST', '/api/traps', { code: 'TRP-001' });
    const response = await api('POST', '/api/traps', { code: ' trp-001' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(TrapMessages.codeTaken);
  });

  it('refuses a missing or blank code, a client-chosen slug and oversized texts', async () => {
    const blank = await api('POST', '/api/traps', { code: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toEqual(['El código es obligatorio.']);
    expect((await api('POST', '/api/traps', { area: 'Bodega' })).json().message).toEqual(['El código es obligatorio.']);
    expect((await api('POST', '/api/traps', { code: 'A', qrSlug: 'mine' })).statusCode).toBe(400);
    const long = await api('POST', '/api/traps', { code: 'A', description: 'x'.repeat(501) });
    expect(long.json().message).toEqual(['La descripción admite como máximo 500 caracteres.']);
    expect((await api('POST', '/api/traps', { code: 12 })).statusCode).toBe(400);
    expect((await api('GET', '/api/traps')).json()).toEqual([]);
  });
});

describe('PATCH /api/traps/:id', () => {
  it('changes code, area, description and status but never the slug', async () => {
    const trap = await createTrap(t, { code: 'TRP-001' });
    const response = await api('PATCH', `/api/traps/${trap.id}`, {
      code: 'TRP-100',
      area: ' Andén de carga ',
      description: 'Junto al portón',
      isActive: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      code: 'TRP-100',
      area: 'Andén de carga',
      description: 'Junto al portón',
      isActive: false,
      qrSlug: trap.qrSlug,
    });
    const slugChange = await api('PATCH', `/api/traps/${trap.id}`, { qrSlug: 'otro' });
    expect(slugChange.statusCode).toBe(400);
    expect((await api('GET', '/api/traps')).json()[0].qrSlug).toBe(trap.qrSlug);
  });

  it('clears area and description when sent empty', async () => {
    const trap = await createTrap(t, { area: 'Bodega' });
    const response = await api('PATCH', `/api/traps/${trap.id}`, { area: '', description: null });
    expect(response.json()).toMatchObject({ area: null, description: null });
  });

  it('refuses a code used by another trap, but accepts its own in another case', async () => {
    await createTrap(t, { code: 'TRP-001' });
    const trap = await createTrap(t, { code: 'TRP-002' });
    expect((await api('PATCH', `/api/traps/${trap.id}`, { code: 'trp-001' })).statusCode).toBe(409);
    expect((await api('PATCH', `/api/traps/${trap.id}`, { code: 'trp-002' })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown trap', async () => {
    const response = await api('PATCH', '/api/traps/777', { isActive: false });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(TrapMessages.notFound);
  });
});

describe('area variants', () => {
  const variantOf = (typed: string, existing: string) =>
    `El área «${typed}» ya existe escrita «${existing}»: elige «${existing}» para no crear un área repetida.`;

  it('refuses a case, accent or spacing variant of an existing area, naming the one to choose', async () => {
    await api('POST', '/api/traps', { code: 'A-1', area: 'Bodega Andén' });
    for (const typed of ['bodega andén', 'BODEGA ANDEN', 'Bodega  Anden']) {
      const response = await api('POST', '/api/traps', { code: `A-${typed.length}`, area: typed });
      expect(response.statusCode, typed).toBe(409);
      expect(response.json().message).toBe(variantOf(typed.trim(), 'Bodega Andén'));
    }
    expect((await api('POST', '/api/traps', { code: 'A-2', area: 'Bodega Andén' })).statusCode).toBe(201);
    expect((await api('POST', '/api/traps', { code: 'A-3', area: 'Bodega Sur' })).statusCode).toBe(201);
    const areas = (await api('GET', '/api/traps/areas')).json().map((entry: { area: string }) => entry.area);
    expect(areas).toEqual(['Bodega Andén', 'Bodega Sur']);
  });

  it('refuses a variant on edit too, but keeps a trap whose area is unchanged', async () => {
    await api('POST', '/api/traps', { code: 'A-1', area: 'Patio' });
    const other = (await api('POST', '/api/traps', { code: 'B-1', area: 'Bodega' })).json();
    const variant = await api('PATCH', `/api/traps/${other.id}`, { area: 'patio' });
    expect(variant.statusCode).toBe(409);
    expect(variant.json().message).toBe(variantOf('patio', 'Patio'));
    expect((await api('PATCH', `/api/traps/${other.id}`, { area: 'Bodega', description: 'x' })).statusCode).toBe(200);
    expect((await api('PATCH', `/api/traps/${other.id}`, { area: 'Patio' })).statusCode).toBe(200);
  });
});

describe('DELETE /api/traps/:id', () => {
  it('deletes a trap that is in no order', async () => {
    const trap = await createTrap(t);
    expect((await api('DELETE', `/api/traps/${trap.id}`)).statusCode).toBe(204);
    expect((await api('GET', '/api/traps')).json()).toEqual([]);
  });

  it('refuses with 409 once the trap is in an order', async () => {
    const trap = await createTrap(t);
    await putInOrder(trap.id);
    const response = await api('DELETE', `/api/traps/${trap.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(TrapMessages.inUse);
  });

  it('answers 404 for an unknown trap', async () => {
    expect((await api('DELETE', '/api/traps/777')).statusCode).toBe(404);
  });
});

describe('labels', () => {
  it('prints one trap as a vector PDF whose QR code scans to its slug', async () => {
    const trap = await createTrap(t, { code: 'TRP-042', area: 'Producción' });
    const response = await api('GET', `/api/traps/${trap.id}/label`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`trap-${trap.id}.pdf`);
    const pdf = response.rawPayload;
    // Vector drawing: no embedded raster image anywhere in the file.
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    const pages = await readPdf(pdf, { decodeQr: true });
    expect(pages).toHaveLength(1);
    expect(pages[0]!.qrCodes).toEqual([trap.qrSlug]);
    expect(pages[0]!.text).toContain('TRP-042');
    expect(pages[0]!.text).toContain('Producción');
  });

  it('marks each label with its device type, and names the site once there are several', async () => {
    const bait = (await api('POST', '/api/traps', { code: 'CEB-01', type: 'CEBADERO', area: 'Patio' })).json();
    const alone = await readPdf((await api('GET', `/api/traps/${bait.id}/label`)).rawPayload);
    expect(alone[0]!.text).toContain('CEB');
    expect(alone[0]!.text).not.toContain('Sitio principal');

    const north = (await api('POST', '/api/sites', { name: 'Planta Norte' })).json();
    const light = (await api('POST', '/api/traps', { code: 'UV-01', type: 'LUZ_UV', siteId: north.id })).json();
    const pages = await readPdf((await api('POST', '/api/traps/labels', { ids: [bait.id, light.id] })).rawPayload, {
      decodeQr: true,
    });
    expect(pages[0]!.qrCodes.sort()).toEqual([bait.qrSlug, light.qrSlug].sort());
    const text = pages[0]!.text;
    expect(text).toMatch(/CEB[\s\S]*CEB-01[\s\S]*Patio[\s\S]*Sitio principal/);
    expect(text).toMatch(/UV[\s\S]*UV-01[\s\S]*Planta Norte/);
  });

  it('answers 404 for the label of an unknown trap', async () => {
    expect((await api('GET', '/api/traps/777/label')).statusCode).toBe(404);
  });

  it('prints every active trap on A4 sheets, 12 per page, each QR scannable', async () => {
    const active = [];
    for (let i = 1; i <= 14; i++) active.push(await createTrap(t, { code: `TRP-${String(i).padStart(3, '0')}` }));
    await createTrap(t, { code: 'TRP-999', isActive: false });
    const response = await api('GET', '/api/traps/labels');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pages = await readPdf(response.rawPayload, { decodeQr: true });
    expect(pages).toHaveLength(2);
    const decoded = pages.flatMap((page) => page.qrCodes).sort();
    expect(decoded).toEqual(active.map((trap) => trap.qrSlug).sort());
    expect(pages.map((page) => page.text).join(' ')).not.toContain('TRP-999');
  });

  it('prints only the traps asked for, inactive ones included', async () => {
    const wanted = await createTrap(t, { isActive: false });
    await createTrap(t);
    const response = await api('GET', `/api/traps/labels?ids=${wanted.id}`);
    const pages = await readPdf(response.rawPayload, { decodeQr: true });
    expect(pages.flatMap((page) => page.qrCodes)).toEqual([wanted.qrSlug]);
  });

  it('prints a choice too long for an address when it is sent in the body, each trap once', async () => {
    const first = await createTrap(t, { code: 'TRP-001' });
    const chosen = [first];
    for (let i = 2; i <= 13; i++)
      chosen.push(await createTrap(t, { code: `TRP-${String(i).padStart(3, '0')}`, isActive: i % 2 === 0 }));
    await createTrap(t, { code: 'TRP-900' });
    // One trap sent twice gets one label.
    const response = await api('POST', '/api/traps/labels', { ids: [...chosen.map((trap) => trap.id), first.id] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('etiquetas-trampas.pdf');
    const pages = await readPdf(response.rawPayload, { decodeQr: true });
    expect(pages).toHaveLength(2);
    expect(pages.flatMap((page) => page.qrCodes).sort()).toEqual(chosen.map((trap) => trap.qrSlug).sort());
  });

  it('refuses a body without traps, with too many or unknown ones, in Spanish', async () => {
    const trap = await createTrap(t);
    const expectRefused = async (body: object, status: number, message: string | RegExp) => {
      const response = await api('POST', '/api/traps/labels', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect([response.json().message].flat().join(' ')).toMatch(message);
    };
    await expectRefused({ ids: [] }, 400, /Elige al menos una trampa/);
    await expectRefused({ ids: Array.from({ length: 5001 }, (_, i) => i + 1) }, 400, /como máximo 5000 etiquetas/);
    await expectRefused({ ids: [trap.id, 'x'] }, 400, /número/);
    await expectRefused({}, 400, /ids/);
    await expectRefused({ ids: [trap.id, 999_999] }, 404, TrapMessages.someMissing);
  });

  it('prints what the filtered list shows, of every page and only of its site', async () => {
    const north = (await api('POST', '/api/sites', { name: 'Planta Norte' })).json();
    const mine = [];
    for (let i = 1; i <= 13; i++)
      mine.push(
        await createTrap(t, { code: `NOR-${String(i).padStart(3, '0')}`, siteId: north.id, isActive: i !== 13 }),
      );
    await createTrap(t, { code: 'SUR-001' });
    const response = await api('GET', `/api/traps/labels?siteId=${north.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pages = await readPdf(response.rawPayload, { decodeQr: true });
    // As the list: the site's inactive trap too, unless active is asked for.
    expect(pages).toHaveLength(2);
    expect(pages.flatMap((page) => page.qrCodes).sort()).toEqual(mine.map((trap) => trap.qrSlug).sort());
    expect(pages.map((page) => page.text).join(' ')).not.toContain('SUR-001');

    const active = await readPdf(
      (await api('GET', `/api/traps/labels?siteId=${north.id}&active=true&q=nor-01`)).rawPayload,
    );
    expect(
      active
        .map((page) => page.text)
        .join(' ')
        .match(/NOR-\d{3}/g),
    ).toEqual(['NOR-010', 'NOR-011', 'NOR-012']);
  });

  it('refuses a filtered sheet with a bad filter, ids besides filters, nothing or too much to print', async () => {
    const trap = await createTrap(t, { area: 'Bodega' });
    const refused = async (url: string, status: number, message: string | RegExp) => {
      const response = await api('GET', url);
      expect(response.statusCode, url).toBe(status);
      expect([response.json().message].flat().join(' '), url).toMatch(message);
    };
    await refused('/api/traps/labels?siteId=abc', 400, /siteId|número/);
    await refused('/api/traps/labels?active=quizás', 400, /active/);
    await refused('/api/traps/labels?type=RATONERA', 400, /El tipo debe ser uno de/);
    await refused('/api/traps/labels?page=2', 400, /page/);
    await refused(`/api/traps/labels?ids=${trap.id}&siteId=${DEFAULT_SITE_ID}`, 400, /ids no se combina con filtros/);
    await refused('/api/traps/labels?area=Cocina', 404, TrapMessages.noneFilteredToPrint);

    // Over one sheet's limit, as a long choice of ids is.
    await t.database.db.insert(traps).values(
      Array.from({ length: MAX_LABELS_PER_SHEET }, (_, i) => ({
        siteId: DEFAULT_SITE_ID,
        code: `MUCHAS-${i}`,
        area: 'Bodega',
        qrSlug: newQrSlug(),
      })),
    );
    await refused(
      '/api/traps/labels?area=Bodega',
      400,
      TrapMessages.tooManyFilteredToPrint(MAX_LABELS_PER_SHEET + 1, MAX_LABELS_PER_SHEET),
    );
  });

  it('refuses unknown ids, malformed ids and an empty inventory', async () => {
    const trap = await createTrap(t);
    const unknown = await api('GET', `/api/traps/labels?ids=${trap.id},9999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(TrapMessages.someMissing);
    expect((await api('GET', '/api/traps/labels?ids=1,abc')).statusCode).toBe(400);
    expect((await api('GET', '/api/traps/labels?ids=99999999999')).statusCode).toBe(400);
    await api('PATCH', `/api/traps/${trap.id}`, { isActive: false });
    const empty = await api('GET', '/api/traps/labels');
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(TrapMessages.noneToPrint);
  });
});
