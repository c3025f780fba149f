import { crc32, deflateSync } from 'node:zlib';

/**
 * A floor plan drawn as a PNG in plain Node (no image library): outer walls, rooms and doors on white, so the
 * browser tests and the benchmark upload a real image the server measures and the screens show.
 */
export function floorPlanPng(width = 1600, height = 1000): Buffer {
  const pixels = Buffer.alloc(width * height * 3, 0xff);
  const wall = Math.max(4, Math.round(Math.min(width, height) / 120));
  const fill = (x0: number, y0: number, x1: number, y1: number, grey: number) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) {
      pixels.fill(grey, (y * width + Math.max(0, x0)) * 3, (y * width + Math.min(width, x1)) * 3);
    }
  };
  const m = wall * 4;
  // Outer walls.
  fill(m, m, width - m, m + wall, 0x22);
  fill(m, height - m - wall, width - m, height - m, 0x22);
  fill(m, m, m + wall, height - m, 0x22);
  fill(width - m - wall, m, width - m, height - m, 0x22);
  // Rooms: three across the top, a corridor, two below; each with a door gap.
  const third = Math.round((width - 2 * m) / 3);
  const corridor = Math.round(height * 0.45);
  fill(m, corridor, width - m, corridor + wall, 0x33);
  for (const x of [m + third, m + 2 * third]) fill(x, m, x + wall, corridor, 0x33);
  fill(Math.round(width / 2), corridor, Math.round(width / 2) + wall, height - m, 0x33);
  for (const x of [m + third / 2, m + 1.5 * third, m + 2.5 * third])
    fill(Math.round(x) - 30, corridor, Math.round(x) + 30, corridor + wall, 0xff);
  // Shelving in the lower rooms, light grey.
  for (let y = corridor + 60; y < height - m - 60; y += 70) {
    fill(m + 60, y, Math.round(width / 2) - 60, y + 18, 0xcc);
    fill(Math.round(width / 2) + 60, y, width - m - 60, y + 18, 0xcc);
  }

  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) pixels.copy(rows, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** The same kind of plan as a one-page vector PDF (A4 landscape), as an architect's export would be. */
export function floorPlanPdf(): Buffer {
  const [width, height] = [842, 595];
  const walls = [
    '4 w 40 40 762 515 re S',
    '3 w 40 300 m 370 300 l S 410 300 m 802 300 l S',
    '3 w 294 300 m 294 555 l S 548 300 m 548 555 l S',
    '3 w 421 40 m 421 300 l S',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R >>`,
    `<< /Length ${walls.length} >>\nstream\n${walls}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
