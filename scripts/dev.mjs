// `npm run dev`: the same Fastify server with Vite in middleware mode (HMR), running the TypeScript sources.
import { spawn } from 'node:child_process';
import { root } from './build-state.mjs';

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts', '--dev'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
