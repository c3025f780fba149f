import { FONT, useFont } from './pdf-fonts.js';
import { drawText } from './pdf-text.js';

/** A series of a line chart: one value (or none) per category. */
export interface ChartSeries {
  name: string;
  values: (number | null)[];
  color: string;
  /** Dashed, for a comparison (the same quarter last year). */
  dashed?: boolean;
}

/** A horizontal line across the chart: a limit it is read against. */
export interface ChartLimit {
  label: string;
  value: number;
  color: string;
}

export interface LineChart {
  title: string;
  /** The categories along the x axis, in order (quarters, months). */
  categories: string[];
  series: ChartSeries[];
  limits?: ChartLimit[];
  /** The unit of the values, written after each axis figure ("%"). */
  unit?: string;
  /** The axis's top, when the values cannot exceed it (a share: 100). */
  max?: number;
}

const AXIS = '#555555';
const GRID = '#d9dee4';
const TITLE_HEIGHT = 14;
const LEGEND_HEIGHT = 14;
const AXIS_LABEL_WIDTH = 34;
/** Two lines: a category wider than its slot («T4 2025» among nine quarters) wraps rather than be cut. */
const CATEGORY_HEIGHT = 20;

/** A round step (1, 2 or 5 × 10ⁿ) that splits `max` into about four intervals. */
function niceStep(max: number): number {
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough);
  return step ?? 10 * power;
}

/**
 * A line chart drawn as vector paths in the box (x, y, width, height): title, y axis with a grid, the limits as
 * labelled horizontal lines, each series as a line with a dot per value (a gap where a value is missing), the
 * categories under the x axis and a legend. Prints sharp at any zoom, and its words extract as text.
 */
export function drawLineChart(
  doc: PDFKit.PDFDocument,
  chart: LineChart,
  box: { x: number; y: number; width: number; height: number },
): void {
  const unit = chart.unit ?? '';
  useFont(doc, FONT.bold, 9).fillColor('#1a1a1a');
  drawText(doc, chart.title, box.x, box.y, { width: box.width, maxLines: 1 });

  const plot = {
    left: box.x + AXIS_LABEL_WIDTH,
    top: box.y + TITLE_HEIGHT + 4,
    width: box.width - AXIS_LABEL_WIDTH - 4,
    height: box.height - TITLE_HEIGHT - 4 - CATEGORY_HEIGHT - LEGEND_HEIGHT - 4,
  };
  const values = chart.series.flatMap((series) => series.values.filter((value): value is number => value !== null));
  const highest = Math.max(1, ...values, ...(chart.limits ?? []).map((limit) => limit.value));
  const ceiling = chart.max ?? Math.max(4, highest * 1.1);
  const step = niceStep(ceiling);
  const top = Math.ceil(ceiling / step) * step;
  const yOf = (value: number) => plot.top + plot.height - (value / top) * plot.height;
  const slot = plot.width / Math.max(1, chart.categories.length);
  const xOf = (index: number) => plot.left + slot * (index + 0.5);

  doc.save();
  useFont(doc, FONT.condensed, 7);
  for (let value = 0; value <= top + step / 2; value += step) {
    const y = yOf(value);
    doc
      .moveTo(plot.left, y)
      .lineTo(plot.left + plot.width, y)
      .lineWidth(0.4)
      .strokeColor(GRID)
      .stroke();
    doc.fillColor(AXIS);
    drawText(doc, `${Number(value.toFixed(2))}${unit}`, box.x, y - 4, {
      width: AXIS_LABEL_WIDTH - 4,
      maxLines: 1,
      align: 'right',
    });
  }
  doc
    .moveTo(plot.left, plot.top)
    .lineTo(plot.left, plot.top + plot.height)
    .lineTo(plot.left + plot.width, plot.top + plot.height)
    .lineWidth(0.8)
    .strokeColor(AXIS)
    .stroke();

  for (const limit of chart.limits ?? []) {
    const y = yOf(limit.value);
    doc
      .moveTo(plot.left, y)
      .lineTo(plot.left + plot.width, y)
      .lineWidth(1)
      .dash(2, { space: 2 })
      .strokeColor(limit.color)
      .stroke()
      .undash();
    useFont(doc, FONT.condensedBold, 6.5).fillColor(limit.color);
    drawText(doc, `${limit.label} ${limit.value}${unit}`, plot.left + 2, y - 8, {
      width: plot.width - 4,
      maxLines: 1,
      align: 'right',
    });
  }

  for (const series of chart.series) {
    doc.lineWidth(1.4).strokeColor(series.color);
    if (series.dashed) doc.dash(4, { space: 2 });
    let drawing = false;
    series.values.forEach((value, index) => {
      if (value === null) {
        drawing = false;
        return;
      }
      if (drawing) doc.lineTo(xOf(index), yOf(value));
      else doc.moveTo(xOf(index), yOf(value));
      drawing = true;
    });
    doc.stroke().undash();
    series.values.forEach((value, index) => {
      if (value !== null) doc.circle(xOf(index), yOf(value), 1.8).fill(series.color);
    });
  }

  useFont(doc, FONT.condensed, 7).fillColor(AXIS);
  chart.categories.forEach((category, index) => {
    drawText(doc, category, xOf(index) - slot / 2, plot.top + plot.height + 2, {
      width: slot,
      maxLines: 2,
      align: 'center',
    });
  });

  let legendX = plot.left;
  const legendY = plot.top + plot.height + CATEGORY_HEIGHT + 4;
  for (const series of chart.series) {
    doc.lineWidth(1.4).strokeColor(series.color);
    if (series.dashed) doc.dash(4, { space: 2 });
    doc
      .moveTo(legendX, legendY + 4)
      .lineTo(legendX + 16, legendY + 4)
      .stroke()
      .undash();
    useFont(doc, FONT.condensed, 7).fillColor('#1a1a1a');
    const width = Math.min(160, doc.widthOfString(series.name) + 2);
    drawText(doc, series.name, legendX + 20, legendY, { width, maxLines: 1 });
    legendX += 20 + width + 14;
  }
  doc.restore();
}
