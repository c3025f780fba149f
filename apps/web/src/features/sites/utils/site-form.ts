import type { CreateSiteBody, Site, UpdateSiteBody } from '@rondin/contracts';
import { SITE_MESSAGES } from '../messages';

export interface SiteFormValues {
  name: string;
  client: string;
  address: string;
  /** An IANA zone, or '' for the server's own (TIME_ZONE). */
  timeZone: string;
  isActive: boolean;
}

export const emptySiteForm: SiteFormValues = { name: '', client: '', address: '', timeZone: '', isActive: true };

export function siteToForm(site: Site): SiteFormValues {
  return {
    name: site.name,
    client: site.client ?? '',
    address: site.address ?? '',
    timeZone: site.timeZone ?? '',
    isActive: site.isActive,
  };
}

/** What the form refuses before asking the server; a name already taken is the server's to say (any case). */
export function validateSite(values: SiteFormValues): string | null {
  return values.name.trim() ? null : SITE_MESSAGES.nameRequired;
}

/** Trimmed; empty optional fields and the default zone are left out. */
export function toCreateSiteBody(values: SiteFormValues): CreateSiteBody {
  const body: CreateSiteBody = { name: values.name.trim(), isActive: values.isActive };
  const client = values.client.trim();
  const address = values.address.trim();
  if (client) body.client = client;
  if (address) body.address = address;
  if (values.timeZone) body.timeZone = values.timeZone;
  return body;
}

/** Only what changed; a field the user emptied is sent as null, so the old value does not silently stay. */
export function toUpdateSiteBody(values: SiteFormValues, original: Site): UpdateSiteBody {
  const body: UpdateSiteBody = {};
  const name = values.name.trim();
  const client = values.client.trim() || null;
  const address = values.address.trim() || null;
  const timeZone = values.timeZone || null;
  if (name !== original.name) body.name = name;
  if (client !== original.client) body.client = client;
  if (address !== original.address) body.address = address;
  if (timeZone !== original.timeZone) body.timeZone = timeZone;
  if (values.isActive !== original.isActive) body.isActive = values.isActive;
  return body;
}
