// What a checkout call names of the buyer: their addresses and, for a member of a company, the PO number.
import { COMPANY_MESSAGES, purchaseOrderKey } from '@shop/domain';
import type { Db } from '../../db/client';
import type { AddressSnapshot } from '../../db/schema';
import { Invalid } from '../../http/errors';
import { selectOwnAddresses } from '../addresses/service';
import { membershipOf } from '../companies/membership';
import * as queries from './queries';

/** The user's addresses by id, as the order will keep them; a missing one is a field error. */
export async function addressSnapshots(
  db: Db,
  userId: number,
  ids: { billing_address?: number | null | undefined; shipping_address?: number | null | undefined },
): Promise<{ billing?: AddressSnapshot; shipping?: AddressSnapshot }> {
  const wanted = [ids.billing_address, ids.shipping_address].filter((id): id is number => id != null);
  if (wanted.length === 0) return {};
  const own = await selectOwnAddresses(db, userId, [...new Set(wanted)]);
  const errors: Record<string, string[]> = {};
  for (const field of ['billing_address', 'shipping_address'] as const) {
    const id = ids[field];
    if (id != null && !own.has(id)) errors[field] = [`Invalid pk "${id}" - object does not exist.`];
  }
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
  return {
    ...(ids.billing_address != null ? { billing: own.get(ids.billing_address)! } : {}),
    ...(ids.shipping_address != null ? { shipping: own.get(ids.shipping_address)! } : {}),
  };
}

/**
 * A card checkout's PO number: a member's company may require one, and a number the company has
 * used before needs `confirm_purchase_order_reuse`. Answers it for a member, null for anyone else.
 */
export async function cardPurchaseOrder(
  db: Db,
  userId: number,
  body: {
    purchase_order_number?: string | null | undefined;
    confirm_purchase_order_reuse?: boolean | undefined;
  },
  required: boolean,
): Promise<string | null> {
  const membership = await membershipOf(db, userId);
  if (!membership) return null;
  const number = body.purchase_order_number || null;
  if (required && membership.poRequired && !number) {
    throw new Invalid({ purchase_order_number: [COMPANY_MESSAGES.poRequired] });
  }
  if (number && !body.confirm_purchase_order_reuse) {
    const { poUses } = await queries.selectOwedAndPoUses(db, membership.companyId, purchaseOrderKey(number));
    if (poUses > 0) throw new Invalid({ purchase_order_number: [COMPANY_MESSAGES.poUsed(number)] });
  }
  return number;
}
