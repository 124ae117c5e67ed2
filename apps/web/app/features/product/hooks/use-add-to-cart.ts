import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { showToast } from '~/components/ui/toasts';
import { API_MESSAGES } from '~/lib/api-client';
import type { addSelectionToCart, AddSelectionInput } from '../add-selection-to-cart';

type Options = Pick<
  AddSelectionInput,
  'customer' | 'selected' | 'onAdded' | 'onOutOfStock' | 'onLoginNeeded'
>;

/** The Add to Cart button's action and whether it is under way ('Cart Updating...'). */
export function useAddToCart(options: Options) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  const add = async () => {
    if (busy) return;
    setBusy(true);
    try {
      let addSelection: typeof addSelectionToCart;
      try {
        ({ addSelectionToCart: addSelection } = await import('../add-selection-to-cart'));
      } catch {
        // The code could not load (offline, a new release): nothing was sent.
        showToast(API_MESSAGES.network, 'error');
        return;
      }
      await addSelection({
        ...options,
        returnPath: location.pathname + location.search,
        navigate: (to) => void navigate(to),
      });
    } finally {
      setBusy(false);
    }
  };

  return { busy, add };
}
