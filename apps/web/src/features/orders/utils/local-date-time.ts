/**
 * `datetime-local` inputs give and take the browser's local wall time without a zone; the API stores an instant.
 * These turn one into the other.
 */

/** A `datetime-local` value as an ISO instant in UTC; undefined when empty or not a date. */
export function localInputToIso(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** An instant as a `datetime-local` value in the browser's zone (to the minute); empty for none. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
