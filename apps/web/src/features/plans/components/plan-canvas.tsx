import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  clampView,
  fitView,
  revealPoint,
  scaleLimits,
  toFraction,
  toImage,
  viewCentre,
  zoomAt,
  type Point,
  type Size,
  type View,
} from '../utils/viewport';
import { HEAT_STYLES, type HeatClass } from '@rondin/contracts/heat';
import type { TrapType } from '@rondin/contracts/devices';
import { type Clustered, clusterPoints } from '../utils/cluster-markers';
import type { MarkerState, PlanMarker } from '../utils/plan-marker';
import { MARKER_RADIUS, MarkerShape } from './marker-shape';

export interface PlanCanvasHandle {
  zoomBy: (factor: number) => void;
  /** The whole plan in view again. */
  reset: () => void;
  /** The point of the plan under a point of the page (clientX/Y), as fractions; null off the plan. */
  fractionAt: (clientX: number, clientY: number) => Point | null;
  /** Whether a point of the page falls on the plan's viewport. */
  contains: (clientX: number, clientY: number) => boolean;
  /** The plan point at the centre of the view, as fractions. */
  centre: () => Point;
  /** Pans, if needed, until a point of the plan (fractions) is well inside the view. */
  reveal: (point: Point) => void;
  focus: () => void;
}

interface PlanCanvasProps {
  imageUrl: string | null;
  /** The image's pixel size, as the server measured it. */
  width: number;
  height: number;
  markers: readonly PlanMarker[];
  /** The plan's name for a screen reader. */
  label: string;
  /** The name of the button that takes the keys, and what its keys do. */
  keysLabel: string;
  keysHint: string;
  /** A marker dragged to a new place; without it markers do not move. */
  onMarkerMoved?: (trapId: number, to: Point) => void;
  /** A marker tapped or clicked without moving, and the point of the plan under the pointer (fractions). */
  onMarkerTap?: (trapId: number, at: Point) => void;
  /** A tap or click on the plan away from any marker. */
  onTap?: (at: Point) => void;
  /**
   * Markers that would overlap on screen show as one bubble with their count (the selected ones always alone);
   * zooming in spreads them, and a tap on a bubble zooms into it.
   */
  cluster?: boolean;
  /** A tap on a bubble, at a point of the plan: return true to take it instead of zooming in. */
  onClusterTap?: (at: Point) => boolean;
  /** The keyboard's pointer, in fractions, while the editor places a device with the keys. */
  crosshair?: Point | null;
  /** Keys for the screen first; return true when handled. Otherwise +/− zoom, 0 fits, arrows pan. */
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => boolean;
  /** The keyboard's focus came to the plan. */
  onFocus?: () => void;
  onBlur?: () => void;
  children?: ReactNode;
}

/**
 * Markers whose centres are closer than this on screen (CSS pixels) share a bubble: 85 % of a marker's width,
 * where two markers cover each other's numbers.
 */
const CLUSTER_DISTANCE = 2 * MARKER_RADIUS * 0.85;

/** A tap moves less than this (CSS pixels); more is a drag. */
const TAP_SLOP = 6;
const KEY_ZOOM = 1.25;
const KEY_PAN = 64;

type Gesture =
  | { kind: 'none' }
  | { kind: 'pan'; pointerId: number; last: Point; start: Point; moved: boolean; cluster?: number }
  | { kind: 'pinch'; distance: number; mid: Point; view: View }
  | {
      kind: 'marker';
      pointerId: number;
      trapId: number;
      element: SVGGElement;
      original: string;
      start: Point;
      at: Point;
      moved: boolean;
    };

/**
 * A plan with its markers, zoomed and panned with the wheel, a pinch, a drag or the keys. The image and one SVG
 * overlay of markers share one CSS transform, changed directly (no React render per frame); markers keep their
 * size on screen through one CSS variable. A dragged marker moves its own element only, and the screen hears of
 * it once, when it is dropped.
 */
