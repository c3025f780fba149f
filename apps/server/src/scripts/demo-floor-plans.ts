import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A rectangle in the drawing's pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A door in a wall: where its opening starts, which way the wall runs, how wide it is. */
interface Door {
  x: number;
  y: number;
  along: 'h' | 'v';
  width: number;
}

export interface FloorPlan {
  name: string;
  width: number;
  height: number;
  /** The building's outer walls. */
  building: Box;
  /** Each room by the area name its devices carry. */
  rooms: Record<string, Box>;
  doors: Door[];
  /** Storage racks, drawn as solid bars. */
  racks?: Box[];
}

const WALL = '#2d3138';
const FLOOR = '#fbfaf6';

/**
 * The demonstration's two buildings, drawn at seed time as a floor plan would be scanned: outer and inner walls,
 * doors with their swing, racks, and each room's name. Devices stand along the walls of their room.
 */
export const DEMO_PLANS = {
  plant: {
    name: 'Planta baja',
    width: 2400,
    height: 1500,
    building: { x: 150, y: 150, width: 2100, height: 1200 },
    rooms: {
      'Andén de carga': { x: 150, y: 150, width: 450, height: 500 },
      'Almacén de materias primas': { x: 600, y: 150, width: 700, height: 500 },
      'Cámara de frío': { x: 1300, y: 150, width: 450, height: 500 },
      Oficinas: { x: 1750, y: 150, width: 500, height: 500 },
      Pasillo: { x: 150, y: 650, width: 2100, height: 100 },
      Comedor: { x: 150, y: 750, width: 450, height: 600 },
      Producción: { x: 600, y: 750, width: 900, height: 600 },
      'Sala de envasado': { x: 1500, y: 750, width: 750, height: 600 },
    },
    doors: [
      { x: 150, y: 180, along: 'v', width: 110 },
      { x: 150, y: 480, along: 'v', width: 110 },
      { x: 330, y: 650, along: 'h', width: 90 },
      { x: 900, y: 650, along: 'h', width: 120 },
      { x: 1480, y: 650, along: 'h', width: 90 },
      { x: 1950, y: 650, along: 'h', width: 90 },
      { x: 2250, y: 400, along: 'v', width: 100 },
      { x: 330, y: 750, along: 'h', width: 90 },
      { x: 1000, y: 750, along: 'h', width: 120 },
      { x: 1800, y: 750, along: 'h', width: 90 },
      { x: 1500, y: 1100, along: 'v', width: 90 },
      { x: 150, y: 690, along: 'v', width: 40 },
    ],
  },
  warehouse: {
    name: 'Nave de almacén, planta baja',
    width: 2000,
    height: 2400,
    building: { x: 150, y: 150, width: 1700, height: 2100 },
    rooms: {
      Muelles: { x: 150, y: 150, width: 1700, height: 400 },
      'Almacenamiento en racks': { x: 150, y: 550, width: 1100, height: 1250 },
      'Zona de picking': { x: 1250, y: 550, width: 600, height: 750 },
      Oficinas: { x: 1250, y: 1300, width: 600, height: 500 },
      'Sala de residuos': { x: 150, y: 1800, width: 550, height: 450 },
      'Comedor y vestuarios': { x: 700, y: 1800, width: 1150, height: 450 },
    },
    doors: [
      { x: 300, y: 150, along: 'h', width: 160 },
      { x: 650, y: 150, along: 'h', width: 160 },
      { x: 1000, y: 150, along: 'h', width: 160 },
      { x: 1350, y: 150, along: 'h', width: 160 },
      { x: 600, y: 550, along: 'h', width: 180 },
      { x: 1450, y: 550, along: 'h', width: 120 },
      { x: 1250, y: 680, along: 'v', width: 160 },
      { x: 1450, y: 1300, along: 'h', width: 90 },
      { x: 1850, y: 1500, along: 'v', width: 100 },
      { x: 400, y: 1800, along: 'h', width: 100 },
      { x: 150, y: 2050, along: 'v', width: 110 },
      { x: 1100, y: 1800, along: 'h', width: 90 },
    ],
    racks: Array.from({ length: 6 }, (_, index) => ({ x: 260 + index * 165, y: 680, width: 60, height: 980 })),
  },
} satisfies Record<string, FloorPlan>;

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** An opening in the wall, the door leaf standing open at a right angle, and the arc its edge sweeps. */
function door({ x, y, along, width }: Door): string {
  const gap =
    along === 'h'
      ? `<rect x="${x}" y="${y - 9}" width="${width}" height="18" fill="${FLOOR}"/>`
      : `<rect x="${x - 9}" y="${y}" width="18" height="${width}" fill="${FLOOR}"/>`;
  const [leafX, leafY] = along === 'h' ? [x, y + width] : [x + width, y];
  const sweep =
    along === 'h'
      ? `M ${x + width} ${y} A ${width} ${width} 0 0 1 ${x} ${y + width}`
      : `M ${x} ${y + width} A ${width} ${width} 0 0 0 ${x + width} ${y}`;
  return `${gap}<line x1="${x}" y1="${y}" x2="${leafX}" y2="${leafY}" stroke="${WALL}" stroke-width="4"/>
    <path d="${sweep}" fill="none" stroke="${WALL}" stroke-width="2" stroke-dasharray="10 8"/>`;
}

