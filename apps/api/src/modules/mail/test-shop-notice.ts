import { TEST_SHOP_NOTICE } from '@shop/domain';

/** The notice as the first paragraph of an HTML body: navy on amber (about 8:1), as on the shop's pages. */
const HTML_NOTICE =
  '<p style="margin:0 0 16px;padding:8px 12px;background:#f5b700;color:#0a2c44;font-weight:bold">' +
  `${TEST_SHOP_NOTICE}</p>`;

/**
 * A test shop's message as it is delivered: the notice first in the text and in the HTML (just inside its
 * <body>, or before everything when it has none). Applied when a message leaves the outbox, not when it is
 * queued, so every path that queues mail, SQL statements included, gets it.
 */
export function withTestShopNotice<M extends { text: string; html?: string | null }>(message: M): M {
  const html = message.html
    ? /<body\b[^>]*>/i.test(message.html)
      ? message.html.replace(/<body\b[^>]*>/i, (body) => `${body}${HTML_NOTICE}`)
      : `${HTML_NOTICE}${message.html}`
    : message.html;
  return { ...message, text: `${TEST_SHOP_NOTICE}\n\n${message.text}`, html };
}
