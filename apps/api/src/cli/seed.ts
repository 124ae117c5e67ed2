import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedDemoCatalogue, seedSyntheticCatalogue } from '../db/seed';

/** `npm run seed -- --items N`: the demo catalogue if empty, plus N synthetic items for benchmarks. */
async function main() {
  const { values } = parseArgs({ options: { items: { type: 'string', default: '0' } } });
  const items = Number(values.items);
  if (!Number.isInteger(items) || items < 0 || items > 2_000_000) {
    throw new Error(`--items must be a whole number from 0 to 2000000, not "${values.items}"`);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const seeded = await seedDemoCatalogue(database.db);
    console.log(seeded ? 'Seeded the demo catalogue.' : 'The demo catalogue is already there.');
    if (items > 0) {
      const started = Date.now();
      await seedSyntheticCatalogue(database.db, { items });
      console.log(`Added ${items} synthetic items in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
