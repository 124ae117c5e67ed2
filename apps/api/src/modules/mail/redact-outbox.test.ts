// Erasure finds a name in an e-mail's HTML body as the e-mails escape it, even where only that body holds it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';
import { outboundEmails } from '../../db/schema';
import { escapeHtml } from '../../lib/escape-html';
import { profileChangedEmail } from '../accounts/emails';
import { enqueueEmail, redactOutbox } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const NAME = 'Bell & "Co" <Ltd> O\'Hara';

describe('redactOutbox', () => {
  it('replaces a name with & < > " and \' in the text and in the HTML body as escaped there', async () => {
    const db = ctx.database.db;
    await enqueueEmail(db, profileChangedEmail('someone@example.com', [`Last name: now ${NAME}`]));
    // A message whose HTML alone names the person (a text body that never did).
    await enqueueEmail(db, {
      to: 'other@example.com',
      subject: 'A note',
      text: 'Nothing personal here.',
      html: `<p>From ${escapeHtml(NAME)}</p>`,
    });
    await redactOutbox(db, [{ text: NAME, replacement: '[deleted account]' }]);
    const rows = await db
      .select({ text: outboundEmails.textBody, html: outboundEmails.htmlBody })
      .from(outboundEmails)
      .where(eq(outboundEmails.status, 'pending'));
    for (const row of rows) {
      expect(row.text).not.toContain(NAME);
      expect(row.html).not.toContain(escapeHtml(NAME));
    }
    expect(rows.map((row) => row.html).join('\n')).toContain(escapeHtml('[deleted account]'));
    expect(rows.find((row) => row.text === 'Nothing personal here.')!.html).toBe(
      `<p>From ${escapeHtml('[deleted account]')}</p>`,
    );
  });
});