export const PlanCanvas = forwardRef<PlanCanvasHandle, PlanCanvasProps>(function PlanCanvas(
  {
    imageUrl,
    width,
    height,
    markers,
    label,
    keysLabel,
    keysHint,
    onMarkerMoved,
    onMarkerTap,
    onTap,
    cluster = false,
    onClusterTap,
    crosshair,
    onKeyDown,
    onFocus,
    onBlur,
    children,
  },
  ref,
) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const keysRef = useRef<HTMLButtonElement>(null);
  const keysHintId = useId();
  const view = useRef<View>({ scale: 1, x: 0, y: 0 });
  const size = useRef<Size>({ width: 0, height: 0 });
  const touched = useRef(false);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture>({ kind: 'none' });
  const settleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The scale the stage's layer was last drawn at. */
  const drawnScale = useRef(0);
  const image: Size = { width, height };
  const imageRef = useRef(image);
  imageRef.current = image;
  const handlers = useRef({ onMarkerMoved, onMarkerTap, onTap, onClusterTap });
  handlers.current = { onMarkerMoved, onMarkerTap, onTap, onClusterTap };
  /** The scale the markers were last grouped at, and whether it was the closest zoom (nothing grouped there). */
  const [grouping, setGrouping] = useState<{ scale: number; atMost: boolean } | null>(null);

  const apply = useCallback((next: View, moving: boolean) => {
    const clamped = clampView(next, size.current, imageRef.current);
    view.current = clamped;
    const stage = stageRef.current;
    if (!stage) return;
    stage.style.transform = `translate(${clamped.x}px, ${clamped.y}px) scale(${clamped.scale})`;
    // The stage is its own layer: a pan only moves it, and the compositor does that without drawing anything.
    if (clamped.scale === drawnScale.current) return;
    // A zoom: while it goes on, the compositor scales the layer as last drawn (markers grow and shrink with the
    // plan); once still, the layer is drawn again sharp at the new scale, markers back at their size. Measured
    // with 500 markers: redrawing them on every wheel step took ~50 ms a frame; this keeps zooming at 60 fps.
    if (settleTimer.current) clearTimeout(settleTimer.current);
    const settle = () => {
      settleTimer.current = null;
      drawnScale.current = view.current.scale;
      stage.style.setProperty('--marker-scale', String(1 / view.current.scale));
      const limits = scaleLimits(size.current, imageRef.current);
      setGrouping({ scale: view.current.scale, atMost: view.current.scale >= limits.max * 0.999 });
      // A layer keeps the scale it was drawn at (will-change): dropping it for one frame draws it again.
      stage.classList.add('plan-canvas__stage--redraw');
      requestAnimationFrame(() => stage.classList.remove('plan-canvas__stage--redraw'));
    };
    if (moving) settleTimer.current = setTimeout(settle, 160);
    else settle();
  }, []);

  const fit = useCallback(() => apply(fitView(size.current, imageRef.current), false), [apply]);

  const groups = useMemo(
    () => groupMarkers(markers, width, height, cluster && grouping && !grouping.atMost ? grouping.scale : null),
    [markers, width, height, cluster, grouping],
  );
  const bubbles = useRef(groups.bubbles);
  bubbles.current = groups.bubbles;

  /** Zooms until a bubble's markers fill the view (at least twice as close), centred on them. */
  const zoomInto = useCallback(
    (key: number) => {
      const bubble = bubbles.current.find((each) => each.key === key);
      if (!bubble) return;
      const { box } = bubble;
      const viewport = size.current;
      const pad = 3 * MARKER_RADIUS;
      const fitted = Math.min(
        (viewport.width - 2 * pad) / Math.max(box.maxX - box.minX, 1),
        (viewport.height - 2 * pad) / Math.max(box.maxY - box.minY, 1),
      );
      const limits = scaleLimits(viewport, imageRef.current);
      const scale = Math.min(Math.max(fitted, view.current.scale * 2), limits.max);
      const centre = { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
      touched.current = true;
      apply({ scale, x: viewport.width / 2 - centre.x * scale, y: viewport.height / 2 - centre.y * scale }, false);
    },
    [apply],
  );

  const zoomBy = useCallback(
    (factor: number, anchor?: Point) => {
      touched.current = true;
      const centre = anchor ?? { x: size.current.width / 2, y: size.current.height / 2 };
      apply(zoomAt(view.current, factor, centre, scaleLimits(size.current, imageRef.current)), true);
    },
    [apply],
  );

  const local = useCallback((clientX: number, clientY: number): Point => {
    const box = viewportRef.current?.getBoundingClientRect();
    return { x: clientX - (box?.left ?? 0), y: clientY - (box?.top ?? 0) };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      zoomBy: (factor) => zoomBy(factor),
      reset: () => {
        touched.current = false;
        fit();
      },
      fractionAt: (clientX, clientY) => toFraction(toImage(view.current, local(clientX, clientY)), imageRef.current),
      contains: (clientX, clientY) => {
        const box = viewportRef.current?.getBoundingClientRect();
        return !!box && clientX >= box.left && clientX <= box.right && clientY >= box.top && clientY <= box.bottom;
      },
      centre: () => {
        const point = viewCentre(view.current, size.current, imageRef.current);
        return { x: point.x / imageRef.current.width, y: point.y / imageRef.current.height };
      },
      reveal: (point) => {
        const target = { x: point.x * imageRef.current.width, y: point.y * imageRef.current.height };
        apply(revealPoint(view.current, target, size.current), false);
      },
      focus: () => keysRef.current?.focus(),
    }),
    [apply, fit, local, zoomBy],
  );

  // The view fits the plan when the viewport first has a size and whenever it changes until the user zooms or pans.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const measure = () => {
      size.current = { width: viewport.clientWidth, height: viewport.clientHeight };
      if (!touched.current) fit();
      else apply(view.current, false);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [apply, fit]);

  // A new image (another plan, a replaced image of another shape) starts fitted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit when the image's size changes.
  useEffect(() => {
    touched.current = false;
    fit();
  }, [width, height, fit]);

  // The wheel zooms the plan instead of scrolling the page: React's wheel listener is passive and cannot stop it.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const pixels = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);
      // A trackpad's pinch arrives as a wheel with ctrlKey and small steps: zoom faster for it.
      zoomBy(Math.exp(-pixels * (event.ctrlKey ? 0.01 : 0.0015)), local(event.clientX, event.clientY));
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, [local, zoomBy]);

  useEffect(
    () => () => {
      if (settleTimer.current) clearTimeout(settleTimer.current);
    },
    [],
  );

  const imagePointAt = (clientX: number, clientY: number): Point => {
    const point = toImage(view.current, local(clientX, clientY));
    return {
      x: Math.min(Math.max(point.x, 0), imageRef.current.width),
      y: Math.min(Math.max(point.y, 0), imageRef.current.height),
    };
  };

  const startPinch = () => {
    const [a, b] = [...pointers.current.values()];
    if (!a || !b) return;
    gesture.current = {
      kind: 'pinch',
      distance: Math.max(Math.hypot(a.x - b.x, a.y - b.y), 1),
      mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
      view: view.current,
    };
  };

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const viewport = viewportRef.current!;
    pointers.current.set(event.pointerId, local(event.clientX, event.clientY));
    viewport.setPointerCapture?.(event.pointerId);
    if (pointers.current.size === 2) {
      // A second finger turns whatever the first was doing into a pinch; a marker half-dragged goes back.
      const current = gesture.current;
      if (current.kind === 'marker') current.element.setAttribute('transform', current.original);
      startPinch();
      return;
    }
    if (pointers.current.size > 2) return;
    const start = local(event.clientX, event.clientY);
    const bubble = (event.target as Element).closest?.('[data-cluster-key]');
    if (bubble instanceof SVGGElement) {
      const cluster = Number(bubble.dataset.clusterKey);
      gesture.current = { kind: 'pan', pointerId: event.pointerId, last: start, start, moved: false, cluster };
      return;
    }
    const marker = (event.target as Element).closest?.('[data-trap-id]');
    if (marker instanceof SVGGElement && handlers.current.onMarkerMoved) {
      gesture.current = {
        kind: 'marker',
        pointerId: event.pointerId,
        trapId: Number(marker.dataset.trapId),
        element: marker,
        original: marker.getAttribute('transform') ?? '',
        start,
        at: imagePointAt(event.clientX, event.clientY),
        moved: false,
      };
      return;
    }
    gesture.current = { kind: 'pan', pointerId: event.pointerId, last: start, start, moved: false };
  };

  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    const point = local(event.clientX, event.clientY);
    pointers.current.set(event.pointerId, point);
    const current = gesture.current;
    if (current.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const distance = Math.max(Math.hypot(a.x - b.x, a.y - b.y), 1);
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const zoomed = zoomAt(
        current.view,
        distance / current.distance,
        current.mid,
        scaleLimits(size.current, imageRef.current),
      );
      touched.current = true;
      apply({ ...zoomed, x: zoomed.x + mid.x - current.mid.x, y: zoomed.y + mid.y - current.mid.y }, true);
      return;
    }
    if (current.kind === 'none' || current.pointerId !== event.pointerId) return;
    if (!current.moved && Math.hypot(point.x - current.start.x, point.y - current.start.y) < TAP_SLOP) return;
    current.moved = true;
    if (current.kind === 'pan') {
      touched.current = true;
      apply(
        { ...view.current, x: view.current.x + point.x - current.last.x, y: view.current.y + point.y - current.last.y },
        true,
      );
      current.last = point;
      return;
    }
    current.at = imagePointAt(event.clientX, event.clientY);
    current.element.setAttribute('transform', `translate(${current.at.x} ${current.at.y})`);
  };

  const endPointer = (event: React.PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const current = gesture.current;
    if (current.kind === 'pinch') {
      // The finger left on the plan goes on panning from where it is.
      const [rest] = [...pointers.current.entries()];
      gesture.current = rest
        ? { kind: 'pan', pointerId: rest[0], last: rest[1], start: rest[1], moved: true }
        : { kind: 'none' };
      return;
    }
    if (current.kind === 'none' || current.pointerId !== event.pointerId) return;
    gesture.current = { kind: 'none' };
    if (cancelled) {
      if (current.kind === 'marker') current.element.setAttribute('transform', current.original);
      return;
    }
    const fraction = (point: Point) => toFraction(point, imageRef.current);
    if (current.kind === 'marker') {
      const to = fraction(current.at);
      if (current.moved && to) handlers.current.onMarkerMoved?.(current.trapId, to);
      else if (!current.moved && to) handlers.current.onMarkerTap?.(current.trapId, to);
      return;
    }
    if (!current.moved) {
      const to = fraction(toImage(view.current, local(event.clientX, event.clientY)));
      if (current.cluster !== undefined) {
        if (!(to && handlers.current.onClusterTap?.(to))) zoomInto(current.cluster);
      } else if (to) handlers.current.onTap?.(to);
    }
  };

  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (onKeyDown?.(event)) {
      event.preventDefault();
      return;
    }
    const step = event.shiftKey ? KEY_PAN * 3 : KEY_PAN;
    const pans: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const pan = pans[event.key];
    if (pan) {
      touched.current = true;
      apply({ ...view.current, x: view.current.x + pan[0], y: view.current.y + pan[1] }, false);
    } else if (event.key === '+' || event.key === '=') zoomBy(KEY_ZOOM);
    else if (event.key === '-' || event.key === '_') zoomBy(1 / KEY_ZOOM);
    else if (event.key === '0') {
      touched.current = false;
      fit();
    } else return;
    event.preventDefault();
  };

  // The plan is an application region (its own keys, pointer gestures); what takes the keyboard's focus inside it
  // is a real button over the whole view, so Tab reaches it and a screen reader names it and reads its keys. It lets
  // pointers through to the plan below: a finger or a mouse works the plan itself.
  return (
    <div
      ref={viewportRef}
      className="plan-canvas"
      role="application"
      aria-roledescription="plano"
      aria-label={label}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endPointer(event, false)}
      onPointerCancel={(event) => endPointer(event, true)}
    >
      <div ref={stageRef} className="plan-canvas__stage" style={{ width, height }}>
        {imageUrl ? (
          <img className="plan-canvas__image" src={imageUrl} width={width} height={height} alt="" draggable={false} />
        ) : null}
        <MarkerLayer
          markers={groups.singles}
          bubbles={groups.bubbles}
          width={width}
          height={height}
          crosshair={crosshair ?? null}
        />
      </div>
      <button
        ref={keysRef}
        type="button"
        className="plan-canvas__keys"
        aria-label={keysLabel}
        aria-describedby={keysHintId}
        onKeyDown={onKey}
        onFocus={onFocus}
        onBlur={onBlur}
      />
      <p id={keysHintId} className="visually-hidden">
        {keysHint}
      </p>
      {children}
    </div>
  );
});

