export type SelectionState = 'none' | 'some' | 'all';

/** None, some (a checkbox's indeterminate state) or all, from how many of how many are chosen. */
export function stateOf(chosen: number, total: number): SelectionState {
  if (chosen === 0 || total === 0) return 'none';
  return chosen >= total ? 'all' : 'some';
}

/** Whether none, some or all of `ids` are selected. */
export function selectionState(ids: readonly number[], selected: ReadonlySet<number>): SelectionState {
  return stateOf(ids.filter((id) => selected.has(id)).length, ids.length);
}

/** Select-all semantics: a fully selected set is cleared, anything less becomes fully selected. */
export function toggleAll(ids: readonly number[], selected: ReadonlySet<number>): Set<number> {
  const next = new Set(selected);
  if (selectionState(ids, selected) === 'all') for (const id of ids) next.delete(id);
  else for (const id of ids) next.add(id);
  return next;
}

/** One item in or out of a selection. */
export function toggleOne(id: number, selected: ReadonlySet<number>): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
