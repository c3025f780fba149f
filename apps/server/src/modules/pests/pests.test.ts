import { PestMessages, type Pest } from '@rondin/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, createUser, type TestApp, type TestUser } from '../../../test/test-app.js';

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
  tech = await createUser(t);
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, user: TestUser = admin) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

const list = async (query = '', user: TestUser = admin): Promise<Pest[]> => {
  const response = await api('GET', `/api/pests${query}`, undefined, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

async function create(body: Record<string, unknown>): Promise<Pest> {
  const response = await api('POST', '/api/pests', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('GET /api/pests', () => {
  it('lists the catalogue the migration seeds, by group then name, to any signed-in user', async () => {
    const pests = await list('', tech);
    expect(pests).toHaveLength(23);
    expect(pests.every((pest) => pest.isActive)).toBe(true);
    expect(pests.map((pest) => pest.group)).toEqual([
      ...Array(3).fill('ROEDORES'),
      ...Array(5).fill('RASTREROS'),
      ...Array(7).fill('VOLADORES'),
      ...Array(6).fill('PRODUCTO_ALMACENADO'),
      ...Array(2).fill('OTROS'),
    ]);
    expect(pests.slice(0, 3).map(({ name, scientificName }) => [name, scientificName])).toEqual([
      ['Rata negra', 'Rattus rattus'],
      ['Rata parda', 'Rattus norvegicus'],
      ['Ratón doméstico', 'Mus musculus'],
    ]);
    const scientific = pests.map((pest) => pest.scientificName);
    for (const species of [
      'Blattella germanica',
      'Periplaneta americana',
      'Musca domestica',
      'Drosophila melanogaster',
      'Plodia interpunctella',
      'Ephestia kuehniella',
      'Tribolium castaneum',
      'Lasioderma serricorne',
    ]) {
      expect(scientific).toContain(species);
    }
    // Light traps count catches by group: entries without a species.
    const groups = pests.filter((pest) => pest.scientificName === null).map((pest) => pest.name);
    expect(groups.sort()).toEqual([
      'Avispas',
      'Coleópteros',
      'Dípteros pequeños',
      'Moscas',
      'Mosquitos',
      'Otros insectos',
      'Polillas',
    ]);
  });

  it('leaves deactivated entries out, unless an administrator asks for all', async () => {
    const pest = await create({ name: 'Chinche de cama', scientificName: 'Cimex lectularius', group: 'RASTREROS' });
    const off = await api('PATCH', `/api/pests/${pest.id}`, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<Pest>().isActive).toBe(false);

    expect((await list()).map((each) => each.id)).not.toContain(pest.id);
    expect((await list('', tech)).map((each) => each.id)).not.toContain(pest.id);
    expect((await list('?all=false')).map((each) => each.id)).not.toContain(pest.id);
    const all = await list('?all=true');
    expect(all).toHaveLength(24);
    expect(all.find((each) => each.id === pest.id)).toMatchObject({ name: 'Chinche de cama', isActive: false });

    const refused = await api('GET', '/api/pests?all=true', undefined, tech);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PestMessages.allForAdmins);

    expect((await api('PATCH', `/api/pests/${pest.id}`, { isActive: true })).statusCode).toBe(200);
    expect((await list('', tech)).map((each) => each.id)).toContain(pest.id);
  });
});

describe('POST /api/pests', () => {
  it('adds an entry with trimmed names, an empty scientific name stored as null', async () => {
    const pest = await create({ name: '  Pulga  ', scientificName: '  ', group: 'OTROS' });
    expect(pest).toMatchObject({ name: 'Pulga', scientificName: null, group: 'OTROS', isActive: true });
    expect((await list('', tech)).find((each) => each.id === pest.id)?.name).toBe('Pulga');
  });

  it('refuses a name already in the catalogue, ignoring case and how the accent was typed (409)', async () => {
    for (const name of ['rata PARDA', '  Rata parda ', 'DÍPTEROS PEQUEÑOS']) {
      const response = await api('POST', '/api/pests', { name, group: 'ROEDORES' });
      expect(response.statusCode, name).toBe(409);
      expect(response.json().message).toBe(PestMessages.nameTaken);
    }
    // "Ratón" typed with a combining accent is the seeded "Ratón doméstico".
    const combining = await api('POST', '/api/pests', { name: 'Rato\u0301n dome\u0301stico', group: 'ROEDORES' });
    expect(combining.statusCode).toBe(409);
    expect(await list('?all=true')).toHaveLength(23);
  });

  it('answers bad input with 400 and a Spanish message, writing nothing', async () => {
    const cases: [object, string][] = [
      [{ group: 'ROEDORES' }, PestMessages.nameRequired],
      [{ name: '   ', group: 'ROEDORES' }, PestMessages.nameRequired],
      [{ name: 'x'.repeat(81), group: 'ROEDORES' }, 'El nombre admite como máximo 80 caracteres.'],
      [
        { name: 'Gorgojo', scientificName: 'y'.repeat(121), group: 'PRODUCTO_ALMACENADO' },
        'El nombre científico admite como máximo 120 caracteres.',
      ],
      [{ name: 'Gorgojo' }, 'El grupo debe ser uno de: ROEDORES, RASTREROS, VOLADORES, PRODUCTO_ALMACENADO, OTROS.'],
      [
        { name: 'Gorgojo', group: 'roedores' },
        'El grupo debe ser uno de: ROEDORES, RASTREROS, VOLADORES, PRODUCTO_ALMACENADO, OTROS.',
      ],
      [{ name: 'Gorgojo\u0000', group: 'OTROS' }, 'El nombre no puede contener el carácter nulo (U+0000).'],
    ];
    for (const [body, message] of cases) {
      const response = await api('POST', '/api/pests', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect([response.json().message].flat(), JSON.stringify(body)).toContain(message);
    }
    const unknown = await api('POST', '/api/pests', { name: 'Gorgojo', group: 'OTROS', color: 'rojo' });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().message)).toMatch(/color/);
    expect(await list('?all=true')).toHaveLength(23);
  });
});

describe('PATCH /api/pests/{id}', () => {
  it('renames an entry, changes its group and removes its scientific name', async () => {
    const pest = await create({ name: 'Escarabajo', scientificName: 'Dermestes', group: 'OTROS' });
    const response = await api('PATCH', `/api/pests/${pest.id}`, {
      name: 'Derméstido',
      scientificName: null,
      group: 'PRODUCTO_ALMACENADO',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: pest.id,
      name: 'Derméstido',
      scientificName: null,
      group: 'PRODUCTO_ALMACENADO',
      isActive: true,
    });
    // Its own name in another case is no clash.
    const recased = await api('PATCH', `/api/pests/${pest.id}`, { name: 'DERMÉSTIDO' });
    expect(recased.statusCode, recased.body).toBe(200);
    expect((await list()).find((each) => each.id === pest.id)?.name).toBe('DERMÉSTIDO');
  });

  it("refuses another entry's name (409), an unknown entry (404) and bad input (400)", async () => {
    const pest = await create({ name: 'Pulga', group: 'OTROS' });
    const taken = await api('PATCH', `/api/pests/${pest.id}`, { name: 'moscas' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(PestMessages.nameTaken);

    const missing = await api('PATCH', '/api/pests/99999', { name: 'Nada' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PestMessages.notFound);

    for (const body of [{ name: '' }, { group: 'PLAGA' }, { isActive: 'no' }, { id: 3 }]) {
      const response = await api('PATCH', `/api/pests/${pest.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api('PATCH', '/api/pests/0x1', { name: 'Nada' })).statusCode).toBe(400);
    expect((await list()).find((each) => each.id === pest.id)).toMatchObject({ name: 'Pulga', group: 'OTROS' });
  });

  it('has no delete: an entry is deactivated instead', async () => {
    const response = await api('DELETE', '/api/pests/1');
    expect(response.statusCode).toBe(404);
    expect(await list()).toHaveLength(23);
  });
});

describe('writes are for administrators', () => {
  it('refuses a technician adding or changing an entry (403), changing nothing', async () => {
    const created = await api('POST', '/api/pests', { name: 'Pulga', group: 'OTROS' }, tech);
    expect(created.statusCode).toBe(403);
    const [first] = await list();
    const changed = await api('PATCH', `/api/pests/${first!.id}`, { isActive: false }, tech);
    expect(changed.statusCode).toBe(403);
    expect(await list('?all=true')).toEqual(await list());
    expect(await list()).toHaveLength(23);
  });
});
