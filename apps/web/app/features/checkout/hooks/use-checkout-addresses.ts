import type { AddressView } from '@shop/domain';
import { useState } from 'react';
import { CHECKOUT_MESSAGES } from '../checkout-rules';
import { deleteAddress } from '~/features/addresses/api/delete-address';
import { ApiError } from '~/lib/api-client';

const firstId = (addresses: readonly AddressView[]) => addresses[0]?.id ?? null;

/**
 * The checkout's addresses: the buyer's own (added and deleted here) beside a trade account's shared ones,
 * the billing and shipping choice, "same as billing", and the new-address form's state. `deliveryOnly`: a
 * company member's documents go to the company's invoice address, so they choose one address, the delivery
 * address, which the order also names as its billing address.
 */
export function useCheckoutAddresses(
  initial: AddressView[],
  shared: readonly AddressView[],
  deliveryOnly = false,
) {
  const [addresses, setAddresses] = useState<AddressView[]>(initial);
  // Saved addresses are chosen for the buyer: their defaults (My account), else the newest (spec 2, §2);
  // a trade buyer with none of their own gets the company's first.
  const [billingId, setBillingId] = useState<number | null>(
    () =>
      (deliveryOnly ? initial.find((address) => address.is_default_shipping)?.id : undefined) ??
      initial.find((address) => address.is_default_billing)?.id ??
      firstId(initial) ??
      firstId(shared),
  );
  const [shippingId, setShippingId] = useState<number | null>(
    () => initial.find((address) => address.is_default_shipping)?.id ?? billingId,
  );
  const [sameAsBilling, setSameAsBilling] = useState(() => deliveryOnly || billingId === shippingId);
  // Open from the start for a buyer with no saved address; the focus moves there only when they open it.
  const [formOpen, setFormOpen] = useState(initial.length === 0 && shared.length === 0);
  const [formOpenedByBuyer, setFormOpenedByBuyer] = useState(false);
  const [addedId, setAddedId] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);

  const effectiveShippingId = sameAsBilling ? billingId : shippingId;
  const allAddresses = [...addresses, ...shared];
  const shippingAddress = allAddresses.find((entry) => entry.id === effectiveShippingId) ?? null;

  const created = (address: AddressView) => {
    setAddresses((list) => [address, ...list.filter((entry) => entry.id !== address.id)]);
    setBillingId(address.id);
    setShippingId(address.id);
    setFormOpen(false);
    setAddedId(address.id);
  };

  const remove = async (address: AddressView) => {
    setDeleteFailure(null);
    setDeletingId(address.id);
    try {
      await deleteAddress(address.id);
    } catch (error) {
      // Already gone (deleted in another tab): the list simply catches up.
      if (!(error instanceof ApiError && error.status === 404)) {
        setDeletingId(null);
        setDeleteFailure(CHECKOUT_MESSAGES.deleteAddressFailed);
        return;
      }
    }
    const rest = addresses.filter((entry) => entry.id !== address.id);
    setAddresses(rest);
    setDeletingId(null);
    const next = firstId(rest) ?? firstId(shared);
    if (billingId === address.id) setBillingId(next);
    if (shippingId === address.id) setShippingId(next);
    if (rest.length === 0 && shared.length === 0) setFormOpen(true);
  };

  const chooseSameAsBilling = (same: boolean) => {
    setSameAsBilling(same);
    if (!allAddresses.some((entry) => entry.id === shippingId)) setShippingId(billingId);
  };

  const toggleForm = () => {
    setFormOpen((open) => !open);
    setFormOpenedByBuyer(true);
  };

  return {
    addresses,
    allAddresses,
    billingId,
    setBillingId,
    shippingId,
    setShippingId,
    sameAsBilling,
    chooseSameAsBilling,
    effectiveShippingId,
    shippingAddress,
    formOpen,
    formOpenedByBuyer,
    toggleForm,
    closeForm: () => setFormOpen(false),
    addedId,
    deletingId,
    deleteFailure,
    created,
    remove,
  };
}

export type CheckoutAddresses = ReturnType<typeof useCheckoutAddresses>;
