import {
  ADDRESS_MESSAGES,
  MAX_ADDRESSES_PER_USER,
  type AddressCreate,
  type AddressUpdate,
  type AddressView,
  type PageRequest,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { Invalid, NotFound } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import * as queries from './queries';

// The addresses module's calls for other modules.
export { selectOwnAddresses, snapshotOf } from './queries';

/** The address book (spec 2, §3 Address, §7): each call is the signed-in user's own addresses. */
export function createAddressesService(db: Db) {
  return {
    /** The user's addresses, newest first. */
    async listAddresses(
      userId: number,
      page: PageRequest,
    ): Promise<{ count: number; results: AddressView[] }> {
      const { count, rows } = await queries.selectAddressPage(db, userId, pageWindow(page));
      return { count, results: rows };
    },

    /**
     * Stores an address for the user, at most MAX_ADDRESSES_PER_USER of them, and makes it a checkout
     * default when asked. The user's row is locked for the count, so concurrent requests cannot pass the cap
     * together.
     */
    async createAddress(userId: number, input: AddressCreate): Promise<AddressView> {
      const { is_default_billing, is_default_shipping, ...address } = input;
      const defaults = {
        billing: is_default_billing || undefined,
        shipping: is_default_shipping || undefined,
      };
      const id = await db.transaction(async (tx) => {
        // A user deleted since the token was checked has nothing to add to.
        if (!(await queries.lockUser(tx, userId))) throw new NotFound();
        const created = await queries.insertAddressUnderCap(tx, userId, address, MAX_ADDRESSES_PER_USER);
        if (created !== null && (defaults.billing || defaults.shipping)) {
          await queries.setDefaultAddresses(tx, userId, created, defaults);
        }
        return created;
      });
      if (id === null) throw new Invalid({ non_field_errors: [ADDRESS_MESSAGES.tooManyAddresses] });
      return {
        id,
        ...address,
        is_default_billing: is_default_billing === true,
        is_default_shipping: is_default_shipping === true,
      };
    },

    /**
     * Changes one of the user's addresses (the fields given) and its checkout defaults; 404 when it is not
     * theirs. The defaults are written first, so the user's row is locked before the address's, in the
     * order every other write of the user's takes them.
     */
    async updateAddress(userId: number, addressId: number, update: AddressUpdate): Promise<AddressView> {
      const { is_default_billing, is_default_shipping, country: _country, ...changes } = update;
      const defaults = { billing: is_default_billing, shipping: is_default_shipping };
      const address = await db.transaction(async (tx) => {
        if (defaults.billing !== undefined || defaults.shipping !== undefined) {
          if (!(await queries.setDefaultAddresses(tx, userId, addressId, defaults))) return undefined;
        }
        return Object.values(changes).some((value) => value !== undefined)
          ? queries.updateOwnAddress(tx, userId, addressId, changes)
          : queries.selectOwnAddress(tx, userId, addressId);
      });
      if (!address) throw new NotFound();
      return address;
    },

    /** Deletes one of the user's addresses; orders keep their own copies, so none is touched. */
    async deleteAddress(userId: number, addressId: number): Promise<void> {
      if (!(await queries.deleteOwnAddress(db, userId, addressId))) throw new NotFound();
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
