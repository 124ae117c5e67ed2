import { CART_MESSAGES, type CartItemView, formatDecimalGbp } from '@shop/domain';
import { type Ref, useState } from 'react';
import { Link } from 'react-router';
import { type LineColumn, LinesTable } from '~/features/commerce/components/lines-table';
import { productHref } from '~/lib/navigation';
import { BoxesField } from './boxes-field';

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

interface CartLinesProps {
  lines: readonly CartItemView[];
  tableRef: Ref<HTMLTableElement>;
  /** The count being sent for a line, shown in its field until the cart is read again. */
  pendingPacks: (lineId: number) => number | undefined;
  onPacks: (line: CartItemView, packs: number) => void;
  /** A removal or its undo is in flight: every Remove waits. */
  removing: boolean;
  /** Removes the line whatever its boxes (with Undo, `useLineRemoval`). */
  onRemove: (line: CartItemView) => void;
}

/**
 * The cart's lines, one column a figure: image, SKU, item (linked to its product), boxes, units and the
 * server's money. Each heading is also the label a figure shows where a line is a card (a phone's width,
 * styles/cart.css).
 */
export function CartLines({ lines, tableRef, pendingPacks, onPacks, removing, onRemove }: CartLinesProps) {
  const columns: readonly LineColumn<CartItemView>[] = [
    {
      heading: 'Image',
      className: 'cart__image',
      unlabelled: true,
      cell: ({ item }) => (
        <LineImage src={item.images[0]?.image} alt={item.images[0]?.alt_text || item.title} />
      ),
    },
    { heading: 'SKU', className: 'cart__sku', cell: ({ item }) => item.sku },
    {
      heading: 'Item',
      className: 'cart__item',
      unlabelled: true,
      cell: ({ item }) => {
        // A line without its variant still shows; changing it says why it cannot be (spec 2, §8 Cart).
        const product = item.product_variant?.product;
        return product ? (
          <Link to={productHref(product.category.slug, product.slug)}>{item.title}</Link>
        ) : (
          item.title
        );
      },
    },
    {
      heading: 'Boxes',
      className: 'cart__boxes',
      cell: (line) => {
        const pending = pendingPacks(line.id);
        return (
          <>
            <BoxesField
              sku={line.item.sku}
              packs={pending ?? line.pack_quantity}
              busy={pending !== undefined}
              onCommit={(packs) => onPacks(line, packs)}
            />
            {line.unit_type === 'pallet' ? <span className="cart__tag">pallet price</span> : null}
            <button
              type="button"
              className="cart__remove"
              aria-label={`Remove ${line.item.title}`}
              aria-disabled={removing || pending !== undefined || undefined}
              onClick={() => {
                if (!removing && pending === undefined) onRemove(line);
              }}
            >
              Remove
            </button>
          </>
        );
      },
    },
    {
      heading: 'Units',
      className: 'cart__units numeric',
      cell: (line) => line.pack_quantity * line.item.units_per_pack,
    },
    {
      heading: 'Box Price',
      className: 'cart__price numeric',
      cell: (line) => formatDecimalGbp(line.price_per_pack),
    },
    {
      heading: 'Subtotal',
      className: 'cart__subtotal numeric',
      cell: (line) => formatDecimalGbp(line.subtotal),
    },
    {
      heading: 'Total',
      className: 'cart__total numeric',
      cell: (line) => (
        <>
          {formatDecimalGbp(line.total)}
          {line.discount_percentage > 0 ? (
            <span className="cart__tag cart__tag--discount">−{line.discount_percentage}%</span>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <LinesTable
      label="Items in your cart"
      scrollClassName="cart__lines"
      className="cart__table"
      tableRef={tableRef}
      lineClassName="cart__line"
      columns={columns}
      lines={lines}
      lineKey={(line, index) => line.id ?? `line-${index}`}
      lineBusy={(line) => pendingPacks(line.id) !== undefined}
      // A line without its item has nothing to show or change (spec 2, §8 Cart).
      across={(line) =>
        line.item ? null : { className: 'cart__invalid', content: CART_MESSAGES.invalidCartItem }
      }
    />
  );
}
