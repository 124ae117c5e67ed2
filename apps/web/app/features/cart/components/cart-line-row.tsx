import { type CartItemView, formatDecimalGbp } from '@shop/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { productHref } from '~/lib/navigation';
import { BoxesField } from './boxes-field';

const NO_IMAGE = 'Image Not Available';

/**
 * The cart's columns in order: the table's headings, and the label each figure shows where the table is
 * laid out as one card per line (a phone's width, styles/cart.css).
 */
export const CART_COLUMNS = {
  image: 'Image',
  sku: 'SKU',
  item: 'Item',
  boxes: 'Boxes',
  units: 'Units',
  price: 'Box Price',
  subtotal: 'Subtotal',
  total: 'Total',
} as const;

function LineImage({ src, alt }: { src: string | undefined; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <span className="cart__no-image">{NO_IMAGE}</span>;
  return (
    <img
      src={src}
      alt={alt}
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

interface CartLineRowProps {
  line: CartItemView;
  /** The count being sent for this line, shown in its field until the cart is read again. */
  pendingPacks: number | undefined;
  onPacks: (line: CartItemView, packs: number) => void;
}

/** One line of the cart: image, SKU, item (linked to its product), boxes, units and the server's money. */
export function CartLineRow({ line, pendingPacks, onPacks }: CartLineRowProps) {
  const { item } = line;
  const image = item.images[0];
  // A line without its variant still shows; changing it says why it cannot be (spec 2, §8 Cart).
  const product = item.product_variant?.product;
  const busy = pendingPacks !== undefined;
  return (
    <tr className="cart__line" aria-busy={busy || undefined}>
      <td className="cart__image">
        <LineImage src={image?.image} alt={image?.alt_text || item.title} />
      </td>
      <td className="cart__sku" data-label={CART_COLUMNS.sku}>
        {item.sku}
      </td>
      <td className="cart__item">
        {product ? (
          <Link to={productHref(product.category.slug, product.slug)}>{item.title}</Link>
        ) : (
          item.title
        )}
      </td>
      <td className="cart__boxes" data-label={CART_COLUMNS.boxes}>
        <BoxesField
          sku={item.sku}
          packs={pendingPacks ?? line.pack_quantity}
          busy={busy}
          onCommit={(packs) => onPacks(line, packs)}
        />
        {line.unit_type === 'pallet' ? <span className="cart__tag">pallet price</span> : null}
      </td>
      <td className="cart__units numeric" data-label={CART_COLUMNS.units}>
        {line.pack_quantity * item.units_per_pack}
      </td>
      <td className="cart__price numeric" data-label={CART_COLUMNS.price}>
        {formatDecimalGbp(line.price_per_pack)}
      </td>
      <td className="cart__subtotal numeric" data-label={CART_COLUMNS.subtotal}>
        {formatDecimalGbp(line.subtotal)}
      </td>
      <td className="cart__total numeric" data-label={CART_COLUMNS.total}>
        {formatDecimalGbp(line.total)}
        {line.discount_percentage > 0 ? (
          <span className="cart__tag cart__tag--discount">−{line.discount_percentage}%</span>
        ) : null}
      </td>
    </tr>
  );
}
