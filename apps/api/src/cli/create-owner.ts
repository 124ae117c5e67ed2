import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createOwner } from '../modules/administration/create-owner';

/**
 * `npm run create-owner -- --email owner@example.com --password '…' [--first-name A --last-name B]`: the
 * shop's first owner, who signs in at /login and adds staff from /admin. An existing account is made an owner
 * and keeps its password.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string', default: '' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  if (!values.email) throw new Error('--email is required');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const outcome = await createOwner(database.db, {
      email: values.email,
      password: values.password,
      ...(values['first-name'] ? { firstName: values['first-name'] } : {}),
      ...(values['last-name'] ? { lastName: values['last-name'] } : {}),
    });
    console.log(
      outcome === 'created'
        ? `Created the owner ${values.email.trim().toLowerCase()}: sign in at /login, then open /admin.`
        : `${values.email.trim().toLowerCase()} already had an account: it is now an owner (password unchanged).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
