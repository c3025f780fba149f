/**
 * IANA time zones as an office in Spain or Latin America names them. The common zones carry their city and
 * country in Spanish; any other is named by the city in its identifier ("Europe/Paris" → "Paris").
 */

interface KnownZone {
  zone: string;
  city: string;
  country: string;
}

/** The zones a Spanish-speaking pest-control office works in, in the order the site form offers them. */
export const COMMON_ZONES: readonly KnownZone[] = [
  { zone: 'Europe/Madrid', city: 'Madrid', country: 'España' },
  { zone: 'Atlantic/Canary', city: 'Canarias', country: 'España' },
  { zone: 'America/Mexico_City', city: 'Ciudad de México', country: 'México' },
  { zone: 'America/Monterrey', city: 'Monterrey', country: 'México' },
  { zone: 'America/Tijuana', city: 'Tijuana', country: 'México' },
  { zone: 'America/Cancun', city: 'Cancún', country: 'México' },
  { zone: 'America/Bogota', city: 'Bogotá', country: 'Colombia' },
  { zone: 'America/Lima', city: 'Lima', country: 'Perú' },
  { zone: 'America/Santiago', city: 'Santiago', country: 'Chile' },
  { zone: 'America/Punta_Arenas', city: 'Punta Arenas', country: 'Chile' },
  { zone: 'America/Buenos_Aires', city: 'Buenos Aires', country: 'Argentina' },
  { zone: 'America/Caracas', city: 'Caracas', country: 'Venezuela' },
  { zone: 'America/Guayaquil', city: 'Guayaquil', country: 'Ecuador' },
  { zone: 'America/La_Paz', city: 'La Paz', country: 'Bolivia' },
  { zone: 'America/Asuncion', city: 'Asunción', country: 'Paraguay' },
  { zone: 'America/Montevideo', city: 'Montevideo', country: 'Uruguay' },
  { zone: 'America/Guatemala', city: 'Guatemala', country: 'Guatemala' },
  { zone: 'America/El_Salvador', city: 'San Salvador', country: 'El Salvador' },
  { zone: 'America/Tegucigalpa', city: 'Tegucigalpa', country: 'Honduras' },
  { zone: 'America/Managua', city: 'Managua', country: 'Nicaragua' },
  { zone: 'America/Costa_Rica', city: 'San José', country: 'Costa Rica' },
  { zone: 'America/Panama', city: 'Panamá', country: 'Panamá' },
  { zone: 'America/Havana', city: 'La Habana', country: 'Cuba' },
  { zone: 'America/Santo_Domingo', city: 'Santo Domingo', country: 'República Dominicana' },
  { zone: 'America/Puerto_Rico', city: 'San Juan', country: 'Puerto Rico' },
];

/** Spellings of the same zone: browsers list Buenos Aires under its older name, some servers under the newer. */
const ALIASES: Record<string, string> = {
  'America/Argentina/Buenos_Aires': 'America/Buenos_Aires',
};

const KNOWN = new Map(COMMON_ZONES.map((entry) => [entry.zone, entry]));

const REGIONS: Record<string, string> = {
  Africa: 'África',
  America: 'América',
  Antarctica: 'Antártida',
  Arctic: 'Ártico',
  Asia: 'Asia',
  Atlantic: 'Atlántico',
  Australia: 'Australia',
  Europe: 'Europa',
  Indian: 'Índico',
  Pacific: 'Pacífico',
};

function known(zone: string): KnownZone | undefined {
  return KNOWN.get(ALIASES[zone] ?? zone);
}

/** Whether two zone names are the same zone (an alias of the other, or as the browser resolves them). */
export function sameZone(a: string, b: string): boolean {
  if (a === b || (ALIASES[a] ?? a) === (ALIASES[b] ?? b)) return true;
  try {
    const resolve = (zone: string) => new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
    return resolve(a) === resolve(b);
  } catch {
    return false;
  }
}

/** The place a zone is named after: "Madrid", "Ciudad de México", "Paris"; "UTC" for the universal one. */
export function zoneCity(zone: string): string {
  const entry = known(zone);
  if (entry) return entry.city;
  if (!zone.includes('/')) return zone;
  return zone.slice(zone.lastIndexOf('/') + 1).replaceAll('_', ' ');
}

/** Where the zone is, for the picker: the country of a common zone, else the region ("Europa"). */
export function zoneRegion(zone: string): string | null {
  const entry = known(zone);
  if (entry) return entry.country;
  const area = zone.split('/')[0]!;
  return zone.includes('/') ? (REGIONS[area] ?? area) : null;
}

/** "hora de Madrid": how a time that is not the reader's own says whose it is. */
export function zoneHourName(zone: string): string {
  const city = zoneCity(zone);
  return zone.includes('/') ? `hora de ${city}` : `hora ${city}`;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's distance from UTC at that instant, as "UTC+1", "UTC−3", "UTC+5:30" or "UTC+0". */
export function zoneOffset(zone: string, at: Date = new Date()): string {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' });
    offsetFormats.set(zone, format);
  }
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = name.replace(/^GMT/, '').replace('-', '−');
  return `UTC${offset || '+0'}`;
}

/** The picker's line for a zone: "Madrid (España) · UTC+1". */
export function zoneChoiceLabel(zone: string, at: Date = new Date()): string {
  const region = zoneRegion(zone);
  let offset: string;
  try {
    offset = zoneOffset(zone, at);
  } catch {
    return zone.replaceAll('_', ' ');
  }
  return `${zoneCity(zone)}${region ? ` (${region})` : ''} · ${offset}`;
}

/** The zone the browser's clock shows: what a time without a zone named means to its reader. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
