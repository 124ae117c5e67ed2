// The API server as a child process, for tests that kill it, stop it or run two of them on one database.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { Database } from '../src/db/client';

/** The workspace root, where `node --import tsx apps/api/src/server.ts` runs. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  /** http://127.0.0.1:{port} */
  url: string;
  port: number;
  pid: number;
  /** What it wrote so far. */
  stdout(): string;
  stderr(): string;
  /** Its JSON log lines (pino writes them to stdout) so far. */
  logs(): Record<string, unknown>[];
  /** Resolves when it has exited, however. */
  exited: Promise<Exit>;
  /** Sends a signal without waiting. */
  signal(signal: NodeJS.Signals): void;
  /**
   * Sends a signal (SIGTERM unless told) and waits for the exit, answering how it ended and how long it
   * took; after `timeoutMs` it is killed and the promise rejects.
   */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit & { ms: number }>;
}

export interface StartOptions {
  /** The environment on top of the defaults below (NODE_ENV=production, STOREFRONT=off, LOG_LEVEL=warn). */
  env: Record<string, string>;
  /** A port to listen on; a free one unless given (the same port again, for a restart). */
  port?: number;
  /** How long it may take to answer /api/health/. */
  readyTimeoutMs?: number;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A TCP port nothing listens on at the moment. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The connection URL of a test database on PostgreSQL (createTestDatabase clones one per file). */
export function databaseUrlOf(database: Database): string {
  if (database.kind !== 'postgres') throw new Error('a server process needs a PostgreSQL database');
  const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
  if (!url) throw new Error('the pool has no connection string');
  return url;
}

/**
 * Starts `node --import tsx apps/api/src/server.ts` with the given environment on 127.0.0.1 and waits until
 * /api/health/ answers 200. Rejects (after killing it) when it exits or takes too long, with what it wrote.
 */
export async function startServer({
  env,
  port,
  readyTimeoutMs = 25_000,
}: StartOptions): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? ROOT,
      NODE_ENV: 'production',
      STOREFRONT: 'off',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(listenOn),
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  const url = `http://127.0.0.1:${listenOn}`;

  const deadline = Date.now() + readyTimeoutMs;
  let gone: Exit | undefined;
  void exited.then((exit) => (gone = exit));
  for (;;) {
    if (gone) {
      throw new Error(`the server exited (${JSON.stringify(gone)}) before it was ready:\n${out}\n${err}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${readyTimeoutMs} ms:\n${out}\n${err}`);
    }
    const status = await fetch(`${url}/api/health/`, { signal: AbortSignal.timeout(1000) }).then(
      async (res) => {
        await res.body?.cancel();
        return res.status;
      },
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port: listenOn,
    pid: child.pid!,
    stdout: () => out,
    stderr: () => err,
    logs: () =>
      out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    exited,
    signal: (signal) => void child.kill(signal),
    async stop(signal = 'SIGTERM', timeoutMs = 15_000) {
      const started = Date.now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`the server did not exit within ${timeoutMs} ms of ${signal}:\n${out}\n${err}`));
        }, timeoutMs);
      });
      try {
        const exit = await Promise.race([exited, timeout]);
        return { ...exit, ms: Date.now() - started };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Kills every server process still running (for afterAll). */
export async function killAllServers(): Promise<void> {
  const waits = [...running].map(
    (child) => new Promise<void>((resolve) => child.once('exit', () => resolve())),
  );
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(waits);
}
