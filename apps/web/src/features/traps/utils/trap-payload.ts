import type { CreateTrapInput, RiskLevel, Trap, TrapType, UpdateTrapBody, Zone } from '@rondin/contracts';

export interface TrapFormValues {
  code: string;
  type: TrapType;
  /** '' while unclassified: zone and risk are optional. */
  zone: Zone | '';
  riskLevel: RiskLevel | '';
  area: string;
  description: string;
  /** An electronic device's own id ('' for none): what its events name it by. */
  externalId: string;
  isActive: boolean;
  /** The site of a new trap, as the select holds it ('' until chosen); asked only with several active sites. */
  siteId: string;
}

export const emptyTrapForm: TrapFormValues = {
  code: '',
  type: 'OTRO',
  zone: '',
  riskLevel: '',
  area: '',
  description: '',
  externalId: '',
  isActive: true,
  siteId: '',
};

export function trapToForm(trap: Trap): TrapFormValues {
  return {
    code: trap.code,
    type: trap.type,
    zone: trap.zone ?? '',
    riskLevel: trap.riskLevel ?? '',
    area: trap.area ?? '',
    description: trap.description ?? '',
    externalId: trap.externalId ?? '',
    isActive: trap.isActive,
    siteId: String(trap.siteId),
  };
}

/**
 * Spec section 5: code trimmed; area and description trimmed and left out when empty. Type, zone and risk only
 * when chosen; the site only when one was chosen (with a single active site the server puts the trap in it).
 */
export function toCreateTrapBody(values: TrapFormValues): CreateTrapInput {
  const body: CreateTrapInput = { code: values.code.trim(), isActive: values.isActive };
  // 'Otro' is the server's default: a trap created without choosing a type is sent as the spec's form sent it.
  if (values.type !== 'OTRO') body.type = values.type;
  const area = values.area.trim();
  const description = values.description.trim();
  if (area) body.area = area;
  if (description) body.description = description;
  const externalId = values.externalId.trim();
  if (externalId) body.externalId = externalId;
  if (values.zone) body.zone = values.zone;
  if (values.riskLevel) body.riskLevel = values.riskLevel;
  if (/^\d+$/.test(values.siteId)) body.siteId = Number(values.siteId);
  return body;
}

/**
 * Same rules for an edit, except that a field the user emptied is sent as null: leaving it out would
 * silently keep the old area, description, zone or risk. A trap's site does not change.
 */
export function toUpdateTrapBody(values: TrapFormValues, original: Trap): UpdateTrapBody {
  const { code, isActive, area, description, externalId, zone, riskLevel } = toCreateTrapBody(values);
  const body: UpdateTrapBody = { code, isActive };
  if (values.type !== original.type) body.type = values.type;
  if (area) body.area = area;
  else if (original.area) body.area = null;
  if (description) body.description = description;
  else if (original.description) body.description = null;
  if (externalId) body.externalId = externalId;
  else if (original.externalId) body.externalId = null;
  if (zone) body.zone = zone;
  else if (original.zone) body.zone = null;
  if (riskLevel) body.riskLevel = riskLevel;
  else if (original.riskLevel) body.riskLevel = null;
  return body;
}
