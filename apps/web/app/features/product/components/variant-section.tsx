import {
  type CommittedQuantity,
  type DimensionUnit,
  offersPallet,
  type PackUnit,
  type ProductPageVariant,
} from '@shop/domain';
import type { PriceDisplay } from '../hooks/use-price-display';
import type { StockAlerts } from '../hooks/use-stock-alerts';
import { type ItemPricing, tierColumns, tierLabel } from '../product-pricing';
import { ItemRow } from './item-row';
import { SegmentedToggle } from './segmented-toggle';
import { ScrollRegion } from '~/components/ui/scroll-region';

export const UNNAMED_VARIANT = 'Unnamed Variant';

/** The id of a variant's section, the target of its link in the variant navigation. */
export const variantSectionId = (variant: ProductPageVariant) => `variant-${variant.id}`;

export const variantName = (variant: ProductPageVariant) => variant.name.trim() || UNNAMED_VARIANT;

const UNITS_PER_OPTIONS = [
  { value: 'pack', label: 'Box' },
  { value: 'pallet', label: 'Pallet' },
] as const;

interface VariantSectionProps {
  variant: ProductPageVariant;
  pricing: ReadonlyMap<number, ItemPricing>;
  capped: Readonly<Record<number, boolean>>;
  shownPer: PackUnit;
  onShownPer: (variantId: number, per: PackUnit) => void;
  dimensionUnit: DimensionUnit | null;
  priceDisplay: PriceDisplay;
  onQuantity: (itemId: number, quantity: CommittedQuantity) => void;
  onPreview: (itemId: number, opener: HTMLElement) => void;
  stockAlerts: StockAlerts;
}

/** One variant: its name, the Box/Pallet choice when it sells by the pallet, and its table of items. */
export function VariantSection({
  variant,
  pricing,
  capped,
  shownPer,
  onShownPer,
  dimensionUnit,
  priceDisplay,
  onQuantity,
  onPreview,
  stockAlerts,
}: VariantSectionProps) {
  const id = variantSectionId(variant);
  const headingId = `${id}-title`;
  const name = variantName(variant);
  const tiers = tierColumns(variant);
  const pallet = offersPallet(variant);
  const per: PackUnit = pallet ? shownPer : 'pack';

  return (
    // Not a landmark itself: the table's scrolling region, named by the heading, is the one.
    <section id={id} className="variant" tabIndex={-1}>
      <div className="variant__header">
        <h2 id={headingId} className="variant__title">
          {name}
        </h2>
        {pallet && variant.items.length > 0 ? (
          <SegmentedToggle
            legend="Units per"
            name={`${id}-units-per`}
            options={UNITS_PER_OPTIONS}
            value={per}
            onChange={(value) => onShownPer(variant.id, value)}
          />
        ) : null}
      </div>
      {variant.items.length === 0 ? (
        <p className="variant__empty">No ItemData entries found</p>
      ) : (
        <ScrollRegion className="item-table__scroll" labelledBy={headingId}>
          {/* card-rows: on a phone each row is a card (app.css, product.css). */}
          <table className="item-table card-rows">
            <caption className="visually-hidden">
              {name}: prices per pack {priceDisplay === 'inc' ? 'including' : 'excluding'} VAT, and quantities
            </caption>
            <thead>
              <tr>
                <th scope="col">Image</th>
                <th scope="col">SKU</th>
                {variant.tableFields.map((field) => (
                  <th key={field.id} scope="col">
                    {field.name}
                  </th>
                ))}
                {dimensionUnit ? <th scope="col">Dimension ({dimensionUnit})</th> : null}
                {tiers.map((tier) => (
                  <th key={tier.id} scope="col" className="item-table__tier-head">
                    {tierLabel(tier)}
                  </th>
                ))}
                <th scope="col">Units per {per === 'pallet' ? 'pallet' : 'box'}</th>
                <th scope="col" className="item-table__quantity">
                  No. of Units
                </th>
                <th scope="col" className="item-table__line">
                  Line total
                </th>
              </tr>
            </thead>
            <tbody>
              {variant.items.map((item) => {
                const itemPricing = pricing.get(item.id);
                if (!itemPricing) return null;
                return (
                  <ItemRow
                    key={item.id}
                    pricing={itemPricing}
                    tiers={tiers}
                    fields={variant.tableFields}
                    dimensionUnit={dimensionUnit}
                    shownPer={per}
                    priceDisplay={priceDisplay}
                    capped={capped[item.id] ?? false}
                    onQuantity={onQuantity}
                    onPreview={onPreview}
                    stockAlerts={stockAlerts}
                  />
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
