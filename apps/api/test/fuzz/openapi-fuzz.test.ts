// Fuzzes every operation of the OpenAPI document with hostile requests made by fast-check, and proves the
// API never answers 5xx, answers every 4xx in the DRF shape without internals, and writes nothing when it
// refuses. FUZZ_SEED and FUZZ_RUNS change the seed (printed) and the number of requests; FUZZ_ONLY keeps
// the operations whose id contains it. `npm run fuzz` sends 100,000.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers, users } from '../../src/db/schema';
import { ACCESS_TOKEN_TYP, AUDIENCE, ISSUER, keyIdOf } from '../../src/modules/accounts/tokens';
import { staffMember } from '../support/administration';
import { itemBySku, newShopper, tierId } from '../support/carts';
import { tradeCompany } from '../support/orders';
import { withQuoteCalls } from '../support/quotes';
import { createTestApp, testConfig, type TestContext } from '../helper';
import { answerProblems, changedTables, checksumQuery, type Checksums } from './checks';
import {
  describeRequest,
  MALFORMED_AUTHORIZATION,
  operationsOf,
  requestArbitrary,
  type AuthVariant,
  type FuzzRequest,
  type OpenApiDocument,
  type Operation,
  type RequestOptions,
} from './requests';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
// 10,000 requests in every run of the suite (about 100 an operation); `npm run fuzz` sends 100,000.
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const ONLY = process.env.FUZZ_ONLY;
/** Requests between two checksums of every table. */
const BATCH = 200;
/**
 * Operations that hash a password (argon2, deliberately slow) or send mail get this share of an ordinary
 * operation's requests; their rate limits answer most of them with a 429 anyway.
 */
const SLOW_SHARE = 0.2;
const SLOW_OPERATIONS = [
  'POST /api/account/signup/',
  'POST /api/account/login/',
  'POST /api/account/reset-password/',
  'POST /api/account/update-password/',
  'POST /api/account/email-authentication/',
  'POST /api/account/delete/',
  'POST /api/stock-alerts/',
];
/**
 * Operations left out: signing out everywhere takes no input but the token, and would end the session of the
 * shopper most requests act as, so the rest of the run would test little beyond the 401 (its own tests cover
 * it, accounts/profile.test.ts).
 */
const EXCLUDED_OPERATIONS = ['POST /api/account/logout-all/'];

/**
 * The back-office areas of the trade accounts, their receivables, quotes and the settings they read (bank details,
 * delivery, receivables): sent mostly with an owner's token, so they are exercised past the role check. The
 * rest of the back office is sent with the shopper's (refused with 403), as before.
 */
const STAFF_AREAS = /^\/api\/administration\/(companies|quotes|settings)\//;

/**
 * The areas of trade accounts (companies, held orders, invoices, statements), receivables, delivery, saved lists,
 * stock alerts and quotes, customer-side and staff-side: they get FOCUS_SHARE times an ordinary operation's
 * requests, enough for a hostile value to meet a row that exists and a token that may act on it.
 */
const FOCUS_AREAS =
  /\/(account\/company|account\/invitations|account\/trade-account|administration\/companies|quotes|administration\/quotes|account\/lists|stock-alerts|account\/stock-alerts|delivery|administration\/settings)(\/|\.|$)|delivery-(options|promise)/;
const FOCUS_SHARE = 6;

const JWT_SECRET = 'fuzz-signing-secret-0123456789-abcdefghijklmnop';
const OTHER_SECRET = 'another-signing-secret-0123456789-abcdefghijklm';

interface Claims {
  sub?: string;
  /** The session (refresh-token family) the token belongs to. */
  sid?: string;
  token_type?: string;
  expiresIn?: number;
  secret?: string;
  kid?: string;
  typ?: string;
}

/** An access token as tokens.ts signs one, with one thing changed. */
async function forgedToken({
  sub = '1',
  sid = randomUUID(),
  token_type = 'access',
  expiresIn = 900,
  secret = JWT_SECRET,
  kid = keyIdOf(JWT_SECRET),
  typ = ACCESS_TOKEN_TYP,
}: Claims): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_type, sid })
    .setProtectedHeader({ alg: 'HS256', typ, kid })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + expiresIn)
    .setJti(`fuzz-${sub}-${expiresIn}`)
    .sign(new TextEncoder().encode(secret));
}

