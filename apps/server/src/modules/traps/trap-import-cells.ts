import {
  RISK_LEVEL_NAMES,
  RISK_LEVELS,
  TRAP_TYPE_MARKS,
  TRAP_TYPE_NAMES,
  TRAP_TYPE_SHORT_NAMES,
  TRAP_TYPES,
  ZONE_NAMES,
  ZONES,
} from '@rondin/contracts';
import { areaKey } from '@rondin/contracts/trap-areas';

/** "luz uv", "LUZ_UV" and "Lámpara UV atrapa insectos" are one choice: case, accents, spacing and _ aside. */
const choiceKey = (text: string) => areaKey(text.replace(/_/g, ' '));

/** Reads a cell as one of `codes`, written as the code, the Spanish name or one of the other spellings given. */
function choice<T extends string>(codes: readonly T[], ...spellings: Record<T, string>[]) {
  const byKey = new Map<string, T>();
  for (const code of codes) {
    byKey.set(choiceKey(code), code);
    for (const spelling of spellings) byKey.set(choiceKey(spelling[code]), code);
  }
  return (cell: string): T | undefined => byKey.get(choiceKey(cell));
}

export const readTrapType = choice(TRAP_TYPES, TRAP_TYPE_NAMES, TRAP_TYPE_SHORT_NAMES, TRAP_TYPE_MARKS);
export const readZone = choice(ZONES, ZONE_NAMES);
export const readRiskLevel = choice(RISK_LEVELS, RISK_LEVEL_NAMES);

/** What a row says when a choice cell holds something else. */
export const choiceProblem = (column: string, codes: readonly string[], cell: string) =>
  `«${column}» debe ser uno de: ${codes.join(', ')} (dice «${cell.trim()}»).`;

export interface ImportSite {
  id: number;
  name: string;
  isActive: boolean;
}

/**
 * The site a «sitio» cell names. Site names are unique ignoring case, so that match is the one; failing it, a
 * name written without its accents or with other spacing still finds its site, when only one site fits.
 */
export function siteFinder(sites: readonly ImportSite[]) {
  return (cell: string): ImportSite | undefined => {
    const typed = cell.trim().toLowerCase();
    const exact = sites.find((site) => site.name.toLowerCase() === typed);
    if (exact) return exact;
    const loose = sites.filter((site) => areaKey(site.name) === areaKey(cell));
    return loose.length === 1 ? loose[0] : undefined;
  };
}
