import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_MAX_HEIGHT, EXPORT_MAX_WIDTH, exportBox, type Stroke } from '../utils/signature-strokes';
import { SignaturePad } from './signature-pad';

/** jsdom draws nothing: a 2D context that records the path calls the pad makes, as a canvas would receive them. */
function recordDrawing() {
  const calls: string[] = [];
  const context = new Proxy(
    {},
    {
      get: (_target, name) =>
        typeof name === 'string' && /^(moveTo|lineTo|arc|stroke|fill|clearRect|beginPath|setTransform)$/.test(name)
          ? (...args: number[]) => calls.push(`${name}(${args.map((value) => Math.round(value)).join(',')})`)
          : undefined,
      set: () => true,
    },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as CanvasRenderingContext2D);
  return calls;
}

function Pad({ onStrokes }: { onStrokes?: (strokes: Stroke[]) => void }) {
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  return (
    <SignaturePad
      strokes={strokes}
      onChange={(next) => {
        setStrokes(next);
        onStrokes?.(next);
      }}
    />
  );
}

function touchStroke(canvas: HTMLElement, points: [number, number][], pointerId = 7) {
  const [first, ...rest] = points;
  fireEvent.pointerDown(canvas, { pointerId, pointerType: 'touch', clientX: first![0], clientY: first![1] });
  for (const [x, y] of rest) fireEvent.pointerMove(canvas, { pointerId, pointerType: 'touch', clientX: x, clientY: y });
  const last = points[points.length - 1]!;
  fireEvent.pointerUp(canvas, { pointerId, pointerType: 'touch', clientX: last[0], clientY: last[1] });
}

describe('signature pad', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws what a finger traces, and then says it is signed', () => {
    const calls = recordDrawing();
    const strokes: Stroke[][] = [];
    render(<Pad onStrokes={(next) => strokes.push(next)} />);
    const canvas = screen.getByRole('img', { name: 'Recuadro de firma: sin firmar' });
    expect(screen.getByText('Recuadro de firma: sin firmar.')).toBeInTheDocument();
    // A finger must draw, not scroll the page: the box takes the touch itself (set in certificates.css).
    expect(canvas).toHaveClass('signature-pad__canvas');

    calls.length = 0;
    touchStroke(canvas, [
      [10, 20],
      [30, 40],
      [60, 45],
    ]);
    expect(calls).toContain('moveTo(10,20)');
    expect(calls).toContain('lineTo(30,40)');
    expect(calls).toContain('lineTo(60,45)');
    expect(strokes.at(-1)).toEqual([
      [
        { x: 10, y: 20 },
        { x: 30, y: 40 },
        { x: 60, y: 45 },
      ],
    ]);
    expect(screen.getByRole('img', { name: 'Recuadro de firma: firmado' })).toBe(canvas);
    expect(screen.getByText('Recuadro de firma: firmado.')).toBeInTheDocument();
  });

  it('ignores a second finger and a mouse right button while keeping the stroke being drawn', () => {
    recordDrawing();
    const strokes: Stroke[][] = [];
    render(<Pad onStrokes={(next) => strokes.push(next)} />);
    const canvas = screen.getByRole('img');
    fireEvent.pointerDown(canvas, { pointerId: 1, pointerType: 'touch', clientX: 5, clientY: 5 });
    fireEvent.pointerDown(canvas, { pointerId: 2, pointerType: 'touch', clientX: 90, clientY: 90 });
    fireEvent.pointerMove(canvas, { pointerId: 2, pointerType: 'touch', clientX: 95, clientY: 95 });
    fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: 'touch', clientX: 15, clientY: 5 });
    fireEvent.pointerUp(canvas, { pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerDown(canvas, { pointerId: 3, pointerType: 'mouse', button: 2, clientX: 50, clientY: 50 });
    fireEvent.pointerUp(canvas, { pointerId: 3, pointerType: 'mouse', button: 2 });
    expect(strokes).toEqual([
      [
        [
          { x: 5, y: 5 },
          { x: 15, y: 5 },
        ],
      ],
    ]);
  });

  it("'Borrar firma' empties the box; with nothing drawn it cannot be pressed", async () => {
    recordDrawing();
    render(<Pad />);
    const clear = screen.getByRole('button', { name: 'Borrar firma' });
    expect(clear).toBeDisabled();
    touchStroke(screen.getByRole('img'), [
      [1, 1],
      [20, 20],
    ]);
    // A tap is a dot, and counts as a stroke too.
    touchStroke(screen.getByRole('img'), [[40, 40]], 8);
    expect(screen.getByRole('img', { name: 'Recuadro de firma: firmado' })).toBeInTheDocument();
    await userEvent.setup().click(clear);
    expect(screen.getByRole('img', { name: 'Recuadro de firma: sin firmar' })).toBeInTheDocument();
    expect(clear).toBeDisabled();
  });
});

describe('signature export box', () => {
  it('is nothing when nothing was drawn', () => {
    expect(exportBox([])).toBeNull();
  });

  it('keeps only the drawn part with a margin, at its own size when it fits', () => {
    const box = exportBox([
      [
        { x: 100, y: 50 },
        { x: 200, y: 90 },
      ],
    ])!;
    expect(box.scale).toBe(1);
    // 100 × 40 pixels of drawing, the line's width (2.5) and 8 pixels each side.
    expect(box.width).toBe(119);
    expect(box.height).toBe(59);
    expect(box.left).toBeCloseTo(100 - 1.25 - 8);
    expect(box.top).toBeCloseTo(50 - 1.25 - 8);
  });

  it('scales a wide signature down to the export size, never up, and further when asked to shrink', () => {
    const wide: Stroke[] = [
      [
        { x: 0, y: 0 },
        { x: 2400, y: 300 },
      ],
    ];
    const box = exportBox(wide)!;
    expect(box.width).toBeLessThanOrEqual(EXPORT_MAX_WIDTH);
    expect(box.height).toBeLessThanOrEqual(EXPORT_MAX_HEIGHT);
    expect(box.scale).toBeLessThan(0.25);
    const half = exportBox(wide, 0.5)!;
    expect(half.width).toBeLessThan(box.width / 2 + 10);
  });
});
