import { TRAP_MARKER_STYLES, type MarkerShape, type TrapType } from '@rondin/contracts/devices';
import { FONT, printable, useFont } from './pdf-fonts.js';

/** A device's mark on a plan: where its centre stands on the page (points) and what it is. */
export interface Marker {
  x: number;
  y: number;
  type: TrapType;
  /** Its number, printed inside. */
  label: string;
  /** A fill other than its type's (a heat map's class) and the colour its number is written in on it. */
  fill?: { color: string; text: string } | undefined;
}

type Point = [number, number];

const regular = (sides: number, radius: number, start: number): Point[] =>
  Array.from({ length: sides }, (_, index) => {
    const angle = start + ((2 * Math.PI) / sides) * index;
    return [radius * Math.cos(angle), radius * Math.sin(angle)];
  });

/**
 * Each shape's outline around 0,0 for a radius r, as the plan editor draws it (about the area of a circle of
 * radius r, so no type looks more important than another).
 */
const OUTLINES: Record<Exclude<MarkerShape, 'circle'>, (r: number) => Point[]> = {
  square: (r) => [
    [-0.9 * r, -0.9 * r],
    [0.9 * r, -0.9 * r],
    [0.9 * r, 0.9 * r],
    [-0.9 * r, 0.9 * r],
  ],
  diamond: (r) => [
    [0, -1.2 * r],
    [1.2 * r, 0],
    [0, 1.2 * r],
    [-1.2 * r, 0],
  ],
  triangle: (r) => [
    [0, -1.25 * r],
    [1.25 * r, 0.95 * r],
    [-1.25 * r, 0.95 * r],
  ],
  hexagon: (r) => regular(6, 1.08 * r, 0),
  star: (r) =>
    Array.from({ length: 10 }, (_, index) => {
      const radius = index % 2 === 0 ? 1.3 * r : 0.75 * r;
      const angle = -Math.PI / 2 + (Math.PI / 5) * index;
      return [radius * Math.cos(angle), radius * Math.sin(angle)];
    }),
};

/** How far a marker of radius r reaches from its centre, whatever its shape: the star's points. */
export const markerReach = (radius: number) => 1.3 * radius;

/**
 * DejaVu's digits stand 0.73 em tall on a baseline pdfkit puts 0.93 em below the y it is given: a number
 * whose top is drawn at (centre − 0.93 em + 0.365 em) has its middle on the centre.
 */
const DIGIT_MIDDLE = 0.928 - 0.729 / 2;

/**
 * Draws a device type's outline, filled with its colour (or the one given) and ringed in white (or the colour
 * given) so it stands out on any drawing.
 */
export function drawMarkerShape(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  type: TrapType,
  radius: number,
  color = TRAP_MARKER_STYLES[type].color,
  ring = '#ffffff',
): void {
  const { shape } = TRAP_MARKER_STYLES[type];
  doc.save();
  if (shape === 'circle') doc.circle(x, y, radius);
  else doc.polygon(...OUTLINES[shape](radius).map(([dx, dy]): Point => [x + dx, y + dy]));
  doc
    .lineWidth(Math.max(0.6, radius * 0.14))
    .lineJoin('round')
    .fillAndStroke(color, ring);
  doc.restore();
}

/**
 * A numbered marker: its shape, and its number in white bold across its middle, shrunk to fit the shape
 * (three digits fit a marker of radius 6 pt at 5.5 pt, still readable on paper).
 */
export function drawMarker(doc: PDFKit.PDFDocument, marker: Marker, radius: number): void {
  // A heat colour may be pale: a dark ring keeps it apart from the drawing.
  drawMarkerShape(doc, marker.x, marker.y, marker.type, radius, marker.fill?.color, marker.fill && '#333333');
  useFont(doc, FONT.condensedBold, 1);
  const label = printable(doc, marker.label);
  const unitWidth = doc.widthOfString(label);
  // The triangle's middle is low and narrow: its number sits lower and smaller.
  const triangle = TRAP_MARKER_STYLES[marker.type].shape === 'triangle';
  const room = (triangle ? 1.15 : 1.55) * radius;
  const size = Math.min(radius * (triangle ? 0.85 : 1.05), room / unitWidth);
  const middle = marker.y + (triangle ? 0.2 * radius : 0);
  useFont(doc, FONT.condensedBold, size).fillColor(marker.fill?.text ?? '#ffffff');
  doc.text(label, marker.x - (unitWidth * size) / 2, middle - DIGIT_MIDDLE * size, { lineBreak: false });
}
