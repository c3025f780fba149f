// No zod here: the trap form imports this module alone (@rondin/contracts/trap-areas) to offer the existing
// area for a variant, and the server refuses the same variants with it.

/**
 * What makes two area names the same place to a person: case, accents and spacing aside, "bodega norte",
 * "Bodega  Norte" and "BODEGA NORTE" are one area.
 */
export function areaKey(area: string): string {
  return area.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The existing area that `area` is a variant of (same key, different spelling), or null when `area` is one
 * of them exactly or a new area altogether.
 */
export function existingAreaVariant(area: string, existing: Iterable<string>): string | null {
  const key = areaKey(area);
  let variant: string | null = null;
  for (const name of existing) {
    if (name === area) return null;
    if (variant === null && areaKey(name) === key) variant = name;
  }
  return variant;
}

/** Why a variant is refused, naming the area to choose instead. */
export const areaVariantMessage = (typed: string, existing: string) =>
  `El área «${typed}» ya existe escrita «${existing}»: elige «${existing}» para no crear un área repetida.`;
