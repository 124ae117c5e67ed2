import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The running shop's origin, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseURL: string;
    /** The owner `npm run create-owner` made before the shop started (the back-office journeys sign in as it). */
    owner: { email: string; password: string };
  }
}

const repoRoot = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js');
const createOwnerEntry = path.join(repoRoot, 'apps/api/dist/create-owner.js');
/** The journeys' shop owner, made with the real command before the shop starts (PGlite has one writer). */
const OWNER = { email: 'owner@packright.example', password: 'e2e-owner-password-2026' };
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
/** How much of the server's output is kept to explain a failed start. */
const OUTPUT_LIMIT = 64 * 1024;

/** A port nobody listens on right now: bind port 0 on the loopback, read it, release it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('Could not read the probe port'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntilReady(baseURL: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The shop exited before it was ready (code ${child.exitCode}, signal ${child.signalCode}).\n` +
          `--- server output ---\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${baseURL}/api/health/ready/`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `HTTP ${response.status}: ${(await response.text()).slice(0, 500)}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(
    `The shop was not ready at ${baseURL}/api/health/ready/ within ${READY_TIMEOUT_MS / 1000} s ` +
      `(last: ${lastProblem}).\n--- server output ---\n${output()}`,
  );
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => {
      process.stderr.write(`[e2e] the shop did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it\n`);
      child.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the production build once for the whole run, on a free port with a fresh PGlite data
 * directory, and hands its origin to the journeys through `inject('baseURL')`.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(serverEntry)) {
    throw new Error(`${path.relative(repoRoot, serverEntry)} is missing: run \`npm run build\` first.`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;

  // The journeys always use their own embedded database, never a DATABASE_URL from the shell.
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  Object.assign(env, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // The journeys read e-mailed codes from the outbox; production serves it only when asked by name.
    DEV_MAILBOX: 'true',
    // As behind a reverse proxy on the same machine: the customers the journeys make through the API say which
    // client they are (X-Forwarded-For, api-session.ts), so the per-client sign-up limit (10 an hour) counts
    // each as a visitor of their own rather than all of them as the one loopback address.
    TRUST_PROXY: '127.0.0.1',
  });

  const made = spawnSync(
    process.execPath,
    [createOwnerEntry, '--email', OWNER.email, '--password', OWNER.password],
    { cwd: repoRoot, env, encoding: 'utf8' },
  );
  if (made.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`create-owner failed (${made.status}):\n${made.stdout}\n${made.stderr}`);
  }

  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const cleanUp = async () => {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(baseURL, child, () => output);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  // From here on, what the server logs (warnings and errors only) goes to the runner's stderr.
  child.stdout?.on('data', (chunk: Buffer) => process.stderr.write(`[shop] ${chunk.toString()}`));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[shop] ${chunk.toString()}`));

  project.provide('baseURL', baseURL);
  project.provide('owner', OWNER);
  return cleanUp;
}