interface Bubble {
  /** Its smallest trap id: a bubble keeps its element as it gains or loses markers. */
  key: number;
  count: number;
  /** Where it shows, and the box of its markers, in image pixels. */
  x: number;
  y: number;
  box: { minX: number; minY: number; maxX: number; maxY: number };
}

/**
 * The markers shown one by one and the bubbles, at a scale (null: none grouped). Markers not in their normal state
 * (selected, the last scanned) always show alone.
 */
function groupMarkers(
  markers: readonly PlanMarker[],
  width: number,
  height: number,
  scale: number | null,
): { singles: readonly PlanMarker[]; bubbles: Bubble[] } {
  if (scale === null) return { singles: markers, bubbles: [] };
  const apart = markers.filter((marker) => marker.state !== 'normal');
  const points = markers
    .filter((marker) => marker.state === 'normal')
    .map((marker) => ({ id: marker.trapId, x: marker.x * width, y: marker.y * height, marker }));
  const grouped: Clustered<(typeof points)[number]>[] = clusterPoints(points, CLUSTER_DISTANCE / scale);
  const singles: PlanMarker[] = [];
  const bubbles: Bubble[] = [];
  for (const group of grouped) {
    if (group.kind === 'single') {
      singles.push(group.item.marker);
      continue;
    }
    const xs = group.items.map((item) => item.x);
    const ys = group.items.map((item) => item.y);
    bubbles.push({
      key: group.key,
      count: group.items.length,
      x: group.x,
      y: group.y,
      box: { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) },
    });
  }
  return { singles: [...singles, ...apart], bubbles };
}

