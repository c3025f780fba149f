import { formatCount } from '../../../lib/format';

/** "1 orden", "3 órdenes", "50.000 órdenes": the number and the noun that agrees with it. */
export function countOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** The dashboard's alert: "1 orden vencida sin completar", "3 órdenes vencidas sin completar". */
export function overdueText(count: number): string {
  return `${countOf(count, 'orden vencida', 'órdenes vencidas')} sin completar`;
}
