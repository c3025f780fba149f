import type { Pest, Site, Technician } from '@rondin/contracts';
import { PEST_GROUP_NAMES, PEST_GROUPS, TRAP_TYPE_NAMES, TRAP_TYPES } from '@rondin/contracts/devices';
import { ITEM_OUTCOMES } from '@rondin/contracts/finding-rules';
import { useId, type ReactNode } from 'react';
import { SiteFilter } from '../../../components/ui/site-filter';
import { INSPECTION_MESSAGES as TEXT } from '../messages';

export interface InspectionFilterValues {
  siteId: string;
  type: string;
  activityMin: string;
  pestId: string;
  technicianId: string;
  outcome: string;
}

interface InspectionFiltersProps {
  values: InspectionFilterValues;
  /** The period's choice (the reports' picker, composed by the route). */
  periodPicker: ReactNode;
  /** The sites to filter by; empty (no site filter) unless several are active. */
  sites: readonly Site[];
  technicians: readonly Technician[];
  /** The pest catalogue, inactive entries too (past catches name them). */
  pests: readonly Pest[];
  onChange: (changes: Partial<InspectionFilterValues>) => void;
}

/** Period, site, device type, activity at or above a level, a pest caught, technician and outcome. */
export function InspectionFilters({
  values,
  periodPicker,
  sites,
  technicians,
  pests,
  onChange,
}: InspectionFiltersProps) {
  const ids = { type: useId(), activity: useId(), pest: useId(), technician: useId(), outcome: useId() };
  return (
    <div className="list-toolbar inspections-filters" role="search" aria-label={TEXT.filters}>
      <div className="inspections-filters__period">{periodPicker}</div>
      <SiteFilter sites={sites} value={values.siteId} onChange={(siteId) => onChange({ siteId })} />
      <div className="field">
        <label htmlFor={ids.type}>{TEXT.type}</label>
        <select id={ids.type} value={values.type} onChange={(event) => onChange({ type: event.target.value })}>
          <option value="">{TEXT.anyType}</option>
          {TRAP_TYPES.map((type) => (
            <option key={type} value={type}>
              {TRAP_TYPE_NAMES[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.activity}>{TEXT.activity}</label>
        <select
          id={ids.activity}
          value={values.activityMin}
          onChange={(event) => onChange({ activityMin: event.target.value })}
        >
          <option value="">{TEXT.anyActivity}</option>
          {(['BAJA', 'MEDIA', 'ALTA'] as const).map((level) => (
            <option key={level} value={level}>
              {TEXT.activityAtLeast[level]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.pest}>{TEXT.pest}</label>
        <select id={ids.pest} value={values.pestId} onChange={(event) => onChange({ pestId: event.target.value })}>
          <option value="">{TEXT.anyPest}</option>
          {PEST_GROUPS.map((group) => {
            const members = pests.filter((pest) => pest.group === group);
            return members.length ? (
              <optgroup key={group} label={PEST_GROUP_NAMES[group]}>
                {members.map((pest) => (
                  <option key={pest.id} value={pest.id}>
                    {pest.isActive ? pest.name : TEXT.inactivePest(pest.name)}
                  </option>
                ))}
              </optgroup>
            ) : null;
          })}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.technician}>{TEXT.technician}</label>
        <select
          id={ids.technician}
          value={values.technicianId}
          onChange={(event) => onChange({ technicianId: event.target.value })}
        >
          <option value="">{TEXT.anyTechnician}</option>
          {technicians.map((technician) => (
            <option key={technician.id} value={technician.id}>
              {technician.fullName}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.outcome}>{TEXT.outcome}</label>
        <select id={ids.outcome} value={values.outcome} onChange={(event) => onChange({ outcome: event.target.value })}>
          <option value="">{TEXT.anyOutcome}</option>
          {ITEM_OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {TEXT.outcomes[outcome]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
