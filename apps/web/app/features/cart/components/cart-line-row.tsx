import { type CartItemView, formatGbp, penceFromDecimal } from '@shop/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { productHref } from '~/lib/navigation';
import { BoxesField } from './boxes-field';

export const money = (decimal: string) => formatGbp(penceFromDecimal(decimal));

const NO_IMAGE = 'Image Not Available';

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
    <tr aria-busy={busy || undefined}>
      <td>
        <LineImage src={image?.image} alt={image?.alt_text || item.title} />
      </td>
      <td>{item.sku}</td>
      <td>
        {product ? (
          <Link to={productHref(product.category.slug, product.slug)}>{item.title}</Link>
        ) : (
          item.title
        )}
      </td>
      <td>
        <BoxesField
          sku={item.sku}
          packs={pendingPacks ?? line.pack_quantity}
          busy={busy}
          onCommit={(packs) => onPacks(line, packs)}
        />
        {line.unit_type === 'pallet' ? <span className="cart__tag">pallet price</span> : null}
      </td>
      <td className="numeric">{line.pack_quantity * item.units_per_pack}</td>
      <td className="numeric">{money(line.price_per_pack)}</td>
      <td className="numeric">{money(line.subtotal)}</td>
      <td className="numeric">
        {money(line.total)}
        {line.discount_percentage > 0 ? (
          <span className="cart__tag cart__tag--discount">−{line.discount_percentage}%</span>
        ) : null}
      </td>
    </tr>
  );
}
