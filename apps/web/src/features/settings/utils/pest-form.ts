import { PEST_GROUPS, type PestGroup } from '@rondin/contracts/devices';
import type { CreatePestInput, Pest, UpdatePestBody } from '@rondin/contracts';
import { PEST_MESSAGES } from '../messages';

export interface PestFormValues {
  name: string;
  scientificName: string;
  /** '' until one is chosen: a new entry has no group by default. */
  group: PestGroup | '';
  isActive: boolean;
}

export const emptyPestForm: PestFormValues = { name: '', scientificName: '', group: '', isActive: true };

export function pestToForm(pest: Pest): PestFormValues {
  return { name: pest.name, scientificName: pest.scientificName ?? '', group: pest.group, isActive: pest.isActive };
}

export function isPestGroup(value: string): value is PestGroup {
  return (PEST_GROUPS as readonly string[]).includes(value);
}

/** A name and a group are needed; a name already taken (any case) is the server's to say. */
export function validatePest(values: PestFormValues): string | null {
  if (!values.name.trim()) return PEST_MESSAGES.nameRequired;
  if (!values.group) return PEST_MESSAGES.groupRequired;
  return null;
}

/** Trimmed; an empty scientific name is left out (group-level entries have none). Call after validatePest. */
export function toCreatePestBody(values: PestFormValues & { group: PestGroup }): CreatePestInput {
  const body: CreatePestInput = { name: values.name.trim(), group: values.group, isActive: values.isActive };
  const scientificName = values.scientificName.trim();
  if (scientificName) body.scientificName = scientificName;
  return body;
}

/** Only what changed; an emptied scientific name is sent as null. */
export function toUpdatePestBody(values: PestFormValues & { group: PestGroup }, original: Pest): UpdatePestBody {
  const body: UpdatePestBody = {};
  const name = values.name.trim();
  const scientificName = values.scientificName.trim() || null;
  if (name !== original.name) body.name = name;
  if (scientificName !== original.scientificName) body.scientificName = scientificName;
  if (values.group !== original.group) body.group = values.group;
  if (values.isActive !== original.isActive) body.isActive = values.isActive;
  return body;
}
