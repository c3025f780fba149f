import './certificates.css';
import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useId, useRef } from 'react';
import { CERTIFICATE_MESSAGES as TEXT } from '../messages';
import { drawStroke, drawStrokes, type Stroke, type StrokePoint } from '../utils/signature-strokes';

interface SignaturePadProps {
  /** What has been drawn so far, one list of points per stroke (CSS pixels of the pad). */
  strokes: readonly Stroke[];
  onChange: (strokes: Stroke[]) => void;
  disabled?: boolean;
  /** The accessible name's first words: 'Recuadro de firma' unless said otherwise. */
  label?: string;
}

/**
 * A box to sign in with a finger, a pen or a mouse (Pointer Events, captured so a stroke that leaves the box still
 * ends; `touch-action: none` so a finger draws instead of scrolling the page). Drawn at the screen's density; the
 * strokes are kept as points so a resize redraws them, and `signaturePng` exports them.
 */
export function SignaturePad({ strokes, onChange, disabled = false, label = TEXT.padLabel }: SignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const current = useRef<StrokePoint[] | null>(null);
  const pointer = useRef<number | null>(null);
  const strokesRef = useRef(strokes);
  strokesRef.current = strokes;
  const hintId = useId();
  const signed = strokes.length > 0;

  /** Sizes the bitmap to the box at the screen's density and draws every stroke again. */
  const redraw = useCallback(() => {
    const element = canvas.current;
    if (!element) return;
    const rect = element.getBoundingClientRect();
    const density = window.devicePixelRatio || 1;
    const width = Math.round(rect.width * density);
    const height = Math.round(rect.height * density);
    if (width > 0 && height > 0 && (element.width !== width || element.height !== height)) {
      element.width = width;
      element.height = height;
    }
    const context = element.getContext('2d');
    if (!context) return;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, element.width, element.height);
    context.setTransform(density, 0, 0, density, 0, 0);
    drawStrokes(context, current.current ? [...strokesRef.current, current.current] : strokesRef.current);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the strokes changing (a clear) is what redraws.
  useEffect(() => {
    redraw();
  }, [strokes, redraw]);

  useEffect(() => {
    const element = canvas.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => redraw());
    observer.observe(element);
    return () => observer.disconnect();
  }, [redraw]);

  function pointOf(event: ReactPointerEvent<HTMLCanvasElement>): StrokePoint {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: round(event.clientX - rect.left), y: round(event.clientY - rect.top) };
  }

  function onPointerDown(event: ReactPointerEvent<HTMLCanvasElement>) {
    if (disabled || pointer.current !== null) return;
    // Only the main button of a mouse draws; a finger or pen always does.
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    pointer.current = event.pointerId;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    current.current = [pointOf(event)];
    const context = event.currentTarget.getContext('2d');
    if (context) drawStroke(context, current.current);
  }

  function onPointerMove(event: ReactPointerEvent<HTMLCanvasElement>) {
    if (pointer.current !== event.pointerId || !current.current) return;
    event.preventDefault();
    // Coalesced events carry the points a fast finger covered between two frames.
    const native = event.nativeEvent;
    const events = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    const rect = event.currentTarget.getBoundingClientRect();
    const points =
      events.length > 0
        ? events.map((each) => ({ x: round(each.clientX - rect.left), y: round(each.clientY - rect.top) }))
        : [pointOf(event)];
    const previous = current.current[current.current.length - 1];
    current.current.push(...points);
    const context = event.currentTarget.getContext('2d');
    if (context && previous) drawStroke(context, [previous, ...points]);
  }

  function onPointerEnd(event: ReactPointerEvent<HTMLCanvasElement>) {
    if (pointer.current !== event.pointerId) return;
    pointer.current = null;
    const stroke = current.current;
    current.current = null;
    if (stroke && stroke.length > 0) onChange([...strokesRef.current, stroke]);
  }

  return (
    <div className={disabled ? 'signature-pad signature-pad--disabled' : 'signature-pad'}>
      <canvas
        ref={canvas}
        className="signature-pad__canvas"
        role="img"
        aria-label={`${label}: ${signed ? 'firmado' : 'sin firmar'}`}
        aria-describedby={hintId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      />
      <div className="signature-pad__footer">
        <p id={hintId} className="signature-pad__hint">
          <span aria-live="polite">{signed ? TEXT.padSigned : TEXT.padEmpty}</span> {TEXT.padHint}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onChange([])}
          disabled={disabled || !signed}
        >
          {TEXT.padClear}
        </button>
      </div>
    </div>
  );
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
