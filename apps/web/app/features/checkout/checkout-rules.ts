// First: Zod must be in jitless mode before the schemas below are built (see the module).
import '~/lib/jitless-validation';
import {
  type AddressView,
  AddressViewSchema,
  CHECKOUT_MESSAGES,
  COMPANY_MESSAGES,
  type CompanyRole,
  needsApproval,
  penceFromDecimal,
  PO_NUMBER_SCHEMA,
} from '@shop/domain';
import { ApiError } from '~/lib/api-client';
import type { BillingDetails } from './payments/card-payment';

export { ADDRESS_MESSAGES, CHECKOUT_MESSAGES } from '@shop/domain';

/**
 * The buyer's order limit (pence) when an on-account order of `total` (decimal pounds) goes to the company's
 * approvers rather than being placed, by the rule the server holds it by (needsApproval); null when it is placed.
 */
export function approvalLimitOf(
  member: { role: CompanyRole; order_limit: string | null } | null,
  total: string,
): number | null {
  if (!member || member.order_limit === null) return null;
  const limit = penceFromDecimal(member.order_limit);
  return needsApproval(member.role, limit, penceFromDecimal(total)) ? limit : null;
}

/**
 * The addresses the checkout offers: the spec's rule (spec 2, §3 Address) keeps only those with an id,
 * both names, street, city, postcode, country and telephone.
 */
export function usableAddresses(list: readonly unknown[]): AddressView[] {
  return list.flatMap((entry) => {
    const parsed = AddressViewSchema.safeParse(entry);
    if (!parsed.success) return [];
    const { first_name, last_name, street, city, postal_code, country, telephone_number } = parsed.data;
    const complete = [first_name, last_name, street, city, postal_code, country, telephone_number].every(
      (text) => text.trim() !== '',
    );
    return complete ? [parsed.data] : [];
  });
}

/** An address on one line, as the radio buttons and their Delete buttons name it. */
export function addressLine(address: AddressView): string {
  const place = [address.street, address.city, address.state, address.postal_code].filter(Boolean);
  return `${address.first_name} ${address.last_name}, ${place.join(', ')}`;
}

/** The card holder's details as the processors take them, from the billing address (spec 2, §7). */
export function billingDetailsOf(address: AddressView): BillingDetails {
  return {
    name: `${address.first_name} ${address.last_name}`,
    phone: address.telephone_number,
    address: {
      line1: address.street,
      city: address.city,
      state: address.state,
      postal_code: address.postal_code,
      // ISO 3166's code for the United Kingdom; the shop stores the spec's 'UK'.
      country: 'GB',
    },
  };
}

/** Where on the page a checkout message belongs. */
export type CheckoutArea =
  'billing' | 'shipping' | 'delivery' | 'paymentMethod' | 'purchaseOrder' | 'cart' | 'general';
export type CheckoutProblems = Partial<Record<CheckoutArea, string>>;

export interface PlaceOrderState {
  billingId: number | null;
  shippingId: number | null;
  /** Card, or the company's account for a trade buyer whose company may pay on account. */
  paymentMethod: 'card' | 'account' | null;
  lineCount: number;
  /** The card's payment intent is there (only the card needs one). */
  intentReady: boolean;
  /** A trade buyer's purchase-order number as typed, and whether their company requires one. */
  purchaseOrder?: { value: string; required: boolean };
}

/** What stops Place Order before any call is made (spec 2, §5 Checkout), the first problem only. */
export function checkPlaceOrder(state: PlaceOrderState): CheckoutProblems | null {
  if (state.billingId === null) return { billing: CHECKOUT_MESSAGES.billingRequired };
  if (state.shippingId === null) return { shipping: CHECKOUT_MESSAGES.shippingRequired };
  if (state.paymentMethod === null) return { paymentMethod: CHECKOUT_MESSAGES.paymentMethodRequired };
  if (state.purchaseOrder) {
    const problem = purchaseOrderProblem(state.purchaseOrder.value, state.purchaseOrder.required);
    if (problem) return { purchaseOrder: problem };
  }
  if (state.lineCount === 0) return { general: CHECKOUT_MESSAGES.cartEmpty };
  if (state.paymentMethod === 'card' && !state.intentReady) {
    return { general: CHECKOUT_MESSAGES.paymentNotReady };
  }
  return null;
}

/** What is wrong with a purchase-order number before it is sent: missing when required, or malformed. */
export function purchaseOrderProblem(value: string, required: boolean): string | null {
  if (value.trim() === '') return required ? COMPANY_MESSAGES.poRequired : null;
  const parsed = PO_NUMBER_SCHEMA.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? COMPANY_MESSAGES.poRequired);
}

const [REUSE_HEAD = '', REUSE_TAIL = ''] = COMPANY_MESSAGES.poUsed('\u0000').split('\u0000');

/**
 * Whether the server's word on the purchase-order number is the re-use warning (`poUsed`), which the buyer
 * may override by sending the order again with `confirm_purchase_order_reuse`.
 */
export function isPurchaseOrderReuse(message: string | undefined): boolean {
  return !!message && message.startsWith(REUSE_HEAD) && message.endsWith(REUSE_TAIL);
}

/** The order's (and the payment intent's) fields and the part of the page that answers for each. */
const FIELD_AREAS: Record<string, CheckoutArea> = {
  billing_address: 'billing',
  shipping_address: 'shipping',
  delivery_service: 'delivery',
  delivery_extras: 'delivery',
  payment_method: 'paymentMethod',
  purchase_order_number: 'purchaseOrder',
  cart: 'cart',
};

/**
 * A refused order or payment intent as messages by area (spec 2, §8: server field errors map to
 * shipping_address, billing_address, payment_method and cart; trade buyers add purchase_order_number, the delivery
 * step delivery_service and delivery_extras). Other
 * field errors and a `detail` go to the general area; without any words from the server, `fallback` does.
 */
export function problemsOf(error: unknown, fallback: string): CheckoutProblems {
  if (!(error instanceof ApiError) || error.kind !== 'response') return { general: fallback };
  const problems: CheckoutProblems = {};
  const others: string[] = [];
  for (const [field, messages] of Object.entries(error.fields)) {
    const area = FIELD_AREAS[field];
    if (area) problems[area] = messages.join(' ');
    else others.push(...messages);
  }
  if (others.length > 0) problems.general = others.join(' ');
  if (Object.keys(problems).length > 0) return problems;
  return { general: error.generic ? fallback : error.message };
}

/**
 * Whether a refused order leaves the payment usable for another try at the order alone: yes when only
 * an address, the method or the cart was refused, or when no answer came (the server makes one order per
 * payment, so a second try is safe); no when the server refused the payment itself or refunded it.
 */
export function paymentStillUsable(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind !== 'response' || error.status === null) return true;
  if (error.status >= 500) return true;
  const fields = Object.keys(error.fields);
  return fields.length > 0 && fields.every((field) => field in FIELD_AREAS);
}
