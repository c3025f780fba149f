import type { Site } from '@rondin/contracts';
import { useId } from 'react';

interface SiteFilterProps {
  /** Every site, inactive ones too (their traps and orders are still listed); nothing renders when empty. */
  sites: readonly Site[];
  /** The chosen site's id, '' for every site. */
  value: string;
  onChange: (siteId: string) => void;
}

/** A list's 'Sitio' filter, offered only when there are several active sites (lib/site-scope). */
export function SiteFilter({ sites, value, onChange }: SiteFilterProps) {
  const id = useId();
  if (sites.length === 0) return null;
  return (
    <div className="field">
      <label htmlFor={id}>Sitio</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Todos los sitios</option>
        {sites.map((site) => (
          <option key={site.id} value={site.id}>
            {site.name}
            {site.isActive ? '' : ' (inactivo)'}
          </option>
        ))}
      </select>
    </div>
  );
}
