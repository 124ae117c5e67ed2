import { TEST_SHOP_NOTICE } from '@shop/domain';

/**
 * The line at the very top of every page of a shop whose payments go to the built-in test processor. Plain
 * text, no landmark and nothing to focus: it is read first and never covers or moves anything after render.
 */
export function TestShopNotice() {
  return <p className="test-shop-notice">{TEST_SHOP_NOTICE}</p>;
}
