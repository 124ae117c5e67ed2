import {
  type CommittedQuantity,
  commitUnits,
  type DimensionUnit,
  formatGbp,
  isOutOfStock,
  type PackUnit,
  type ProductPage,
  shortSku,
} from '@shop/domain';
import { type ReactNode, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { showToast } from '~/components/ui/toasts';
import { usePrefersReducedMotion } from '~/lib/use-prefers-reduced-motion';
import { useAddToCart } from '../hooks/use-add-to-cart';
import { useCustomerPricing } from '../hooks/use-customer-pricing';
import { type PriceDisplay, usePriceDisplay } from '../hooks/use-price-display';
import { useSelection } from '../hooks/use-selection';
import { useStockAlerts } from '../hooks/use-stock-alerts';
import { useVariantSpy } from '../hooks/use-variant-spy';
import { pricePage } from '../product-pricing';
import { saveSelection, takeSavedSelection } from '../saved-selection';
import { ItemImageDialog } from './item-image-dialog';
import { SegmentedToggle } from './segmented-toggle';
import { SelectionBar } from './selection-bar';
import { VariantNav } from './variant-nav';
import { VariantSection, variantName, variantSectionId } from './variant-section';

const PRICE_DISPLAY_OPTIONS = [
  { value: 'ex', label: 'ex VAT' },
  { value: 'inc', label: 'inc VAT' },
] as const satisfies readonly { value: PriceDisplay; label: string }[];

const DIMENSION_OPTIONS = [
  { value: 'in', label: 'in' },
  { value: 'cm', label: 'cm' },
  { value: 'mm', label: 'mm' },
] as const satisfies readonly { value: DimensionUnit; label: string }[];

/** Only bags show their size in the tables (spec 2, §2). */
const DIMENSION_CATEGORY = 'bags';

/**
 * The ordering part of the product page: the price display, the variant navigation, one table per
 * variant, the sticky selection bar and, for a signed-in buyer with a selection, Add to list. Rendered on the
 * server with list prices for everyone; the customer's exclusive prices and cart weight arrive after
 * hydration, in space kept for them.
 */
export function ProductOrdering({
  page,
  listAction,
}: {
  page: ProductPage;
  /** What saves the selected items and packs to a list (the route's Add to list), for a signed-in buyer. */
  listAction?: (lines: { item: number; packs: number }[]) => ReactNode;
}) {
  const [selection, dispatch] = useSelection();
  // The Box/Pallet view per variant; an update names the variants it changes.
  const [shownPer, showPer] = useReducer(
    (current: Readonly<Record<number, PackUnit>>, update: Readonly<Record<number, PackUnit>>) => ({
      ...current,
      ...update,
    }),
    {},
  );
  const [dimensionUnit, setDimensionUnit] = useState<DimensionUnit>('in');
  const [priceDisplay, setPriceDisplay] = usePriceDisplay();
  const [preview, setPreview] = useState<{ itemId: number; opener: HTMLElement } | null>(null);
  const location = useLocation();

  const itemIds = useMemo(
    () => page.variants.flatMap((variant) => variant.items.map((item) => item.id)),
    [page],
  );
  const outOfStockIds = useMemo(
    () => page.variants.flatMap((variant) => variant.items.filter(isOutOfStock).map((item) => item.id)),
    [page],
  );
  const customer = useCustomerPricing(itemIds);
  const stockAlerts = useStockAlerts(outOfStockIds);
  // The Box/Pallet toggles (`shownPer`) only change how quantities are shown: no price depends on them.
  const pricing = useMemo(
    () => pricePage(page, selection.units, customer.pricing),
    [page, selection.units, customer.pricing],
  );

  const { busy, add } = useAddToCart({
    customer,
    selected: pricing.selected,
    onAdded: () => dispatch({ type: 'clear' }),
    onOutOfStock: (ids) => dispatch({ type: 'reset', itemIds: ids }),
    onLoginNeeded: () =>
      saveSelection(page.product.id, {
        units: selection.units,
        shownPer,
        lastChanged: selection.lastChanged,
      }),
  });

  // Back from logging in or signing up: the selection made before is put back, each quantity through the
  // domain's rules again (stock may have changed), and the bar offers Add to Cart again.
  useEffect(() => {
    const saved = takeSavedSelection(page.product.id);
    if (!saved) return;
    const items = page.variants.flatMap((variant) => variant.items);
    const last = items.find((item) => item.id === saved.lastChanged);
    let restored = 0;
    for (const item of [...items.filter((other) => other !== last), ...(last ? [last] : [])]) {
      const units = saved.units[item.id];
      if (!units) continue;
      dispatch({ type: 'set', itemId: item.id, quantity: commitUnits(units, item) });
      restored++;
    }
    const variantIds = new Set(page.variants.map((variant) => variant.id));
    showPer(Object.fromEntries(Object.entries(saved.shownPer).filter(([id]) => variantIds.has(Number(id)))));
    if (restored > 0) showToast('Your selection is back: choose Add to Cart to add it.', 'info');
  }, [page, dispatch]);

  const navRef = useRef<HTMLElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const links = page.variants.map((variant) => ({
    id: variantSectionId(variant),
    name: variantName(variant),
  }));
  const spy = useVariantSpy(
    links.map((link) => link.id),
    navRef,
    reducedMotion,
  );

  const onQuantity = (itemId: number, quantity: CommittedQuantity) =>
    dispatch({ type: 'set', itemId, quantity });
  const onShownPer = (variantId: number, per: PackUnit) => showPer({ [variantId]: per });

  const { selected, totals } = pricing;
  const barItem = selected.find((item) => item.item.id === selection.lastChanged) ?? selected[0] ?? null;
  const previewItem = preview ? pricing.byItem.get(preview.itemId)?.item : undefined;
  const showDimension = page.product.category.slug === DIMENSION_CATEGORY;
  const loginHref = `/login?from=${encodeURIComponent(location.pathname + location.search)}`;

  let liveSummary = '';
  if (selected.length > 0) {
    liveSummary = `Selected ${totals.packs} ${totals.packs === 1 ? 'box' : 'boxes'}, ${totals.units} units. TOTAL ${formatGbp(totals.total_pence)} inc VAT.`;
  } else if (selection.lastChanged !== null) {
    liveSummary = 'No items selected.';
  }

  return (
    <div className="ordering">
      <div className="ordering__toolbar">
        <SegmentedToggle
          legend="Prices"
          name="price-display"
          options={PRICE_DISPLAY_OPTIONS}
          value={priceDisplay}
          onChange={setPriceDisplay}
        />
        {showDimension ? (
          <SegmentedToggle
            legend="Dimensions"
            name="dimension-unit"
            options={DIMENSION_OPTIONS}
            value={dimensionUnit}
            onChange={setDimensionUnit}
          />
        ) : null}
        {/* The same height for both texts, so the swap after hydration moves nothing. */}
        <p className="ordering__hint">
          {customer.loggedIn ? (
            customer.pricing.exclusive.size > 0 ? (
              'Your exclusive prices show with their discount.'
            ) : (
              'Choose quantities below, then add them to your cart.'
            )
          ) : (
            <>
              <Link to={loginHref}>Log in</Link> to see your exclusive prices and to order.
            </>
          )}
        </p>
      </div>

      {page.variants.length === 0 ? (
        <p className="ordering__empty">No product variants available</p>
      ) : (
        <>
          <VariantNav links={links} activeId={spy.activeId} onSelect={spy.scrollTo} navRef={navRef} />
          {page.variants.map((variant) => (
            <VariantSection
              key={variant.id}
              variant={variant}
              pricing={pricing.byItem}
              capped={selection.capped}
              shownPer={shownPer[variant.id] ?? variant.show_units_per}
              onShownPer={onShownPer}
              dimensionUnit={showDimension ? dimensionUnit : null}
              priceDisplay={priceDisplay}
              onQuantity={onQuantity}
              onPreview={(itemId, opener) => setPreview({ itemId, opener })}
              stockAlerts={stockAlerts}
            />
          ))}
        </>
      )}

      <p className="visually-hidden" aria-live="polite">
        {liveSummary}
      </p>

      {/* After hydration only: the server's HTML is every visitor's, and a selection is the browser's. */}
      {listAction && customer.loggedIn && selected.length > 0 ? (
        <div className="ordering__list">
          {listAction(selected.map((chosen) => ({ item: chosen.item.id, packs: chosen.packs })))}
        </div>
      ) : null}

      {barItem ? (
        <>
          {/* Room at the end of the page, so the bar never hides the last rows. */}
          <div className="selection-bar__spacer" />
          <SelectionBar
            sku={shortSku(barItem.item.sku)}
            otherItems={selected.length - 1}
            totals={totals}
            priceDisplay={priceDisplay}
            busy={busy}
            onAdd={() => void add()}
          />
        </>
      ) : null}

      {stockAlerts.dialog ? (
        <stockAlerts.dialog.Component
          item={stockAlerts.dialog.item}
          opener={stockAlerts.dialog.opener}
          onClose={stockAlerts.closeDialog}
          onConfirmed={stockAlerts.markSet}
        />
      ) : null}

      {preview && previewItem ? (
        <ItemImageDialog
          title={`${previewItem.sku}: ${previewItem.title}`}
          images={previewItem.images}
          opener={preview.opener}
          onClose={() => setPreview(null)}
        />
      ) : null}
    </div>
  );
}
