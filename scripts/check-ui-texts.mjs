// The spec's interface texts must all appear in what the web app shows. Some of them are also the API's
// answers and live once, in @rondin/contracts/messages: the spec's checker (../shared/tools, one folder at a
// time) reads the web app and that module together through a folder of links to both.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Spec texts the project replaced on purpose, each with the words that replace it (every one must be in the web
 * app) and the decision. Any other missing text still fails the check.
 */
const REPLACED = {
  '{n} sesiones vencidas sin completar': {
    by: ['orden vencida', 'órdenes vencidas', 'sin completar'],
    why: 'issue [J]: "1 orden vencida sin completar" / "N órdenes vencidas sin completar", a plural that agrees',
  },
};

function webSources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return webSources(file);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\./.test(entry.name) ? [fs.readFileSync(file, 'utf8')] : [];
  });
}
const tool = path.join(root, '../shared/tools/check-ui-texts.mjs');
if (!fs.existsSync(tool)) {
  process.stdout.write(`No spec checker at ${tool}: nothing to check here.\n`);
  process.exit(0);
}
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rondin-ui-texts-'));
try {
  fs.symlinkSync(path.join(root, 'apps/web/src'), path.join(folder, 'web'));
  fs.symlinkSync(path.join(root, 'packages/contracts/src/messages.ts'), path.join(folder, 'messages.ts'));
  const run = spawnSync(process.execPath, [tool, folder], { encoding: 'utf8' });
  const web = webSources(path.join(root, 'apps/web/src')).join('\n');
  let failed = run.status !== 0 && !run.stdout.includes('missing: ');
  for (const line of run.stdout.split('\n')) {
    const missing = line.startsWith('missing: ') ? line.slice('missing: '.length) : undefined;
    const replaced = missing === undefined ? undefined : REPLACED[missing];
    if (replaced?.by.every((words) => web.includes(words))) {
      process.stdout.write(`replaced: ${missing} (${replaced.why})\n`);
      continue;
    }
    if (missing !== undefined) failed = true;
    if (line) process.stdout.write(`${line}\n`);
  }
  process.stderr.write(run.stderr);
  process.exitCode = failed ? 1 : 0;
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
}
