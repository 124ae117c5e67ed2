import {
  type CommittedQuantity,
  discounted,
  type DimensionUnit,
  formatGbp,
  isOutOfStock,
  type PackUnit,
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
 * One item of a variant's table: image, SKU, its fields, size, a price per tier, units per, quantity. An item
 * out of stock offers "Tell me when it's back" in place of its quantity, once the page is live.
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

  return (
    <tr>
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
      {fields.map((field) => {
        const value = fieldValue(item, field);
        return (
          <td key={field.id} className={field.long_field ? 'item-table__long' : undefined}>
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
      {dimensionUnit ? <td>{itemDimension(item, dimensionUnit)}</td> : null}
      {tiers.map((tier) => {
        const list = listPrice(item, tier.id);
        if (list === null) {
          return (
            <td key={tier.id} className="item-table__tier">
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
        return (
          <td key={tier.id} className="item-table__tier">
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
      <td>{shownPer === 'pallet' && unitsPerPallet ? unitsPerPallet : item.units_per_pack}</td>
      <td>
        {stockAlerts.shown && isOutOfStock(item) ? (
          <StockAlertButton item={item} state={stockAlerts.stateOf(item.id)} onAsk={stockAlerts.ask} />
        ) : (
          <QuantityField
            item={item}
            unitsPerPallet={unitsPerPallet}
            units={pricing.units}
            capped={capped}
            onChange={(quantity) => onQuantity(item.id, quantity)}
          />
        )}
      </td>
    </tr>
  );
}
