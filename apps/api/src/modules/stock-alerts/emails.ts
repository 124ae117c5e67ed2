import { backInStockWords, productPagePath } from '@shop/domain';
import type { OutgoingEmail } from '../mail/service';
import type { SpentAlert } from './queries';

const SHOP = 'PackRight Supplies';

/** The code a visitor confirms their alert with; it names the item, so they know what they asked for. */
export function alertCodeEmail(
  to: string,
  item: { title: string; sku: string },
  code: string,
): OutgoingEmail {
  return {
    to,
    subject: `Your ${SHOP} stock alert code`,
    text: [
      `Use this code to confirm your alert for ${item.title} (SKU ${item.sku}): ${code}`,
      'It expires in 10 minutes. Never share it: our staff will never ask you for it.',
      'If you did not ask for it, you can ignore this e-mail: nothing is sent to you unless the code is entered.',
      SHOP,
      '',
    ].join('\n\n'),
  };
}

/** The one e-mail a spent alert sends: the item, its SKU and its product page. */
export function backInStockEmail(alert: SpentAlert, publicUrl: string): OutgoingEmail {
  const url = `${publicUrl}${productPagePath(alert.categorySlug, alert.productSlug)}`;
  const { subject, lines } = backInStockWords({ title: alert.title, sku: alert.sku, url });
  return { to: alert.email, subject, text: [...lines, SHOP, ''].join('\n\n') };
}