const MarkerLayer = memo(function MarkerLayer({
  markers,
  bubbles,
  width,
  height,
  crosshair,
}: {
  markers: readonly PlanMarker[];
  bubbles: readonly Bubble[];
  width: number;
  height: number;
  crosshair: Point | null;
}) {
  return (
    <svg
      className="plan-canvas__markers"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
    >
      {markers.map((marker) => (
        <Marker
          key={marker.trapId}
          trapId={marker.trapId}
          number={marker.number}
          type={marker.type}
          px={marker.x * width}
          py={marker.y * height}
          state={marker.state}
          heat={marker.heat}
          code={marker.code}
        />
      ))}
      {bubbles.map((bubble) => (
        <g
          key={bubble.key}
          className="plan-cluster"
          data-cluster-key={bubble.key}
          data-count={bubble.count}
          transform={`translate(${bubble.x} ${bubble.y})`}
        >
          <g className="plan-canvas__scaled">
            <circle className="plan-cluster__shape" r={MARKER_RADIUS + 1} />
            <text className="plan-cluster__count" dy="0.35em">
              {bubble.count}
            </text>
          </g>
        </g>
      ))}
      {crosshair ? (
        <g className="plan-canvas__crosshair" transform={`translate(${crosshair.x * width} ${crosshair.y * height})`}>
          <g className="plan-canvas__scaled">
            <circle r="18" />
            <path d="M -30 0 H -8 M 8 0 H 30 M 0 -30 V -8 M 0 8 V 30" />
          </g>
        </g>
      ) : null}
    </svg>
  );
});

/**
 * One marker: its type's shape and colour (or its heat class's, named in its tooltip), and its number; only a
 * marker whose props change is drawn again.
 */
const Marker = memo(function Marker({
  trapId,
  number,
  type,
  px,
  py,
  state,
  heat,
  code,
}: {
  trapId: number;
  number: number;
  type: TrapType;
  px: number;
  py: number;
  state: MarkerState;
  heat: HeatClass | undefined;
  code: string;
}) {
  const style = heat && HEAT_STYLES[heat];
  return (
    <g
      className={`plan-marker plan-marker--${state}${heat ? ' plan-marker--heat' : ''}`}
      data-trap-id={trapId}
      data-heat={heat}
      transform={`translate(${px} ${py})`}
    >
      {style ? <title>{`${code} · Actividad: ${style.label}`}</title> : null}
      <g className="plan-canvas__scaled">
        <MarkerShape type={type} fill={style?.color} />
        <text className="plan-marker__number" dy="0.35em" style={style ? { fill: style.text } : undefined}>
          {number}
        </text>
      </g>
    </g>
  );
});
