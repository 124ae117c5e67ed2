import { TEST_SHOP_NOTICE } from '@shop/domain';

/**
 * The line at the very top of every page of a shop whose payments go to the built-in test processor: read
 * first, nothing to focus, and it never covers or moves anything after render. A status (advisory text, not a
 * landmark), so assistive technology and axe's region rule count it as page content of its own; it is in the
 * server's HTML, so it is not announced as a change.
 */
export function TestShopNotice() {
  return (
    <p className="test-shop-notice" role="status">
      {TEST_SHOP_NOTICE}
    </p>
  );
}
