import type { ProductPageItem } from '@shop/domain';
import { CheckIcon } from '~/components/ui/icons';
import type { StockAlertState } from '../hooks/use-stock-alerts';

interface StockAlertButtonProps {
  item: ProductPageItem;
  state: StockAlertState;
  onAsk: (item: ProductPageItem, opener: HTMLElement) => void;
}

/**
 * "Tell me when it's back", in place of the quantity of an item out of stock, in a box of the quantity's
 * size, so the table moves nothing when it appears after hydration. Once asked, the same button says the
 * alert is set and does nothing more (it stays a button, so the focus a dialog gives back still lands on it).
 */
export function StockAlertButton({ item, state, onAsk }: StockAlertButtonProps) {
  const set = state === 'set';
  const busy = state === 'busy';
  const words = set ? 'Alert set' : busy ? 'Setting alert…' : 'Tell me when it’s back';
  return (
    <button
      type="button"
      className={set ? 'stock-alert stock-alert--set' : 'stock-alert'}
      // The visible words first, then the item: each row's button has a name of its own.
      aria-label={`${words}: ${item.sku}`}
      aria-disabled={set || busy || undefined}
      onClick={(event) => {
        if (!set && !busy) onAsk(item, event.currentTarget);
      }}
    >
      {set ? <CheckIcon size={16} /> : null}
      {words}
    </button>
  );
}
