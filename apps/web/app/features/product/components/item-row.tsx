import {
  type CommittedQuantity,
  discounted,
  type DimensionUnit,
  formatGbp,
  isOutOfStock,
  type PackUnit,
  packsForPalletWeight,
  packsToNextTier,
  type PricingTier,
  type TableField,
  unitsForTierClick,
} from '@shop/domain';
import { fieldValue, itemDimension } from '../item-cells';
import { type ItemPricing, listPrice, packWeightKg, shownPence, tierLabel } from '../product-pricing';
import type { PriceDisplay } from '../hooks/use-price-display';
import type { StockAlerts } from '../hooks/use-stock-alerts';
import { QuantityField } from './quantity-field';
import { StockAlertButton } from './stock-alert-button';

interface ItemRowProps {
  pricing: ItemPricing;
  tiers: readonly PricingTier[];
  fields: readonly TableField[];
  /** The Dimension column's unit, or null when the table has no Dimension column. */
  dimensionUnit: DimensionUnit | null;
  shownPer: PackUnit;
  priceDisplay: PriceDisplay;
  capped: boolean;
  onQuantity: (itemId: number, quantity: CommittedQuantity) => void;
  onPreview: (itemId: number, opener: HTMLElement) => void;
  stockAlerts: StockAlerts;
}

/**
 * One item of a variant's table: image, SKU and title, its fields, size, a price per tier, units per, quantity
 * and the line's price. An item out of stock says so, shows its prices without offering them, and offers
 * "Tell me when it's back" beside the words once the page is live. On a phone the row is a card (product.css).
 */
