/** A point of a stroke, in the pad's CSS pixels (so the drawing survives a resize or a change of density). */
export interface StrokePoint {
  x: number;
  y: number;
}

export type Stroke = readonly StrokePoint[];

/** How thick the line is, in CSS pixels, on screen and in the exported image. */
export const STROKE_WIDTH = 2.5;
/** Blank margin kept around the signature once trimmed, in output pixels. */
const MARGIN = 8;
/** The exported image is never wider or taller than this: plenty for a signature box on an A4 page. */
export const EXPORT_MAX_WIDTH = 600;
export const EXPORT_MAX_HEIGHT = 240;
/**
 * The most an exported signature may weigh: half the server's limit (200 KB decoded), so a busy scribble still
 * goes; a line drawing of 600 × 240 pixels is usually under 20 KB.
 */
export const EXPORT_MAX_BYTES = 100 * 1024;

export interface ExportBox {
  /** Where the drawing starts, in CSS pixels. */
  left: number;
  top: number;
  /** The scale from CSS pixels to output pixels. */
  scale: number;
  /** The output image's size, in pixels. */
  width: number;
  height: number;
}

/**
 * The part of the pad the strokes cover, plus a margin, scaled down to fit EXPORT_MAX_WIDTH × EXPORT_MAX_HEIGHT
 * (never up): the image carries the signature, not the empty pad around it. Null when nothing was drawn.
 */
export function exportBox(strokes: readonly Stroke[], shrink = 1): ExportBox | null {
  const points = strokes.flat();
  if (points.length === 0) return null;
  const half = STROKE_WIDTH / 2;
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const left = Math.min(...xs) - half;
  const top = Math.min(...ys) - half;
  const spanX = Math.max(Math.max(...xs) + half - left, 1);
  const spanY = Math.max(Math.max(...ys) + half - top, 1);
  const scale = Math.min(1, (EXPORT_MAX_WIDTH - 2 * MARGIN) / spanX, (EXPORT_MAX_HEIGHT - 2 * MARGIN) / spanY) * shrink;
  return {
    left: left - MARGIN / scale,
    top: top - MARGIN / scale,
    scale,
    width: Math.ceil(spanX * scale + 2 * MARGIN),
    height: Math.ceil(spanY * scale + 2 * MARGIN),
  };
}

/** Draws the strokes on a 2D context already scaled to CSS pixels: dots for taps, smooth lines otherwise. */
export function drawStrokes(
  context: CanvasRenderingContext2D,
  strokes: readonly Stroke[],
  lineWidth = STROKE_WIDTH,
): void {
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.lineWidth = lineWidth;
  context.strokeStyle = '#10233f';
  context.fillStyle = '#10233f';
  for (const stroke of strokes) drawStroke(context, stroke, lineWidth);
}

export function drawStroke(context: CanvasRenderingContext2D, stroke: Stroke, lineWidth = STROKE_WIDTH): void {
  const [first, ...rest] = stroke;
  if (!first) return;
  if (rest.length === 0) {
    context.beginPath();
    context.arc(first.x, first.y, lineWidth / 2, 0, Math.PI * 2);
    context.fill();
    return;
  }
  context.beginPath();
  context.moveTo(first.x, first.y);
  for (const point of rest) context.lineTo(point.x, point.y);
  context.stroke();
}

/** How many bytes a base64 text holds once decoded. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** The base64 part of a data: address ("data:image/png;base64,iVBOR…" → "iVBOR…"). */
export function withoutDataPrefix(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma === -1 ? dataUrl : dataUrl.slice(comma + 1);
}

/**
 * The strokes as a PNG (base64, without the data: prefix) on a transparent background, trimmed and scaled down,
 * halved again while it would exceed `maxBytes`. Null when nothing was drawn or the browser cannot draw.
 */
export function signaturePng(strokes: readonly Stroke[], maxBytes: number): string | null {
  for (let shrink = 1; shrink >= 0.125; shrink /= 2) {
    const box = exportBox(strokes, shrink);
    if (!box) return null;
    const canvas = document.createElement('canvas');
    canvas.width = box.width;
    canvas.height = box.height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.setTransform(box.scale, 0, 0, box.scale, -box.left * box.scale, -box.top * box.scale);
    // Thinner lines when scaled down would vanish: keep at least 1.5 output pixels.
    drawStrokes(context, strokes, Math.max(STROKE_WIDTH, 1.5 / box.scale));
    const png = withoutDataPrefix(canvas.toDataURL('image/png'));
    if (png.startsWith('iVBORw0KGgo') && base64Bytes(png) <= maxBytes) return png;
  }
  return null;
}
