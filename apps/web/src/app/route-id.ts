/** Largest id the API can hold (PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

/** An id from the address: plain digits, 1 to the largest integer the API holds; anything else is null. */
export function parseRouteId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= MAX_ID ? id : null;
}
