// Type-checks the four TypeScript programs (domain, API, web, e2e) side by side, not one after another: each
// `tsc` is one thread, so on a 2-core machine two at a time halve the wait. The web's route types are generated
// first, since its program reads them. Exits non-zero when any program fails, after all have reported.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.dirname(import.meta.dirname);
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

function run(name, command, args, cwd = root) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)\n${code === 0 ? '' : output}`,
      );
      resolve(code === 0);
    });
  });
}

const webDir = path.join(root, 'apps/web');
const typegen = await run(
  'web route types',
  process.execPath,
  [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'typegen'],
  webDir,
);
const results = await Promise.all([
  run('domain', process.execPath, [tsc, '-p', 'packages/domain', '--noEmit']),
  run('api', process.execPath, [tsc, '-p', 'apps/api', '--noEmit']),
  run('web', process.execPath, [tsc, '-p', 'apps/web', '--noEmit']),
  run('e2e', process.execPath, [tsc, '-p', 'e2e', '--noEmit']),
]);
if (!typegen || results.includes(false)) process.exit(1);
