// `npm run delete-account -- --email … (or --id …)`: runs the built command, building first when needed.
import { spawnSync } from 'node:child_process';
import { buildIsStale, root } from './build-state.mjs';

if (buildIsStale()) {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const result = spawnSync(process.execPath, ['apps/api/dist/delete-account.js', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
