import {
  ADDRESS_MESSAGES,
  MAX_ADDRESSES_PER_USER,
  type AddressCreate,
  type AddressView,
  type PageRequest,
} from '@shop/domain';
import type { Db } from '../../db/client';
import { Invalid, NotFound } from '../../http/errors';
import { pageWindow } from '../../http/pagination';
import * as queries from './queries';

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
     * Stores an address for the user, at most MAX_ADDRESSES_PER_USER of them. The user's row is locked for
     * the count, so concurrent requests cannot pass the cap together.
     */
    async createAddress(userId: number, address: AddressCreate): Promise<AddressView> {
      const id = await db.transaction(async (tx) => {
        // A user deleted since the token was checked has nothing to add to.
        if (!(await queries.lockUser(tx, userId))) throw new NotFound();
        return queries.insertAddressUnderCap(tx, userId, address, MAX_ADDRESSES_PER_USER);
      });
      if (id === null) throw new Invalid({ non_field_errors: [ADDRESS_MESSAGES.tooManyAddresses] });
      return { id, ...address };
    },

    /** Deletes one of the user's addresses; orders keep their own copies, so none is touched. */
    async deleteAddress(userId: number, addressId: number): Promise<void> {
      if (!(await queries.deleteOwnAddress(db, userId, addressId))) throw new NotFound();
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
