import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigurationError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { seedDemoCatalogue } from './db/seed';
import { createSmtpTransport, startMailSender } from './modules/mail/sender';
import { storefront } from './storefront';

/** SIGTERM to exit: requests in flight finish, new ones are refused, then the process exits, within 10 s. */
const SHUTDOWN_GRACE_MS = 10_000;
/** A worker that dies this soon after starting, this many times in a row, stops the whole server. */
const CRASH_LOOP = { withinMs: 5_000, times: 5 };

/** The web app's folder: apps/web, from apps/api/src or apps/api/dist. */
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

/** Migrations and the demo catalogue, run once per start by the one process that starts first. */
async function prepareDatabase(config: Config) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    await database.migrate();
    if (config.seedDemo) await seedDemoCatalogue(database.db);
  } finally {
    await database.close();
  }
}

/** One server process: the API, the pages, the outbox sender and the background jobs. */
async function serve(config: Config, options: { prepared: boolean }) {
  const dev = process.argv.includes('--dev');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  if (!options.prepared) {
    await database.migrate();
    if (config.seedDemo) await seedDemoCatalogue(database.db);
  }

  const app = await buildApp({
    config,
    database,
    ...(config.storefront
      ? {
          storefront: storefront({
            mode: dev ? 'development' : 'production',
            webRoot,
            publicUrl: config.publicUrl,
          }),
        }
      : {}),
  });

  // The outbox is delivered only when there is somewhere to deliver it; otherwise mail waits in the database.
  // Every process runs a sender: they claim mail with FOR UPDATE SKIP LOCKED, so none is sent twice.
  const mailSender = config.smtpUrl
    ? startMailSender({
        db: database.db,
        transport: createSmtpTransport(config.smtpUrl, config.mailFrom),
        log: app.log,
        // The documents the e-mails carry, drawn once and kept with the ones buyers download.
        attachment: app.services.documents.attachment,
        testShop: app.services.payments.provider.name === 'test',
      })
    : undefined;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // A connection whose request was in flight stays open for keep-alive once it is answered, and the server's
    // close waits for it until the grace runs out: close each connection as soon as it is idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    closeIdle.unref();
    app
      .close()
      .finally(() => clearInterval(closeIdle))
      .then(() => mailSender?.stop())
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  // A worker's primary asks it to stop by disconnecting when the primary itself is told to stop.
  if (cluster.isWorker) cluster.worker?.once('disconnect', () => shutdown('disconnect'));

  await app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) {
    app.log.info(
      { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
      `shop ready on http://localhost:${config.port}`,
    );
  }
}

/**
 * Several processes on one port (WEB_CONCURRENCY): this one prepares the database, starts the workers, starts
 * again a worker that dies, and on SIGTERM stops them all, each finishing its requests in flight.
 */
async function supervise(config: Config) {
  await prepareDatabase(config);
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), args: process.argv.slice(2) });
  const log = (message: string, fields: Record<string, unknown> = {}) =>
    console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, ...fields, msg: message }));
  let stopping = false;
  let quickDeaths = 0;
  const started = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) {
      if (started.size === 0) process.exit(0);
      return;
    }
    log('a server process stopped; starting another', { worker: worker.process.pid, code, signal });
    quickDeaths = lived < CRASH_LOOP.withinMs ? quickDeaths + 1 : 0;
    if (quickDeaths >= CRASH_LOOP.times) {
      log(`server processes keep dying within ${CRASH_LOOP.withinMs / 1000} s of starting; giving up`);
      process.exit(1);
    }
    fork();
  });
  let ready = 0;
  cluster.on('listening', () => {
    ready += 1;
    if (ready === config.webConcurrency) {
      log(`shop ready on http://localhost:${config.port} with ${config.webConcurrency} processes`);
    }
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('shutting down', { signal });
    setTimeout(() => {
      log('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    if (started.size === 0) process.exit(0);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < config.webConcurrency; i += 1) fork();
}

async function main() {
  const config = loadConfig();
  if (cluster.isPrimary && config.webConcurrency > 1) return supervise(config);
  // A worker's database was prepared by the primary before it was started.
  return serve(config, { prepared: cluster.isWorker });
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigurationError ? err.message : err);
  process.exit(1);
});