/** The payload of a token with `alg: none` (no signature). */
function unsignedToken(sub: string, sid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'none', typ: ACCESS_TOKEN_TYP })}.${part({
    sub,
    sid,
    token_type: 'access',
    iss: ISSUER,
    aud: AUDIENCE,
    iat: now,
    exp: now + 900,
    jti: 'x',
  })}.`;
}

interface Outcome {
  request: FuzzRequest;
  status: number;
  problems: string[];
}

interface Finding {
  operation: string;
  problem: string;
  request: string;
  status: number;
  body: string;
  /** Where fast-check made the request, to replay and shrink it. */
  origin?: Origin;
}

/** A request's batch seed and its place in the batch (fast-check's replay path). */
interface Origin {
  operationIndex: number;
  seed: number;
  path: string;
}

const origins = new WeakMap<FuzzRequest, Origin>();

let ctx: TestContext;
let operations: Operation[];
let options: RequestOptions;
let checksums: () => Promise<Checksums>;

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ JWT_SECRET }) });

  // The shopper whose token most requests carry, with lines in the cart to change and delete.
  const shopper = await newShopper(ctx, 'fuzz');
  const wrap = await itemBySku(ctx, 'PW-HAND-400-CL');
  const gun = await itemBySku(ctx, 'TD-PRO-75');
  await shopper.added([
    {
      cart: shopper.cartId,
      item: wrap.id,
      pricing_tier: await tierId(ctx, wrap.variantId, 'pack', 1),
      pack_quantity: 2,
    },
    {
      cart: shopper.cartId,
      item: gun.id,
      pricing_tier: await tierId(ctx, gun.variantId, 'pack', 1),
      pack_quantity: 1,
    },
  ]);
  // The shopper administers an approved trade account, so the company, held-order, invoice, statement and
  // on-account routes answer them past 403/404; a pending application and a quote request give staff's calls
  // rows to find.
  const company = await tradeCompany(ctx, { creditLimitPence: 500_000 });
  await ctx.database.db
    .insert(companyMembers)
    .values({ companyId: company.id, userId: shopper.userId, role: 'administrator' });
  const pending = await tradeCompany(ctx, { status: 'pending' });
  const quoted = await withQuoteCalls(ctx, shopper).request();
  if (quoted.statusCode !== 201) throw new Error(`quote refused: ${quoted.body}`);
  const knownIds = [company.id, pending.id, quoted.json<{ id: number }>().id, shopper.cartId];
  const owner = await staffMember(ctx, 'owner', 'fuzz-owner');
  const other = await newShopper(ctx, 'other');
  const deleted = await newShopper(ctx, 'deleted');
  await ctx.database.db.delete(users).where(eq(users.id, deleted.userId));

  const bearer = (token: string) => `Bearer ${token}`;
  // The shopper's own session, so forged tokens fail on the one thing changed.
  const sid = String(decodeJwt(shopper.token).sid);
  const sub = String(shopper.userId);
  const valid = { name: 'valid', authorization: bearer(shopper.token) };
  const bad: AuthVariant[] = [
    { name: 'none' },
    { name: 'other user', authorization: bearer(other.token) },
    { name: 'deleted user', authorization: bearer(deleted.token) },
    { name: 'expired', authorization: bearer(await forgedToken({ sub, sid, expiresIn: -60 })) },
    { name: 'bad signature', authorization: bearer(await forgedToken({ sub, sid, secret: OTHER_SECRET })) },
    { name: 'unknown key', authorization: bearer(await forgedToken({ sub, sid, kid: 'nope' })) },
    { name: 'alg none', authorization: bearer(unsignedToken(sub, sid)) },
    { name: 'not access', authorization: bearer(await forgedToken({ sub, sid, token_type: 'refresh' })) },
    { name: 'wrong typ', authorization: bearer(await forgedToken({ sub, sid, typ: 'JWT' })) },
    { name: 'no such session', authorization: bearer(await forgedToken({ sub })) },
    {
      name: 'session of another user',
      authorization: bearer(await forgedToken({ sub: String(other.userId), sid })),
    },
    { name: 'sid not a uuid', authorization: bearer(await forgedToken({ sub, sid: "1' or '1'='1" })) },
    { name: 'no such user', authorization: bearer(await forgedToken({ sub: '99999999', sid })) },
    { name: 'user past int4', authorization: bearer(await forgedToken({ sub: '2147483648', sid })) },
    {
      name: 'user 2^53-1',
      authorization: bearer(await forgedToken({ sub: String(Number.MAX_SAFE_INTEGER), sid })),
    },
    { name: 'user 0', authorization: bearer(await forgedToken({ sub: '0', sid })) },
    { name: 'tampered', authorization: bearer(`${shopper.token.slice(0, -2)}AA`) },
    { name: 'lower-case scheme', authorization: `bearer ${shopper.token}` },
    { name: 'twice', authorization: `${bearer(shopper.token)}, ${bearer(shopper.token)}` },
    ...MALFORMED_AUTHORIZATION.map((authorization, i) => ({ name: `malformed ${i}`, authorization })),
  ];
  options = {
    securedAuth: fc.oneof(
      { weight: 3, arbitrary: fc.constant(valid) },
      { weight: 2, arbitrary: fc.constantFrom(...bad) },
    ),
    publicAuth: fc.oneof(
      { weight: 6, arbitrary: fc.constant<AuthVariant>({ name: 'none' }) },
      { weight: 1, arbitrary: fc.constant(valid) },
      { weight: 1, arbitrary: fc.constantFrom(...bad) },
    ),
    staffAuth: fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constant<AuthVariant>({ name: 'owner', authorization: bearer(owner.token) }),
      },
      { weight: 1, arbitrary: fc.constant(valid) },
      { weight: 1, arbitrary: fc.constantFrom(...bad) },
    ),
    staffOperation: (operation) => STAFF_AREAS.test(operation.path),
    knownIds,
  };

  const docs = await ctx.app.inject({ url: '/api/docs/json' });
  operations = operationsOf(docs.json<OpenApiDocument>()).filter(
    (op) => (!ONLY || op.id.includes(ONLY)) && !EXCLUDED_OPERATIONS.includes(op.id),
  );
  checksums = await checksumQuery(ctx.database);
}, 120_000);
afterAll(() => ctx?.close());

async function send(request: FuzzRequest) {
  return ctx.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    remoteAddress: request.remoteAddress,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

async function attempt(request: FuzzRequest): Promise<Outcome & { body: string }> {
  const answer = await send(request);
  return {
    request,
    status: answer.statusCode,
    body: answer.body,
    problems: answerProblems(request.operation, answer),
  };
}

/** A seed of its own for each batch of each operation, so any batch can be replayed from the printed seed. */
function batchSeed(operationIndex: number, batch: number): number {
  return (SEED + operationIndex * 1_000_003 + batch * 7_919) | 0;
}

/**
 * How many requests each operation gets: equal shares, the slow ones a fraction, the trade, receivables,
 * delivery, lists, alerts and quotes areas (FOCUS_AREAS) a larger one, at least 50 each.
 */
function plan(list: Operation[]): Map<string, number> {
  const weight = (op: Operation) =>
    SLOW_OPERATIONS.includes(op.id) ? SLOW_SHARE : FOCUS_AREAS.test(op.path) ? FOCUS_SHARE : 1;
  const total = list.reduce((sum, op) => sum + weight(op), 0);
  return new Map(list.map((op) => [op.id, Math.max(50, Math.round((RUNS * weight(op)) / total))]));
}

/**
 * Replays a failing request from its seed and path and lets fast-check shrink it to a smaller request with
 * the same problem; answers the smallest one, or undefined when the replay no longer fails (state moved on).
 */
async function shrink(origin: Origin, problem: string): Promise<string | undefined> {
  const arbitrary = requestArbitrary(operations[origin.operationIndex]!, options);
  const result = await fc.check(
    fc.asyncProperty(arbitrary, async (request) => !(await attempt(request)).problems.includes(problem)),
    {
      seed: origin.seed,
      path: origin.path,
      numRuns: BATCH,
      interruptAfterTimeLimit: 20_000,
      markInterruptAsFailure: false,
    },
  );
  return result.failed && result.counterexample ? describeRequest(result.counterexample[0]) : undefined;
}

describe('OpenAPI fuzz', () => {
  it(
    'answers hostile requests to every operation without a 5xx, in the DRF shape, writing nothing when it refuses',
    async () => {
      const runs = plan(operations);
      const totalRuns = [...runs.values()].reduce((a, b) => a + b, 0);
      console.log(
        `OpenAPI fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} (${totalRuns} requests over ${operations.length} operations)`,
      );
      expect(operations.length).toBeGreaterThanOrEqual(ONLY ? 1 : 25);

      const findings: Finding[] = [];
      const statuses = new Map<string, Map<number, number>>();
      const elapsed = new Map<string, number>();
      let unverified = 0;
      let verifiedRefusals = 0;
      const started = Date.now();

      const record = (outcome: Outcome & { body: string }) => {
        const counts = statuses.get(outcome.request.operation) ?? new Map<number, number>();
        counts.set(outcome.status, (counts.get(outcome.status) ?? 0) + 1);
        statuses.set(outcome.request.operation, counts);
        for (const problem of outcome.problems) {
          findings.push({
            operation: outcome.request.operation,
            problem,
            request: describeRequest(outcome.request),
            status: outcome.status,
            body: outcome.body.slice(0, 500),
            ...(origins.has(outcome.request) ? { origin: origins.get(outcome.request)! } : {}),
          });
        }
      };

      /** Names the refused request that changed a table, by replaying the batch one request at a time. */
      const locateWrite = async (requests: FuzzRequest[], tables: string[]) => {
        for (const request of requests) {
          const before = await checksums();
          const outcome = await attempt(request);
          const changed = changedTables(before, await checksums());
          if (outcome.status >= 400 && changed.length > 0) {
            findings.push({
              operation: request.operation,
              problem: `refused request changed ${changed.join(', ')}`,
              request: describeRequest(request),
              status: outcome.status,
              body: outcome.body.slice(0, 500),
            });
            return;
          }
        }
        findings.push({
          operation: requests[0]!.operation,
          problem: `a batch of refused requests changed ${tables.join(', ')}; not reproduced one by one`,
          request: requests.map(describeRequest).join('\n'),
          status: 0,
          body: '',
        });
      };

      /**
       * Sends requests between two checksums; when all were refused, the tables must be as they were.
       * When some were accepted (and may have written), the refused ones are sent again on their own.
       */
      const runChecked = async (requests: FuzzRequest[], replays: number, count: boolean) => {
        const before = await checksums();
        const outcomes = [];
        for (const request of requests) {
          const outcome = await attempt(request);
          if (count) record(outcome);
          outcomes.push(outcome);
        }
        const refused = outcomes.filter((o) => o.status >= 400).map((o) => o.request);
        if (refused.length === 0) return;
        if (refused.length === requests.length) {
          const changed = changedTables(before, await checksums());
          if (changed.length > 0) await locateWrite(requests, changed);
          else verifiedRefusals += refused.length;
        } else if (replays > 0) {
          await runChecked(refused, replays - 1, false);
        } else {
          unverified += refused.length;
        }
      };

      for (const [index, operation] of operations.entries()) {
        const operationStarted = Date.now();
        const arbitrary = requestArbitrary(operation, options);
        const total = runs.get(operation.id)!;
        for (let batch = 0; batch * BATCH < total; batch++) {
          const seed = batchSeed(index, batch);
          const requests = fc.sample(arbitrary, { seed, numRuns: Math.min(BATCH, total - batch * BATCH) });
          requests.forEach((request, i) =>
            origins.set(request, { operationIndex: index, seed, path: String(i) }),
          );
          if (operation.method === 'GET') for (const request of requests) record(await attempt(request));
          else await runChecked(requests, 2, true);
        }
        elapsed.set(operation.id, Date.now() - operationStarted);
      }

      const seconds = (Date.now() - started) / 1000;
      const byStatus = new Map<number, number>();
      for (const counts of statuses.values()) {
        for (const [status, n] of counts) byStatus.set(status, (byStatus.get(status) ?? 0) + n);
      }
      const line = (counts: Map<number, number>) =>
        [...counts]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}:${n}`)
          .join(' ');
      console.log(
        [
          `OpenAPI fuzz summary: seed ${SEED}, ${totalRuns} requests in ${seconds.toFixed(1)} s`,
          `  statuses: ${line(byStatus)}`,
          `  refusals proven to write nothing: ${verifiedRefusals}; left unproven (beside accepted writes): ${unverified}`,
          ...operations.map(
            (op) =>
              `  ${op.id.padEnd(46)} ${String(elapsed.get(op.id) ?? 0).padStart(6)} ms  ${line(statuses.get(op.id) ?? new Map())}`,
          ),
          `  findings: ${findings.length}`,
        ].join('\n'),
      );
      const distinct = new Map<string, Finding>();
      for (const finding of findings) {
        const key = `${finding.operation} ${finding.problem}`;
        if (!distinct.has(key)) distinct.set(key, finding);
      }
      for (const finding of distinct.values()) {
        const shrunk = finding.origin ? await shrink(finding.origin, finding.problem) : undefined;
        console.log(
          [
            `FINDING ${finding.operation}: ${finding.problem}`,
            `  request: ${finding.request}`,
            `  answer: ${finding.status} ${finding.body}`,
            ...(finding.origin
              ? [`  replay: fc seed ${finding.origin.seed}, path ${finding.origin.path}`]
              : []),
            ...(shrunk ? [`  shrunk: ${shrunk}`] : []),
          ].join('\n'),
        );
      }
      expect([...distinct.keys()]).toEqual([]);
      for (const operation of operations) expect(statuses.get(operation.id)?.size ?? 0).toBeGreaterThan(0);
    },
    30 * 60_000,
  );
});
