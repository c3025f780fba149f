import type { Point } from './viewport';

const naturally = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

/**
 * The order devices are laid out in: the site's walk order first (routeOrder), then by code as a person reads
 * it (GDL-2 before GDL-10), then by id.
 */
export function walkOrder<T extends { id: number; code: string; routeOrder: number | null }>(
  devices: readonly T[],
): T[] {
  return [...devices].sort(
    (a, b) =>
      (a.routeOrder ?? Number.POSITIVE_INFINITY) - (b.routeOrder ?? Number.POSITIVE_INFINITY) ||
      naturally.compare(a.code, b.code) ||
      a.id - b.id,
  );
}

/** `count` points evenly along the segment from `start` to `end`, both ends included (one alone: at `start`). */
export function lineLayout(count: number, start: Point, end: Point): Point[] {
  return Array.from({ length: count }, (_, index) => {
    const share = count === 1 ? 0 : index / (count - 1);
    return { x: start.x + (end.x - start.x) * share, y: start.y + (end.y - start.y) * share };
  });
}

export interface GridLayout {
  rows: number;
  columns: number;
  points: Point[];
}

/**
 * `count` points in rows and columns filling the rectangle with opposite corners `a` and `b` (in a unit that is
 * the same on both axes, e.g. image pixels): as many columns as keep the steps across and down about equal,
 * filled row by row from `a`'s corner, the outer rows and columns on the rectangle's edges.
 */
export function gridLayout(count: number, a: Point, b: Point): GridLayout {
  if (count <= 0) return { rows: 0, columns: 0, points: [] };
  const width = Math.abs(b.x - a.x);
  const height = Math.abs(b.y - a.y);
  let columns: number;
  if (height === 0) columns = count;
  else if (width === 0) columns = 1;
  else {
    // n points on c columns and r = ceil(n / c) rows: the steps across, width / (c - 1), and down,
    // height / (r - 1), as close as can be (a single column or row measured by the rectangle's own side), and
    // few empty places in the last row; on a tie, more columns.
    columns = 1;
    let best = Number.POSITIVE_INFINITY;
    for (let c = 1; c <= count; c += 1) {
      const r = Math.ceil(count / c);
      const across = c === 1 ? width : width / (c - 1);
      const down = r === 1 ? height : height / (r - 1);
      const score = Math.abs(Math.log(across / down)) + (r * c - count) / count;
      if (score <= best + 1e-9) {
        best = score;
        columns = c;
      }
    }
  }
  const rows = Math.ceil(count / columns);
  const stepX = columns === 1 ? 0 : (b.x - a.x) / (columns - 1);
  const stepY = rows === 1 ? 0 : (b.y - a.y) / (rows - 1);
  const points = Array.from({ length: count }, (_, index) => {
    const row = Math.floor(index / columns);
    const column = index % columns;
    return { x: a.x + column * stepX, y: a.y + row * stepY };
  });
  return { rows, columns, points };
}
