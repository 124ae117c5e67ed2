// `npm start`: build what is missing or stale, then run the shop (migrations and seeding happen at start-up).
import { spawnSync } from 'node:child_process';
import { buildIsStale, root } from './build-state.mjs';

if (buildIsStale()) {
  console.log('Building the shop (first start or changed sources)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
await import(new URL('../apps/api/dist/server.js', import.meta.url).href);
