import {
  folioText,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_KINDS,
  type SearchGroup,
  type SearchKind,
  type SearchQuery,
  type SearchResponse,
  type SearchResult,
} from '@rondin/contracts';
import { foldText } from '../../lib/search.js';
import type { FolioRange, FoldedQuery, SearchRepository } from './search.repository.js';

const GROUP_LABELS: Record<SearchKind, string> = {
  SITE: 'Sitios',
  CLIENT: 'Clientes',
  DEVICE: 'Dispositivos',
  ORDER: 'Órdenes',
  CERTIFICATE: 'Certificados',
};

const ORDER_STATUS: Record<'PENDING' | 'IN_PROGRESS' | 'COMPLETED', string> = {
  PENDING: 'Pendiente',
  IN_PROGRESS: 'En progreso',
  COMPLETED: 'Completada',
};

/** "57", "#57", "orden 57", "Orden #57": an order's number. */
const ORDER_NUMBER = /^(?:orden\s*)?#?\s*(\d{1,9})$/;
/** A folio typed whole or in part: its year, then up to six digits of the number ("2026-0001", "2026-"). */
const FOLIO_WITH_YEAR = /^(\d{4})(?:[-/](\d{0,6}))?$/;
/** A folio's number without its year ("000042", "42"). */
const FOLIO_NUMBER = /^\d{1,6}$/;
const FOLIO_DIGITS = 6;

/** The numbers whose six-digit form starts with `digits` ("0001": 100 to 199). */
function numbersStartingWith(digits: string): { from: number; to: number } {
  const scale = 10 ** (FOLIO_DIGITS - digits.length);
  const from = Number(digits || '0') * scale;
  return { from: Math.max(from, 1), to: from + scale - 1 };
}

/** The certificates a text can name by folio, or none. */
export function folioRange(text: string): FolioRange | undefined {
  const withYear = FOLIO_WITH_YEAR.exec(text);
  if (withYear) return { year: Number(withYear[1]), ...numbersStartingWith(withYear[2] ?? '') };
  if (FOLIO_NUMBER.test(text)) {
    const number = Number(text);
    return number > 0 ? { year: undefined, from: number, to: number } : undefined;
  }
  return undefined;
}

/**
 * The office's search box: sites, clients, devices, orders and certificates from one text, accents and case
 * ignored. Devices by code, area or site (each word somewhere in them); orders by number; certificates by folio;
 * sites by name, client or address; clients by name, tax id or address. Only an administrator searches (the route's role): a technician's screens list
 * the orders assigned to them, and nothing else is theirs to look up.
 */
export class SearchService {
  constructor(private readonly repository: SearchRepository) {}

  async search(input: SearchQuery): Promise<SearchResponse> {
    const limit = input.limit ?? SEARCH_DEFAULT_LIMIT;
    const text = foldText(input.q.trim().replace(/\s+/g, ' '));
    const query: FoldedQuery = { text, words: text.split(' ') };
    const orderNumber = ORDER_NUMBER.exec(text)?.[1];
    const folio = folioRange(text);
    // One more than shown: whether there are more.
    const [sites, clients, devices, orders, folios] = await Promise.all([
      this.repository.sites(query, limit + 1),
      this.repository.clients(query, limit + 1),
      this.repository.devices(query, limit + 1),
      orderNumber ? this.repository.order(Number(orderNumber)) : [],
      folio ? this.repository.certificates(folio, limit + 1) : [],
    ]);
    const found: Record<SearchKind, SearchResult[]> = {
      SITE: sites.map((site) => ({
        kind: 'SITE',
        id: site.id,
        label: site.name,
        detail: joined(site.client, site.address, site.isActive ? null : 'Inactivo'),
        url: `/admin/sites/${site.id}`,
      })),
      CLIENT: clients.map((client) => ({
        kind: 'CLIENT',
        id: client.id,
        label: client.name,
        detail: joined(client.taxId, client.address, client.isActive ? null : 'Inactivo'),
        url: `/admin/clients/${client.id}`,
      })),
      DEVICE: devices.map((device) => ({
        kind: 'DEVICE',
        id: device.id,
        label: device.code,
        detail: joined(device.area, device.siteName, device.isActive ? null : 'Dado de baja'),
        url: `/admin/traps/${device.id}`,
      })),
      ORDER: orders.map((order) => ({
        kind: 'ORDER',
        id: order.id,
        label: `Orden #${order.id}`,
        detail: joined(order.siteName, order.technicianName, ORDER_STATUS[order.status]),
        url: `/admin/sessions/${order.id}`,
      })),
      CERTIFICATE: folios.map((certificate) => ({
        kind: 'CERTIFICATE',
        id: certificate.id,
        label: `Certificado ${folioText(certificate.year, certificate.number)}`,
        detail: joined(`Orden #${certificate.sessionId}`, certificate.siteName),
        url: `/admin/sessions/${certificate.sessionId}`,
      })),
    };
    const groups: SearchGroup[] = SEARCH_KINDS.filter((kind) => found[kind].length > 0).map((kind) => ({
      kind,
      label: GROUP_LABELS[kind],
      items: found[kind].slice(0, limit),
      more: found[kind].length > limit,
    }));
    return { q: input.q.trim(), groups };
  }
}

function joined(...parts: (string | null)[]): string {
  return parts.filter((part): part is string => Boolean(part)).join(' · ');
}
