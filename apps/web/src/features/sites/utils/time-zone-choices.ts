import { COMMON_ZONES, zoneChoiceLabel } from '../../../lib/time-zones';

export interface ZoneChoice {
  /** The IANA name stored on the site. */
  zone: string;
  /** "Madrid (España) · UTC+1". */
  label: string;
  /** Offered first: the server's zone and the common Spanish-speaking ones. */
  first: boolean;
  /** What a search is matched against: the label and the IANA name, without accents or case. */
  words: string;
}

/** Lower case, without accents, underscores and slashes as spaces: "Bogota" finds "Bogotá". */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[_/]/g, ' ');
}

/**
 * The zones the site form offers, in order: the server's, the common Spanish-speaking ones, then every other
 * zone the browser knows by its label. A site's stored zone the browser does not list (an older alias, a zone
 * newer than the browser) is kept among them, so editing the site does not change it.
 */
export function timeZoneChoices(
  current: string,
  serverZone: string | null,
  known: readonly string[] = Intl.supportedValuesOf('timeZone'),
  at: Date = new Date(),
): ZoneChoice[] {
  const choice = (zone: string, first: boolean): ZoneChoice => {
    const label = zoneChoiceLabel(zone, at);
    return { zone, label, first, words: searchable(`${label} ${zone}`) };
  };
  const firstZones = [...new Set([...(serverZone ? [serverZone] : []), ...COMMON_ZONES.map((entry) => entry.zone)])];
  const rest = [...new Set([...known, ...(current ? [current] : [])])].filter((zone) => !firstZones.includes(zone));
  return [
    ...firstZones.map((zone) => choice(zone, true)),
    ...rest.map((zone) => choice(zone, false)).sort((a, b) => a.label.localeCompare(b.label, 'es')),
  ];
}

/** The choices whose label or name holds every word typed, in the same order. */
export function filterZoneChoices(choices: readonly ZoneChoice[], query: string): readonly ZoneChoice[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return choices;
  return choices.filter((choice) => words.every((word) => choice.words.includes(word)));
}
