import type { Site, TrapAreaCount } from '@rondin/contracts';
import { TRAP_TYPE_NAMES, TRAP_TYPES } from '@rondin/contracts/devices';
import { useId } from 'react';
import { SearchField } from '../../../components/ui/search-field';
import { SiteFilter } from '../../../components/ui/site-filter';
import { formatCount } from '../../../lib/format';

export interface TrapFilterValues {
  q: string;
  area: string;
  noArea: string;
  active: string;
  siteId: string;
  type: string;
  placed: string;
}

/**
 * The select's value for traps without an area. Areas are stored trimmed, so none can be a single space: the
 * value cannot be mistaken for a real area.
 */
const NO_AREA_OPTION = ' ';

interface TrapFiltersProps {
  values: TrapFilterValues;
  /** The areas in use; undefined while they load (the area in force is still offered). */
  areas: readonly TrapAreaCount[] | undefined;
  /** The sites to filter by, inactive ones too; empty (no site filter) unless several are active. */
  sites: readonly Site[];
  onChange: (changes: Partial<TrapFilterValues>) => void;
}

/**
 * Search for text anywhere in a code or area, a site (with several), an area, a device type, a status, and on a
 * plan or not: each filter is applied by the server.
 */
export function TrapFilters({ values, areas, sites, onChange }: TrapFiltersProps) {
  const ids = { area: useId(), type: useId(), active: useId(), placed: useId() };
  const named = (areas ?? []).filter((entry): entry is TrapAreaCount & { area: string } => entry.area !== null);
  const unnamed = areas?.find((entry) => entry.area === null);
  // An area from the address that is no longer in use (or not loaded yet) stays selectable, so the select shows it.
  const extra = values.area && !named.some((entry) => entry.area === values.area) ? values.area : null;

  return (
    <div className="list-toolbar" role="search" aria-label="Filtrar trampas">
      <SearchField
        label="Buscar"
        placeholder="Parte del código o del área, p. ej. 012"
        value={values.q}
        onSearch={(q) => onChange({ q })}
      />
      <SiteFilter sites={sites} value={values.siteId} onChange={(siteId) => onChange({ siteId })} />
      <div className="field">
        <label htmlFor={ids.area}>Área</label>
        <select
          id={ids.area}
          value={values.noArea === 'true' ? NO_AREA_OPTION : values.area}
          onChange={(event) => {
            const value = event.target.value;
            onChange(value === NO_AREA_OPTION ? { area: '', noArea: 'true' } : { area: value, noArea: '' });
          }}
        >
          <option value="">Todas las áreas</option>
          {extra ? <option value={extra}>{extra}</option> : null}
          {named.map((entry) => (
            <option key={entry.area} value={entry.area}>
              {entry.area} ({formatCount(entry.total)})
            </option>
          ))}
          {unnamed || values.noArea === 'true' ? (
            <option value={NO_AREA_OPTION}>Sin área{unnamed ? ` (${formatCount(unnamed.total)})` : ''}</option>
          ) : null}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.type}>Tipo</label>
        <select id={ids.type} value={values.type} onChange={(event) => onChange({ type: event.target.value })}>
          <option value="">Todos los tipos</option>
          {TRAP_TYPES.map((type) => (
            <option key={type} value={type}>
              {TRAP_TYPE_NAMES[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.placed}>Plano</label>
        <select id={ids.placed} value={values.placed} onChange={(event) => onChange({ placed: event.target.value })}>
          <option value="">Todas</option>
          <option value="true">Ubicadas en un plano</option>
          <option value="false">Sin ubicar</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.active}>Estado</label>
        <select id={ids.active} value={values.active} onChange={(event) => onChange({ active: event.target.value })}>
          <option value="">Todas</option>
          <option value="true">Activas</option>
          <option value="false">Inactivas</option>
        </select>
      </div>
    </div>
  );
}
