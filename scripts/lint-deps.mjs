/**
 * `npm run lint:deps`: dependency-cruiser's rules (.dependency-cruiser.cjs), then one they cannot say: the
 * server's modules, lib and plugins import each other in one direction only. Each folder counts as one piece,
 * type imports included (scripts/depcruise-type-imports.cjs): two modules that need each other are one module
 * or share a piece that belongs in lib. Tests are left out: a test may reach into whatever it checks.
 */
import { execFileSync } from 'node:child_process';
import { cruise, format } from 'dependency-cruiser';
import extractBabelConfig from 'dependency-cruiser/config-utl/extract-babel-config';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const files = execFileSync(
  'git',
  ['ls-files', 'apps/**/*.ts', 'apps/**/*.tsx', 'packages/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
  { encoding: 'utf8' },
)
  .split('\n')
  .filter(Boolean);
const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const babelConfig = await extractBabelConfig(options.babelConfig.fileName);
const result = await cruise(files, { ...options, outputType: 'json' }, {}, { babelConfig });
const modules = JSON.parse(result.output).modules;
const report = await format(JSON.parse(result.output), { outputType: 'err' });
process.stdout.write(report.output);

/** The piece a server file belongs to: `modules/<name>`, `lib` or `plugins`; nothing for tests and the rest. */
const SERVER_PIECE = /^apps\/server\/src\/(modules\/[^/]+|lib|plugins)\//;
const pieceOf = (file) => (/\.test\.ts$/.test(file) ? undefined : SERVER_PIECE.exec(file)?.[1]);

/** piece → piece it imports → one file-level import that shows it. */
const graph = new Map();
for (const { source, dependencies } of modules) {
  const from = pieceOf(source);
  if (!from) continue;
  if (!graph.has(from)) graph.set(from, new Map());
  for (const { resolved } of dependencies) {
    const to = pieceOf(resolved);
    if (to && to !== from && !graph.get(from).has(to)) graph.get(from).set(to, `${source} → ${resolved}`);
  }
}

/** Tarjan's strongly connected components: each one of more than one piece is a cycle. */
const cycles = [];
const index = new Map();
const low = new Map();
const stack = [];
const visit = (piece) => {
  index.set(piece, index.size);
  low.set(piece, index.get(piece));
  stack.push(piece);
  for (const next of graph.get(piece)?.keys() ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(piece, Math.min(low.get(piece), low.get(next)));
    } else if (stack.includes(next)) {
      low.set(piece, Math.min(low.get(piece), index.get(next)));
    }
  }
  if (low.get(piece) !== index.get(piece)) return;
  const component = stack.splice(stack.indexOf(piece));
  if (component.length > 1) cycles.push(component);
};
for (const piece of graph.keys()) if (!index.has(piece)) visit(piece);

for (const component of cycles) {
  console.log(`\n  error server-module-cycle: ${component.join(', ')} import each other`);
  for (const from of component) {
    for (const [to, example] of graph.get(from)) if (component.includes(to)) console.log(`    ${example}`);
  }
}
if (cycles.length > 0) {
  console.log(
    `\n✘ ${cycles.length} cycle(s) between server modules: move what both sides need to the one that owns it, or to lib.\n`,
  );
}
process.exitCode = report.exitCode > 0 || cycles.length > 0 ? 1 : 0;
