import type { Site } from '@rondin/contracts';
import { describe, expect, it } from 'vitest';
import { SITE_MESSAGES } from '../messages';
import { emptySiteForm, NEW_CLIENT, siteToForm, toCreateSiteBody, toUpdateSiteBody, validateSite } from './site-form';

const north: Site = {
  id: 2,
  name: 'Planta Norte',
  clientId: 1,
  client: 'Alimentos del Sur S.A.',
  address: 'Ruta 5 km 12',
  timeZone: 'America/Santiago',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  trapCount: 3,
  sessionCount: 1,
};

describe('validateSite', () => {
  it('asks for a name, in the server’s words, when only spaces were typed', () => {
    expect(validateSite({ ...emptySiteForm, name: '   ', clientId: '1' })).toBe(SITE_MESSAGES.nameRequired);
    expect(validateSite({ ...emptySiteForm, name: 'Bodega', clientId: '1' })).toBeNull();
  });

  it('asks for the client, and for a new client’s name', () => {
    expect(validateSite({ ...emptySiteForm, name: 'Bodega' })).toBe(SITE_MESSAGES.clientRequired);
    expect(validateSite({ ...emptySiteForm, name: 'Bodega', clientId: NEW_CLIENT, newClient: ' ' })).toBe(
      SITE_MESSAGES.newClientRequired,
    );
  });
});

describe('toCreateSiteBody', () => {
  it('trims the texts and leaves out what is empty and the default zone', () => {
    expect(toCreateSiteBody({ ...emptySiteForm, name: '  Bodega Sur ', clientId: '4', address: ' Av. 1 ' })).toEqual({
      name: 'Bodega Sur',
      clientId: 4,
      address: 'Av. 1',
      isActive: true,
    });
  });

  it('sends a new client by its name, for the server to find or create', () => {
    const values = { ...emptySiteForm, name: 'Molino', clientId: NEW_CLIENT, newClient: ' Harinas Levante ' };
    expect(toCreateSiteBody(values)).toEqual({ name: 'Molino', client: 'Harinas Levante', isActive: true });
  });

  it('sends the zone chosen', () => {
    expect(toCreateSiteBody({ ...emptySiteForm, name: 'B', timeZone: 'Europe/Madrid' }).timeZone).toBe('Europe/Madrid');
  });
});

describe('toUpdateSiteBody', () => {
  it('sends nothing for an untouched form', () => {
    expect(toUpdateSiteBody(siteToForm(north), north)).toEqual({});
  });

  it('sends emptied fields as null and the default zone as null, so the old values do not stay', () => {
    const values = { ...siteToForm(north), address: '', timeZone: '' };
    expect(toUpdateSiteBody(values, north)).toEqual({ address: null, timeZone: null });
  });

  it('sends another client chosen by its id, or a new one by its name', () => {
    expect(toUpdateSiteBody({ ...siteToForm(north), clientId: '7' }, north)).toEqual({ clientId: 7 });
    const values = { ...siteToForm(north), clientId: NEW_CLIENT, newClient: 'Harinas Levante' };
    expect(toUpdateSiteBody(values, north)).toEqual({ client: 'Harinas Levante' });
  });

  it('sends a renamed site’s new name trimmed, and its new state', () => {
    const values = { ...siteToForm(north), name: ' Planta Norte 2 ', isActive: false };
    expect(toUpdateSiteBody(values, north)).toEqual({ name: 'Planta Norte 2', isActive: false });
  });
});
