// Draws the app's icons (the brand mark: a white check on the brand green) into public/icons/.
// Run once after changing the mark: node apps/web/scripts/generate-icons.mjs. The PNGs are committed, so the
// build needs neither this script nor its canvas, which comes with pdfjs-dist (a root devDependency).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { createCanvas, Path2D } = require(
  require.resolve('@napi-rs/canvas', { paths: [path.dirname(require.resolve('pdfjs-dist/package.json'))] }),
);

const BRAND = '#0b6e5f';
const CHECK = 'M9 16.5l4.5 4.5L23 11.5';
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');

/**
 * `fullBleed` fills the whole square (maskable and Apple icons: the platform cuts its own shape, and only the
 * central 80 % circle is sure to show, so the check is drawn smaller); otherwise the mark's rounded square.
 */
function drawIcon(size, { fullBleed }) {
  const canvas = createCanvas(size, size);
  const context = canvas.getContext('2d');
  context.fillStyle = BRAND;
  if (fullBleed) {
    context.fillRect(0, 0, size, size);
  } else {
    context.beginPath();
    context.roundRect(0, 0, size, size, size / 4);
    context.fill();
  }
  const markScale = fullBleed ? 0.8 : 1;
  const unit = (size / 32) * markScale;
  context.translate((size - 32 * unit) / 2, (size - 32 * unit) / 2);
  context.scale(unit, unit);
  context.strokeStyle = '#ffffff';
  context.lineWidth = 3;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.stroke(new Path2D(CHECK));
  return canvas.toBuffer('image/png');
}

mkdirSync(out, { recursive: true });
const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon-180.png', 180, true],
];
for (const [name, size, fullBleed] of icons) {
  writeFileSync(path.join(out, name), drawIcon(size, { fullBleed }));
  console.log(`public/icons/${name} (${size}×${size})`);
}
writeFileSync(
  path.join(out, 'favicon.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${BRAND}"/><path d="${CHECK}" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>\n`,
);
console.log('public/icons/favicon.svg');
