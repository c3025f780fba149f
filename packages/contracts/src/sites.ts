import { z } from 'zod';
import { IdNumber, optionalText, text, Timestamp } from './common.js';
import { RouteMessages, SiteMessages } from './messages.js';
import { MAX_TRAPS_PER_ORDER } from './sessions.js';

export const Site = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The client it belongs to (GET /clients/{id}). */
  clientId: z.number().int(),
  /** That client's name. */
  client: z.string().nullable(),
  address: z.string().nullable(),
  /** IANA zone its documents use; null: the server's TIME_ZONE. */
  timeZone: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: Timestamp,
  /** How many devices and orders it holds (a site with either cannot be deleted). */
  trapCount: z.number().int(),
  sessionCount: z.number().int(),
});
export type Site = z.infer<typeof Site>;

const SiteName = text('El nombre del sitio', { error: SiteMessages.nameRequired })
  .trim()
  .min(1, SiteMessages.nameRequired)
  .max(120, 'El nombre del sitio admite como máximo 120 caracteres.');

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('es', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const TimeZone = text('La zona horaria')
  .trim()
  .refine(isTimeZone, 'La zona horaria debe ser una zona IANA, por ejemplo America/Santiago.')
  .nullable();

/**
 * A site's client: clientId, one of the clients (400 when it does not exist or is inactive); or, for callers
 * written before clients were records, `client`, a client's name, found ignoring case or created. With neither,
 * a new site gets a client of its own name; with both, clientId wins.
 */
export const CreateSiteBody = z.strictObject({
  name: SiteName,
  clientId: IdNumber.optional(),
  client: optionalText('El cliente', 160).optional(),
  address: optionalText('La dirección', 300).optional(),
  timeZone: TimeZone.optional(),
  isActive: z.boolean().default(true),
});
export type CreateSiteBody = z.infer<typeof CreateSiteBody>;

/** clientId or client as in CreateSiteBody; `client: null` alone is refused (every site has a client). */
export const UpdateSiteBody = z.strictObject({
  name: SiteName.optional(),
  clientId: IdNumber.optional(),
  client: optionalText('El cliente', 160).optional(),
  address: optionalText('La dirección', 300).optional(),
  timeZone: TimeZone.optional(),
  isActive: z.boolean().optional(),
});
export type UpdateSiteBody = z.infer<typeof UpdateSiteBody>;

/** One device in a site's walk order. */
export const SiteRouteItem = z.object({
  trapId: z.number().int(),
  code: z.string(),
  area: z.string().nullable(),
  /** 1 first; null: not placed in the walk (listed after, by code). */
  routeOrder: z.number().int().nullable(),
});
export type SiteRouteItem = z.infer<typeof SiteRouteItem>;

/**
 * A site's walk order, the site's active devices in it (ADMIN):
 * - GET /sites/{id}/route: as saved, by routeOrder, then those without one by code;
 * - POST /sites/{id}/route/propose: proposed from the floor plans, not saved: area by area (each area starting
 *   with its device nearest the previous area's last, the first area being the one whose device comes first by
 *   code), within an area nearest next from the previous device's position; devices without a position after,
 *   by area then code. routeOrder is the proposed position (1…n);
 * - PUT /sites/{id}/route {trapIds}: saves that order (1…n in the order given); every id must be an active device
 *   of the site (400 RouteMessages.otherSite), a repeated id counts once, and the site's devices left out lose
 *   their place (null). Answers the saved route.
 * Each order item's trap and each Trap carry routeOrder; the phone lists an order's devices by it, then by code.
 */
export const SiteRoute = z.object({ items: z.array(SiteRouteItem) });
export type SiteRoute = z.infer<typeof SiteRoute>;

export const SaveSiteRouteBody = z.strictObject({
  trapIds: z
    .array(IdNumber, { error: RouteMessages.empty })
    .min(1, RouteMessages.empty)
    .max(MAX_TRAPS_PER_ORDER, `Un recorrido admite como máximo ${MAX_TRAPS_PER_ORDER} trampas.`)
    .transform((ids) => [...new Set(ids)]),
});
export type SaveSiteRouteBody = z.infer<typeof SaveSiteRouteBody>;