export function ItemRow({
  pricing,
  tiers,
  fields,
  dimensionUnit,
  shownPer,
  priceDisplay,
  capped,
  onQuantity,
  onPreview,
  stockAlerts,
}: ItemRowProps) {
  const { item, variant, packs, exclusive } = pricing;
  const image = item.images[0];
  const nextBreak = packs > 0 && pricing.tier?.tier_type === 'pack' ? packsToNextTier(tiers, packs) : null;
  const unitsPerPallet = variant.units_per_pallet;
  const outOfStock = isOutOfStock(item);
  // The price a box costs now: the active tier's once there is a quantity, the first tier's before.
  const eachList = packs > 0 ? pricing.pricePerPackPence : tiers[0] ? listPrice(item, tiers[0].id) : null;
  const each =
    eachList === null ? null : exclusive ? discounted(eachList, exclusive.discount_percentage) : eachList;
  // Where the 750 kg pallet basis starts for this item alone, said in the pallet view of a variant whose
  // basis depends on weight (one shown per pallet is always on it).
  const palletFrom =
    shownPer === 'pallet' &&
    variant.show_units_per !== 'pallet' &&
    tiers.some((t) => t.tier_type === 'pallet')
      ? packsForPalletWeight(packWeightKg(item))
      : null;

  return (
    <tr className={outOfStock ? 'item-row item-row--out' : 'item-row'}>
      <td className="item-table__image">
        {image ? (
          <button
            type="button"
            className="item-thumb"
            onClick={(event) => onPreview(item.id, event.currentTarget)}
          >
            <img src={image.image} alt="" width={48} height={48} loading="lazy" decoding="async" />
            <span className="visually-hidden">Enlarge image of {item.sku}</span>
          </button>
        ) : (
          <span className="item-thumb item-thumb--none">No image</span>
        )}
      </td>
      <th scope="row" className="item-table__sku">
        {item.sku}
      </th>
      {/* The card's title, on a phone only: the tables have no column for it. */}
      <td className="item-table__title">{item.title}</td>
      {fields.map((field) => {
        const value = fieldValue(item, field);
        return (
          <td
            key={field.id}
            className={field.long_field ? 'item-table__field item-table__long' : 'item-table__field'}
            data-label={field.name}
          >
            {value.kind === 'image' ? (
              <img
                className="item-table__field-image"
                src={value.src}
                alt={`${field.name} of ${item.sku}`}
                width={40}
                height={40}
                loading="lazy"
              />
            ) : value.kind === 'price' ? (
              formatGbp(shownPence(value.pence, priceDisplay))
            ) : (
              value.text
            )}
          </td>
        );
      })}
      {dimensionUnit ? (
        <td className="item-table__field" data-label={`Dimension (${dimensionUnit})`}>
          {itemDimension(item, dimensionUnit)}
        </td>
      ) : null}
      {tiers.map((tier) => {
        const list = listPrice(item, tier.id);
        if (list === null) {
          return (
            <td key={tier.id} className="item-table__tier" data-label={tierLabel(tier)}>
              <span aria-hidden="true">—</span>
              <span className="visually-hidden">No price for {tierLabel(tier)}</span>
            </td>
          );
        }
        const active = packs > 0 && pricing.tier?.id === tier.id;
        const price = exclusive ? discounted(list, exclusive.discount_percentage) : list;
        const amount = formatGbp(shownPence(price, priceDisplay));
        // The name starts from what the button shows (the price) and says what it is for.
        const name = [
          `${item.sku}, ${tierLabel(tier)}: ${amount} per pack`,
          exclusive ? `${exclusive.discount_percentage}% off` : '',
          active ? 'current price' : '',
        ]
          .filter(Boolean)
          .join(', ');
        if (outOfStock) {
          // Nothing can be ordered: the price is information, not a control that would do nothing.
          return (
            <td key={tier.id} className="item-table__tier" data-label={tierLabel(tier)}>
              <span className="tier-price tier-price--static">
                <span className="tier-price__amount">{amount}</span>
              </span>
            </td>
          );
        }
        return (
          <td key={tier.id} className="item-table__tier" data-label={tierLabel(tier)}>
            <button
              type="button"
              className={active ? 'tier-price tier-price--active' : 'tier-price'}
              aria-label={name}
              onClick={() =>
                onQuantity(
                  item.id,
                  unitsForTierClick(tier, { ...item, pack_weight_kg: packWeightKg(item) }, unitsPerPallet),
                )
              }
            >
              <span className="tier-price__amount">{amount}</span>
              {/* A badge over the corner: a customer's discount appears without moving anything. */}
              {exclusive ? <span className="tier-price__deal">−{exclusive.discount_percentage}%</span> : null}
            </button>
            {active && nextBreak !== null ? (
              <p className="tier-price__next">
                Add {nextBreak} more {nextBreak === 1 ? 'pack' : 'packs'} to reach the next price
              </p>
            ) : null}
          </td>
        );
      })}
      <td
        className="item-table__field item-table__units-per"
        data-label={shownPer === 'pallet' ? 'Units per pallet' : 'Units per box'}
      >
        {shownPer === 'pallet' && unitsPerPallet ? unitsPerPallet : item.units_per_pack}
      </td>
      <td className="item-table__quantity">
        {outOfStock ? (
          <div className="item-table__out">
            <span className="item-table__out-label">Out of stock</span>
            {stockAlerts.shown ? (
              <StockAlertButton item={item} state={stockAlerts.stateOf(item.id)} onAsk={stockAlerts.ask} />
            ) : null}
          </div>
        ) : (
          <QuantityField
            item={item}
            unitsPerPallet={unitsPerPallet}
            units={pricing.units}
            capped={capped}
            perPallet={shownPer === 'pallet'}
            palletFrom={palletFrom}
            onChange={(quantity) => onQuantity(item.id, quantity)}
          />
        )}
      </td>
      <td className="item-table__line">
        {packs > 0 && pricing.line ? (
          <span className="item-table__line-total">
            {formatGbp(shownPence(pricing.line.total_pence, priceDisplay))}
          </span>
        ) : null}
        {each !== null ? (
          <span className="item-table__each">{formatGbp(shownPence(each, priceDisplay))} a box</span>
        ) : null}
      </td>
    </tr>
  );
}
