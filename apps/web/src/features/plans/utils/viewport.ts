/**
 * The plan's zoom and pan as one affine map: a point of the image (in its pixels) shows at
 * `image * scale + (x, y)` in the viewport. Pure functions, so the gestures and the keyboard share one rule.
 */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The whole image in view, centred, with a margin around it. */
export function fitView(viewport: Size, image: Size, margin = 8): View {
  const scale = Math.max(
    Math.min((viewport.width - 2 * margin) / image.width, (viewport.height - 2 * margin) / image.height),
    1e-3,
  );
  return {
    scale,
    x: (viewport.width - image.width * scale) / 2,
    y: (viewport.height - image.height * scale) / 2,
  };
}

/** From half the fitted size up to 8× it (at least 2× the image's own pixels, to read a small plan's labels). */
export function scaleLimits(viewport: Size, image: Size): { min: number; max: number } {
  const fit = fitView(viewport, image).scale;
  return { min: fit / 2, max: Math.max(fit * 8, 2) };
}

/**
 * Keeps part of the image in view: at least `keep` pixels of it (or the whole image when smaller) stay inside
 * the viewport, so a pan can never lose the plan.
 */
export function clampView(view: View, viewport: Size, image: Size, keep = 64): View {
  const width = image.width * view.scale;
  const height = image.height * view.scale;
  const keepX = Math.min(keep, width, viewport.width);
  const keepY = Math.min(keep, height, viewport.height);
  return {
    scale: view.scale,
    x: clamp(view.x, keepX - width, viewport.width - keepX),
    y: clamp(view.y, keepY - height, viewport.height - keepY),
  };
}

/** Zooms by `factor` around `anchor` (a viewport point, which stays over the same spot of the image). */
export function zoomAt(view: View, factor: number, anchor: Point, limits: { min: number; max: number }): View {
  const scale = clamp(view.scale * factor, limits.min, limits.max);
  const applied = scale / view.scale;
  return { scale, x: anchor.x - (anchor.x - view.x) * applied, y: anchor.y - (anchor.y - view.y) * applied };
}

/** The image pixel under a viewport point. */
export function toImage(view: View, point: Point): Point {
  return { x: (point.x - view.x) / view.scale, y: (point.y - view.y) / view.scale };
}

/** A point of the image as the fractions of its width and height the API keeps, or null outside the image. */
export function toFraction(point: Point, image: Size): Point | null {
  const x = point.x / image.width;
  const y = point.y / image.height;
  if (!(x >= 0 && x <= 1 && y >= 0 && y <= 1)) return null;
  return { x: round(x), y: round(y) };
}

/** Pans the least needed for an image point to show at least `pad` pixels inside the viewport. */
export function revealPoint(view: View, point: Point, viewport: Size, pad = 48): View {
  const sx = point.x * view.scale + view.x;
  const sy = point.y * view.scale + view.y;
  const padX = Math.min(pad, viewport.width / 2);
  const padY = Math.min(pad, viewport.height / 2);
  const dx = sx < padX ? padX - sx : sx > viewport.width - padX ? viewport.width - padX - sx : 0;
  const dy = sy < padY ? padY - sy : sy > viewport.height - padY ? viewport.height - padY - sy : 0;
  return dx === 0 && dy === 0 ? view : { ...view, x: view.x + dx, y: view.y + dy };
}

/** The centre of the viewport, in image pixels, kept on the image. */
export function viewCentre(view: View, viewport: Size, image: Size): Point {
  const centre = toImage(view, { x: viewport.width / 2, y: viewport.height / 2 });
  return { x: clamp(centre.x, 0, image.width), y: clamp(centre.y, 0, image.height) };
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** Six decimals: a tenth of a pixel on a 10,000-pixel plan, and what a person can tell apart. */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
