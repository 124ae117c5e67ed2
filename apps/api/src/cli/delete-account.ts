import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { selectUserByEmail, selectUserById } from '../modules/accounts/service';
import { deletedAccountEmail, eraseAccount } from '../modules/accounts/service';
import { audit } from '../modules/administration/audit';

/**
 * `npm run delete-account -- --email buyer@example.com` (or `--id 42`): an owner erases a
 * customer's account on their request (UK GDPR Art. 17), with the same function as the buyer's own Delete
 * your account (docs/operations.md, "Deleting an account"). Staff and owners are refused: take their role
 * away first. Written to the audit log as the command line, by the account's id only.
 */
async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, id: { type: 'string' } } });
  if (!values.email === !values.id) throw new Error('Give --email or --id (one of them)');
  if (values.id !== undefined && !(/^[1-9]\d{0,9}$/.test(values.id) && Number(values.id) <= 2_147_483_647))
    throw new Error('--id must be an account id');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const user = values.email
      ? await selectUserByEmail(database.db, values.email.trim().toLowerCase())
      : await selectUserById(database.db, Number(values.id));
    if (!user) throw new Error(`No account has ${values.email ? 'that address' : 'that id'}.`);
    const { email } = user;
    if (email === deletedAccountEmail(user.id)) throw new Error(`The account ${user.id} is already deleted.`);
    if (user.role !== 'customer') {
      throw new Error(`${email} is ${user.role}: give it the customer role under Admin, Staff first.`);
    }
    await eraseAccount(database.db, user.id, (tx) =>
      audit(
        tx,
        { id: null, email: 'command line (delete-account)' },
        { action: 'user.delete', entityType: 'user', entityId: user.id },
      ),
    );
    console.log(
      `Deleted the account ${user.id}: its personal data is erased, its orders are kept. ${email} can sign up again.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
