import { createServer, type AddressInfo } from 'node:net';
import { TEST_SHOP_NOTICE } from '@shop/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails } from '../../db/schema';
import { createTestDatabase } from '../../../test/helper';
import { startTestSmtp, type ReceivedMail } from '../../../test/smtp';
import type { Database } from '../../db/client';
import { claimDueEmails, enqueueEmail } from './queries';
import {
  createSmtpTransport,
  deliverDueEmails,
  MAX_ATTEMPTS,
  retryDelaySeconds,
  startMailSender,
} from './sender';

const FROM = 'PackRight Supplies <no-reply@packright.example>';

let database: Database;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let smtpPort: number;
const received: ReceivedMail[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp((mail) => received.push(mail));
  smtpPort = smtp.port;
});

afterAll(async () => {
  await smtp.close();
  await database.close();
});

const db = () => database.db;

/** Puts a message in the outbox and answers its id. */
async function enqueue(to: string, subject: string) {
  await enqueueEmail(db(), { to, subject, text: `Hello ${to}`, html: `<p>Hello ${to}</p>` });
  const [row] = await db().select().from(outboundEmails).where(eq(outboundEmails.subject, subject));
  return row!.id;
}

async function row(id: number) {
  const [found] = await db().select().from(outboundEmails).where(eq(outboundEmails.id, id));
  return found!;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('deliverDueEmails', () => {
  it('delivers an outbox message through a real SMTP server and marks it sent', async () => {
    const id = await enqueue('buyer@example.com', 'Your order is on its way');
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtpPort}`, FROM);
    const report = await deliverDueEmails(db(), transport);
    transport.close?.();
    expect(report).toEqual({ sent: 1, retrying: 0, failed: 0 });

    const message = received.find((m) => m.raw.includes('Your order is on its way'));
    expect(message).toBeDefined();
    expect(message!.from).toBe('no-reply@packright.example');
    expect(message!.to).toEqual(['buyer@example.com']);
    expect(message!.raw).toMatch(/^From: PackRight Supplies <no-reply@packright\.example>$/m);
    expect(message!.raw).toMatch(/^To: buyer@example\.com$/m);
    expect(message!.raw).toContain('Hello buyer@example.com');
    expect(message!.raw).toContain('<p>Hello buyer@example.com</p>');

    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: expect.any(Date),
    });
    // Nothing is sent twice.
    const again = createSmtpTransport(`smtp://127.0.0.1:${smtpPort}`, FROM);
    expect(await deliverDueEmails(db(), again)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    again.close?.();
  });

  it('keeps a message when the SMTP server is down, and tries again later', async () => {
    const id = await enqueue('later@example.com', 'Retry me');
    const transport = createSmtpTransport(`smtp://127.0.0.1:${await closedPort()}`, FROM);
    const report = await deliverDueEmails(db(), transport);
    expect(report).toMatchObject({ retrying: 1 });
    const kept = await row(id);
    expect(kept).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(kept.lastError).toMatch(/ECONNREFUSED/);
    expect(kept.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: the next pass leaves it alone.
    expect(await deliverDueEmails(db(), transport)).toEqual({ sent: 0, retrying: 0, failed: 0 });

    // Once due and the server is back, it goes out.
    await db()
      .update(outboundEmails)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outboundEmails.id, id));
    const working = createSmtpTransport(`smtp://127.0.0.1:${smtpPort}`, FROM);
    expect(await deliverDueEmails(db(), working)).toMatchObject({ sent: 1 });
    working.close?.();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(received.some((m) => m.raw.includes('Retry me'))).toBe(true);
  });

  it(`gives a message up after ${MAX_ATTEMPTS} tries`, async () => {
    const id = await enqueue('never@example.com', 'Give up');
    await db()
      .update(outboundEmails)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outboundEmails.id, id));
    const transport = createSmtpTransport(`smtp://127.0.0.1:${await closedPort()}`, FROM);
    expect(await deliverDueEmails(db(), transport)).toMatchObject({ failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('claims a message once: a second sender does not take what the first is sending', async () => {
    const id = await enqueue('claim@example.com', 'Claimed once');
    const first = await claimDueEmails(db(), 50);
    expect(first.map((m) => m.id)).toContain(id);
    const second = await claimDueEmails(db(), 50);
    expect(second.map((m) => m.id)).not.toContain(id);
    // Leave it sent so later tests do not see it.
    await db().update(outboundEmails).set({ status: 'sent' }).where(eq(outboundEmails.id, id));
  });

  it.each([
    [1, 30],
    [2, 60],
    [3, 120],
    [8, 3600],
    [10, 3600],
  ])('waits %i → %i s before the next try', (attempts, seconds) => {
    expect(retryDelaySeconds(attempts)).toBe(seconds);
  });
});

describe('a test shop’s e-mail', () => {
  /** The message's text part and HTML part as they arrived (quoted-printable undone). */
  function parts(raw: string) {
    const unfolded = raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const text = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/.exec(unfolded)?.[1] ?? '';
    const html = /Content-Type: text\/html[^]*?\r?\n\r?\n([^]*?)\r?\n--/.exec(unfolded)?.[1] ?? '';
    return { text, html };
  }

  it('opens every message with the notice when the test processor takes payments, however it was queued', async () => {
    await enqueueEmail(db(), {
      to: 'staging@example.com',
      subject: 'Queued by a service',
      text: 'Your code is 123456.',
      html: '<!doctype html><html><body style="font-family:Arial"><p>Your code is 123456.</p></body></html>',
    });
    // As the order's statement queues its confirmation: straight into the outbox, in SQL.
    await db().execute(sql`
      insert into outbound_emails (to_address, subject, text_body)
      values ('staging@example.com', 'Queued in SQL', 'Thank you for your order #42.')`);
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtpPort}`, FROM);
    expect(await deliverDueEmails(db(), transport, { testShop: true })).toMatchObject({ sent: 2 });
    transport.close?.();

    const service = parts(received.find((m) => m.raw.includes('Queued by a service'))!.raw);
    expect(service.text).toMatch(new RegExp(`^${TEST_SHOP_NOTICE}\\r?\\n\\r?\\nYour code is 123456\\.`));
    expect(service.html).toMatch(
      new RegExp(
        `^<!doctype html><html><body style="font-family:Arial"><p [^>]*>${TEST_SHOP_NOTICE}</p><p>Your code`,
      ),
    );
    const queuedInSql = received.find((m) => m.raw.includes('Queued in SQL'))!.raw;
    expect(queuedInSql).toMatch(
      new RegExp(`\\r?\\n\\r?\\n${TEST_SHOP_NOTICE}\\r?\\n\\r?\\nThank you for your order #42\\.`),
    );
  });

  it('sends a real shop’s messages as they were written', async () => {
    await enqueue('real@example.com', 'From a real shop');
    const transport = createSmtpTransport(`smtp://127.0.0.1:${smtpPort}`, FROM);
    expect(await deliverDueEmails(db(), transport, { testShop: false })).toMatchObject({ sent: 1 });
    transport.close?.();
    const message = received.find((m) => m.raw.includes('From a real shop'))!;
    expect(message.raw).not.toContain(TEST_SHOP_NOTICE);
    expect(message.raw).toContain('Hello real@example.com');
  });
});

describe('startMailSender', () => {
  it('delivers in the background and stops cleanly', async () => {
    const id = await enqueue('background@example.com', 'Sent by the loop');
    const logged: string[] = [];
    const log = {
      info: (_obj: unknown, msg: string) => logged.push(msg),
      warn: () => undefined,
      error: () => undefined,
    } as unknown as Parameters<typeof startMailSender>[0]['log'];
    const sender = startMailSender({
      db: db(),
      transport: createSmtpTransport(`smtp://127.0.0.1:${smtpPort}`, FROM),
      log,
      intervalMs: 50,
    });
    const deadline = Date.now() + 10_000;
    while ((await row(id)).status !== 'sent' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await sender.stop();
    expect((await row(id)).status).toBe('sent');
    expect(logged).toContain('outbox pass');
  });
});
