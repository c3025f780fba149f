import { type MarkerShape as MarkerShapeName, TRAP_MARKER_STYLES, type TrapType } from '@rondin/contracts/devices';

/** Radius of a marker on screen, in CSS pixels: a 28 px target, its number readable at arm's length. */
export const MARKER_RADIUS = 14;

const R = MARKER_RADIUS;

/** The outline of each shape, centred on 0,0 and about as large as a circle of radius R. */
const PATHS: Record<Exclude<MarkerShapeName, 'circle'>, string> = {
  square: `M ${-R * 0.9} ${-R * 0.9} H ${R * 0.9} V ${R * 0.9} H ${-R * 0.9} Z`,
  diamond: `M 0 ${-R * 1.2} L ${R * 1.2} 0 L 0 ${R * 1.2} L ${-R * 1.2} 0 Z`,
  triangle: `M 0 ${-R * 1.25} L ${R * 1.25} ${R * 0.95} L ${-R * 1.25} ${R * 0.95} Z`,
  hexagon: hexagon(R * 1.08),
  star: star(R * 1.3, R * 0.75),
};

function hexagon(radius: number): string {
  const points = Array.from({ length: 6 }, (_, index) => {
    const angle = (Math.PI / 3) * index;
    return `${(radius * Math.cos(angle)).toFixed(2)} ${(radius * Math.sin(angle)).toFixed(2)}`;
  });
  return `M ${points.join(' L ')} Z`;
}

function star(outer: number, inner: number): string {
  const points = Array.from({ length: 10 }, (_, index) => {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (Math.PI / 5) * index;
    return `${(radius * Math.cos(angle)).toFixed(2)} ${(radius * Math.sin(angle)).toFixed(2)}`;
  });
  return `M ${points.join(' L ')} Z`;
}

/** A device type's marker outline, filled with its colour or the one given (SVG, in screen pixels around 0,0). */
export function MarkerShape({ type, fill }: { type: TrapType; fill?: string | undefined }) {
  const { shape } = TRAP_MARKER_STYLES[type];
  const color = fill ?? TRAP_MARKER_STYLES[type].color;
  if (shape === 'circle') return <circle className="plan-marker__shape" r={R} fill={color} />;
  return <path className="plan-marker__shape" d={PATHS[shape]} fill={color} />;
}

/** The same mark on its own, for the legend and the device list. */
export function MarkerIcon({ type, size = 22, fill }: { type: TrapType; size?: number; fill?: string | undefined }) {
  const box = R * 1.4;
  return (
    <svg
      className="marker-icon"
      width={size}
      height={size}
      viewBox={`${-box} ${-box} ${2 * box} ${2 * box}`}
      aria-hidden="true"
    >
      <MarkerShape type={type} fill={fill} />
    </svg>
  );
}
