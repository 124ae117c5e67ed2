import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoCatalogue } from './db/seed';
import { createSmtpTransport, startMailSender } from './modules/mail/sender';
import { storefront } from './storefront';

const SHUTDOWN_GRACE_MS = 10_000;

/** The web app's folder: apps/web, from apps/api/src or apps/api/dist. */
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

async function main() {
  const config = loadConfig();
  const dev = process.argv.includes('--dev');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  if (config.seedDemo) await seedDemoCatalogue(database.db);

  const app = await buildApp({
    config,
    database,
    storefront: storefront({
      mode: dev ? 'development' : 'production',
      webRoot,
      publicUrl: config.publicUrl,
    }),
  });

  // The outbox is delivered only when there is somewhere to deliver it; otherwise mail waits in the database.
  const mailSender = config.smtpUrl
    ? startMailSender({
        db: database.db,
        transport: createSmtpTransport(config.smtpUrl, config.mailFrom),
        log: app.log,
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
    app
      .close()
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

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    `shop ready on http://localhost:${config.port}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