/** A room's name as large as the plans print it, smaller when it would not fit between the room's walls. */
function labelSize(name: string, width: number): number {
  // DejaVu Sans averages about 0.62 em a character.
  return Math.min(name === 'Pasillo' ? 34 : 44, Math.floor((width - 60) / (name.length * 0.62)));
}

/** The plan as an SVG drawing, `scale` times its size in pixels. */
function drawing(plan: FloorPlan, scale: number): string {
  const { building } = plan;
  const rooms = Object.entries(plan.rooms)
    .map(
      ([name, room]) => `<rect x="${room.x}" y="${room.y}" width="${room.width}" height="${room.height}"
        fill="none" stroke="${WALL}" stroke-width="8"/>
      <text x="${room.x + room.width / 2}" y="${room.y + room.height / 2}" text-anchor="middle" dominant-baseline="middle"
        font-family="DejaVu Sans, sans-serif" font-size="${labelSize(name, room.width)}" fill="#6b7280">${xmlText(name)}</text>`,
    )
    .join('\n');
  const racks = (plan.racks ?? [])
    .map((rack) => `<rect x="${rack.x}" y="${rack.y}" width="${rack.width}" height="${rack.height}" fill="#c9ced6"/>`)
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${plan.width * scale}" height="${plan.height * scale}"
    viewBox="0 0 ${plan.width} ${plan.height}">
    <rect width="${plan.width}" height="${plan.height}" fill="#eef3ec"/>
    <rect x="${building.x}" y="${building.y}" width="${building.width}" height="${building.height}" fill="${FLOOR}"/>
    ${racks}
    ${rooms}
    <rect x="${building.x}" y="${building.y}" width="${building.width}" height="${building.height}"
      fill="none" stroke="${WALL}" stroke-width="16"/>
    ${plan.doors.map(door).join('\n')}
  </svg>`;
}

/**
 * The plan as an office would upload it: a PNG exported from a drawing, or (`scan`, for the benchmark's large
 * plans) a JPEG as a scanner makes one, with the paper's grain, which is most of a scan's bytes.
 */
export async function drawFloorPlan(plan: FloorPlan, options: { scale?: number; scan?: boolean } = {}) {
  const scale = options.scale ?? 1;
  const image = sharp(Buffer.from(drawing(plan, scale)), { limitInputPixels: false }).flatten({
    background: '#ffffff',
  });
  if (!options.scan) return image.png().toBuffer();
  const [width, height] = [Math.round(plan.width * scale), Math.round(plan.height * scale)];
  const grain = await sharp(randomBytes(width * height), {
    raw: { width, height, channels: 1 },
    limitInputPixels: false,
  })
    .linear(24 / 255, 231)
    .toColourspace('srgb')
    .png({ compressionLevel: 0 })
    .toBuffer();
  return image
    .composite([{ input: grain, blend: 'multiply', limitInputPixels: false }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * `count` points evenly spaced along the inside of a box's walls (inset by `inset` pixels; outside when
 * negative), as fractions of the whole drawing: how devices are laid along a room's walls or round a building.
 */
export function alongWalls(plan: FloorPlan, box: Box, count: number, inset: number): { x: number; y: number }[] {
  const inner = {
    x: box.x + inset,
    y: box.y + inset,
    width: box.width - 2 * inset,
    height: box.height - 2 * inset,
  };
  const perimeter = 2 * (inner.width + inner.height);
  // Clockwise from the top left corner: top, right, bottom, left side.
  const sides: [number, (along: number) => [number, number]][] = [
    [inner.width, (along) => [inner.x + along, inner.y]],
    [inner.height, (along) => [inner.x + inner.width, inner.y + along]],
    [inner.width, (along) => [inner.x + inner.width - along, inner.y + inner.height]],
    [inner.height, (along) => [inner.x, inner.y + inner.height - along]],
  ];
  return Array.from({ length: count }, (_, index) => {
    let along = ((index + 0.5) / count) * perimeter;
    for (const [length, at] of sides) {
      if (along <= length) {
        const [x, y] = at(along);
        return { x: x / plan.width, y: y / plan.height };
      }
      along -= length;
    }
    throw new Error('a point beyond the perimeter');
  });
}
