// `npx tsx bench/session-check.ts`: what the session check of every authenticated request costs.
// On a scratch PostgreSQL database (DATABASE_URL, default the local server) with 10,000 users and
// 30,000 refresh tokens, one connection runs the prepared `accounts_live_session` statement 20,000 times for
// random live sessions and prints p50, p95 and p99 in microseconds. Dropped afterwards.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { prepareSessionCheck } from '../apps/api/src/modules/accounts/queries';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = 10_000;
const TOKENS_PER_USER = 3;
const RUNS = 20_000;

const name = `bench_session_${Date.now()}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
try {
  await database.migrate();
  const { db } = database;
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name)
    select 'bench' || n || '@example.com', 'x', 'Bench', 'Buyer' from generate_series(1, ${USERS}) n`);
  // Three sign-ins per user; of each, one live token and one rotated (revoked) one, as after a refresh.
  await db.execute(sql`
    insert into refresh_tokens (user_id, token_hash, family_id, expires_at, family_expires_at, revoked_at)
    select u.id, md5(u.id || '-' || f || '-' || r), (md5(u.id || '-' || f)::uuid),
           now() + interval '14 days', now() + interval '30 days', case when r = 1 then now() end
    from users u, generate_series(1, ${TOKENS_PER_USER}) f, generate_series(1, 2) r`);
  await db.execute(sql`analyze`);
  const sessions = (
    await db.execute<{ user_id: number; family_id: string }>(
      sql`select user_id, family_id from refresh_tokens where revoked_at is null`,
    )
  ).rows;
  const isLive = prepareSessionCheck(db);
  const pick = () => sessions[Math.floor(Math.random() * sessions.length)]!;
  for (let i = 0; i < 1000; i++) await isLive(pick().user_id, pick().family_id); // warm-up
  const micros: number[] = [];
  let live = 0;
  for (let i = 0; i < RUNS; i++) {
    const session = i % 10 === 0 ? { user_id: 1, family_id: randomUUID() } : pick();
    const started = process.hrtime.bigint();
    if (await isLive(session.user_id, session.family_id)) live++;
    micros.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  micros.sort((a, b) => a - b);
  const at = (q: number) => Math.round(micros[Math.floor(q * (micros.length - 1))]!);
  console.log(
    `accounts_live_session on PostgreSQL, ${RUNS} runs on one connection (${live} live): ` +
      `p50 ${at(0.5)} µs, p95 ${at(0.95)} µs, p99 ${at(0.99)} µs`,
  );
} finally {
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
