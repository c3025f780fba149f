const dateTime = new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' });

/** A stored UTC instant shown in the browser's own time zone. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** Completed over total as a whole percent; an order with no items counts as 0 %. */
export function progressPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((completed / total) * 100);
}

const count = new Intl.NumberFormat('es');

/** A count the Spanish way: 50.000 (Spanish groups thousands from five digits on: 5000, 50.000). */
export function formatCount(value: number): string {
  return count.format(value);
}
