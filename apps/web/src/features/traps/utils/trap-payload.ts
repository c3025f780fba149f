import type { CreateTrapInput, Trap, UpdateTrapBody } from '@rondin/contracts';

export interface TrapFormValues {
  code: string;
  area: string;
  description: string;
  isActive: boolean;
}

export const emptyTrapForm: TrapFormValues = { code: '', area: '', description: '', isActive: true };

export function trapToForm(trap: Trap): TrapFormValues {
  return { code: trap.code, area: trap.area ?? '', description: trap.description ?? '', isActive: trap.isActive };
}

/** Spec section 5: code trimmed; area and description trimmed and left out when empty. */
export function toCreateTrapBody(values: TrapFormValues): CreateTrapInput {
  const body: CreateTrapInput = { code: values.code.trim(), isActive: values.isActive };
  const area = values.area.trim();
  const description = values.description.trim();
  if (area) body.area = area;
  if (description) body.description = description;
  return body;
}

/**
 * Same rules for an edit, except that a field the user emptied is sent as null: leaving it out would
 * silently keep the old area or description.
 */
export function toUpdateTrapBody(values: TrapFormValues, original: Trap): UpdateTrapBody {
  const { code, isActive, area, description } = toCreateTrapBody(values);
  const body: UpdateTrapBody = { code, isActive };
  if (area) body.area = area;
  else if (original.area) body.area = null;
  if (description) body.description = description;
  else if (original.description) body.description = null;
  return body;
}
