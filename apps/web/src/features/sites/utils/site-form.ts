import type { CreateSiteBody, Site, UpdateSiteBody } from '@rondin/contracts';
import { SITE_MESSAGES } from '../messages';

/** The client field's choice for a new client, typed in the form. */
export const NEW_CLIENT = 'new';

export interface SiteFormValues {
  name: string;
  /** A client's id, NEW_CLIENT, or '' while none is chosen. */
  clientId: string;
  /** The new client's name, when clientId is NEW_CLIENT. */
  newClient: string;
  address: string;
  /** An IANA zone, or '' for the server's own (TIME_ZONE). */
  timeZone: string;
  isActive: boolean;
}

export const emptySiteForm: SiteFormValues = {
  name: '',
  clientId: '',
  newClient: '',
  address: '',
  timeZone: '',
  isActive: true,
};

export function siteToForm(site: Site): SiteFormValues {
  return {
    name: site.name,
    clientId: String(site.clientId),
    newClient: '',
    address: site.address ?? '',
    timeZone: site.timeZone ?? '',
    isActive: site.isActive,
  };
}

/** What the form refuses before asking the server; a name already taken is the server's to say (any case). */
export function validateSite(values: SiteFormValues): string | null {
  if (!values.name.trim()) return SITE_MESSAGES.nameRequired;
  if (!values.clientId) return SITE_MESSAGES.clientRequired;
  if (values.clientId === NEW_CLIENT && !values.newClient.trim()) return SITE_MESSAGES.newClientRequired;
  return null;
}

/**
 * The site's client as the API takes it: a chosen one by id; a new one by its name, which the server finds
 * ignoring case or creates with the site, in one transaction (decision 0014).
 */
function clientOf(values: SiteFormValues): Pick<CreateSiteBody, 'clientId' | 'client'> {
  if (values.clientId === NEW_CLIENT) return { client: values.newClient.trim() };
  return values.clientId ? { clientId: Number(values.clientId) } : {};
}

/** Trimmed; empty optional fields and the default zone are left out. */
export function toCreateSiteBody(values: SiteFormValues): CreateSiteBody {
  const body: CreateSiteBody = { name: values.name.trim(), isActive: values.isActive, ...clientOf(values) };
  const address = values.address.trim();
  if (address) body.address = address;
  if (values.timeZone) body.timeZone = values.timeZone;
  return body;
}

/** Only what changed; a field the user emptied is sent as null, so the old value does not silently stay. */
export function toUpdateSiteBody(values: SiteFormValues, original: Site): UpdateSiteBody {
  const body: UpdateSiteBody = {};
  const name = values.name.trim();
  const address = values.address.trim() || null;
  const timeZone = values.timeZone || null;
  if (name !== original.name) body.name = name;
  if (values.clientId !== String(original.clientId)) Object.assign(body, clientOf(values));
  if (address !== original.address) body.address = address;
  if (timeZone !== original.timeZone) body.timeZone = timeZone;
  if (values.isActive !== original.isActive) body.isActive = values.isActive;
  return body;
}
