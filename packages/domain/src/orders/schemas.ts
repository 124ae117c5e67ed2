import { z } from 'zod';
import { DELIVERY_ZONES, type DeliveryZone } from '../delivery/data';
import { ZONE_PHRASES } from '../delivery/labels';
import { DELIVERY_EXTRAS, DELIVERY_SERVICES } from '../delivery/schemas';
import { formatGbp } from '../pricing/money';

const id = z.number().int().positive().max(2_147_483_647);

/**
 * The most one order may cost, in pence: £999,999.99, the largest amount a card payment in GBP may take
 * (Stripe's limit). Larger carts are refused before a payment is made, so every order amount also fits the
 * 32-bit money columns.
 */
export const MAX_ORDER_TOTAL_PENCE = 99_999_999;

/** The checkout's messages (spec 2, §5 Checkout and §8 Checkout), word for word. */
export const CHECKOUT_MESSAGES = {
  billingRequired: 'Please select or create a billing address.',
  shippingRequired: 'Please select or create a shipping address.',
  paymentMethodRequired: 'Payment method is required.',
  cartEmpty: 'Cart is empty. Add items to proceed.',
  paymentNotReady: 'Payment system is not fully initialized. Please wait or try again.',
  loadFailed: 'Failed to load checkout data.',
  intentRetriesFailed: 'Failed to initialize payment after multiple attempts. Please try again.',
  paymentNotInitialized: 'Payment system is not initialized properly.',
  paymentFailed: 'Payment failed. Please try again.',
  addressFormErrors: 'Please correct the errors in the address form.',
  createAddressFailed: 'Failed to create address.',
  deleteAddressFailed: 'Failed to delete address.',
  placeOrderFailed: 'Failed to place order.',
  intentFailed: 'Failed to create payment intent.',
  orderPlaced: 'Order placed successfully! Redirecting to order tracking...',
  /** Not the spec's: a cart over the most one card payment may take (MAX_ORDER_TOTAL_PENCE). */
  orderTooLarge: `Orders over ${formatGbp(MAX_ORDER_TOTAL_PENCE)} cannot be paid by card. Please contact us.`,
  /** Not the spec's: the payment the order names has not succeeded (unpaid, failed or 3-D Secure unfinished). */
  paymentNotCompleted: 'Payment has not been completed.',
  /** Not the spec's: the cart changed after it was paid for, so the payment no longer matches it. */
  paymentMismatch:
    'Your cart changed after payment. The payment has been refunded; please check your cart and pay again.',
  /**
   * Not the spec's: the cart's total changed (in another tab) since the page showed it, so no card is charged
   * until the buyer has seen the new total.
   */
  cartChanged:
    'Your cart changed while you were checking out. Please check the order summary and place your order again.',
  /** Not the spec's: paid, but the stock went meanwhile; the payment is refunded (DESIGN §4.3). */
  outOfStockRefunded: (skus: readonly string[]) =>
    `Sorry, ${skus.join(', ')} sold out while you were paying. Your payment has been refunded in full and no order was placed.`,
  /**
   * Not the spec's: paid, but no delivery details came (no POST orders/, no usable address on the account)
   * within PAYMENT_DETAILS_WAIT_MINUTES, so reconciliation refunded it (decision 009).
   */
  /** The shipping address is in a zone the chosen delivery does not reach. */
  deliveryNotServed: 'We cannot deliver this order to that address online: contact us for a quote.',
  detailsNeverArrived:
    'No delivery details arrived for this payment, so no order was placed. Your payment has been refunded in full; you are welcome to order again.',
  /**
   * Not the spec's: a card payment priced for delivery to one zone, and POST orders/ (or the account's address,
   * for reconciliation) names a shipping address whose delivery costs something else. No order is made; the
   * payment waits for an address it covers (decision 009), and is refunded if none comes.
   */
  deliveryNotPaidFor: (postcode: string, costPence: number, paidPence: number, paidZone: DeliveryZone) =>
    `Delivery to ${postcode} costs ${formatGbp(costPence)}, not the ${formatGbp(paidPence)} you paid for delivery to ${ZONE_PHRASES[paidZone]}. ` +
    `Choose a delivery address in ${ZONE_PHRASES[paidZone]}, or start checkout again with this address. A payment that makes no order is refunded in full.`,
  /** Not the spec's: as deliveryNotPaidFor, when the address cannot have the delivery paid for at all (`why`). */
  deliveryUnavailableThere: (why: string, paidZone: DeliveryZone) =>
    `${why} Your payment covers delivery to ${ZONE_PHRASES[paidZone]}: choose a delivery address there. A payment that makes no order is refunded in full.`,
  /** Not the spec's: the payment waited for an address its delivery covers and none came (decision 009). */
  deliveryNeverPaidFor:
    'The delivery address given is outside the area this payment paid delivery for, and no other address arrived, so no order was placed. Your payment has been refunded in full; you are welcome to order again.',
} as const;

/** The order list's messages (spec 2, §2 and §8 Orders). */
export const ORDER_MESSAGES = {
  loginToView: 'Please log in to view your orders.',
  loadFailed: 'Failed to load orders. Please try again later.',
  invalidResponse: 'Invalid response format: expected array or object with results array',
} as const;

/** Order statuses (spec 2, §4), in the order an order moves through them. */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * ON_ACCOUNT: placed on a trade account, its invoice issued and not yet paid; the ledger
 * moves it to COMPLETED once the invoice is covered.
 */
export const PAYMENT_STATUSES = ['PENDING', 'COMPLETED', 'REFUND', 'ON_ACCOUNT'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The card (spec 2, §2), and the company's account for an approved trade account. */
export const PAYMENT_METHODS = ['card', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * POST orders/ (spec 2, §7). The spec's client also sends shipping_cost, vat, discount, status,
 * payment_status and payment_verified: they are ignored (DESIGN §4.3, §4.10), so the schema drops them.
 */
/** An address id that must be there: missing or null gives the spec's message. */
const requiredAddress = (message: string) => z.number({ error: message }).int().positive().max(2_147_483_647);

export const OrderCreateSchema = z
  .object({
    shipping_address: requiredAddress(CHECKOUT_MESSAGES.shippingRequired),
    billing_address: requiredAddress(CHECKOUT_MESSAGES.billingRequired),
    payment_method: z.enum(PAYMENT_METHODS, CHECKOUT_MESSAGES.paymentMethodRequired),
    /** The paid intent's id; required for a card order, not read for one on account. */
    transaction_id: z.string().trim().min(1, CHECKOUT_MESSAGES.paymentNotCompleted).max(255).optional(),
    /** On account: the cart to order, the caller's own (their current cart when left out). */
    cart_id: z.number().int().positive().max(2_147_483_647).optional(),
    /** The buyer's purchase-order number; required when the company's setting says so. */
    purchase_order_number: z
      .string()
      .trim()
      .max(50, 'Ensure this field has no more than 50 characters.')
      .nullish(),
    /** True to use a purchase-order number the company has used before (after the warning). */
    confirm_purchase_order_reuse: z.boolean().optional(),
    /**
     * On account: the delivery service and extras (absent: the cart's choice, else the cheapest).
     * A card order's delivery is the one its payment was priced for.
     */
    delivery_service: z.enum(DELIVERY_SERVICES).nullish(),
    delivery_extras: z.array(z.enum(DELIVERY_EXTRAS)).max(DELIVERY_EXTRAS.length).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.payment_method === 'card' && body.transaction_id === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['transaction_id'],
        message: CHECKOUT_MESSAGES.paymentNotCompleted,
      });
    }
  });
export type OrderCreate = z.infer<typeof OrderCreateSchema>;

/** An address as the order keeps it (a copy taken when the order was placed). */
export const AddressSnapshotSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  postal_code: z.string(),
  country: z.string(),
  telephone_number: z.string(),
});

export const OrderLineViewSchema = z.object({
  id: z.number().int(),
  /** The catalogue item, or null once it has been deleted; the line keeps its own copy. */
  item: z.number().int().nullable(),
  sku: z.string(),
  title: z.string(),
  pack_quantity: z.number().int(),
  units_per_pack: z.number().int(),
  units: z.number().int(),
  unit_type: z.enum(['pack', 'pallet']),
  price_per_pack: z.string(),
  subtotal: z.string(),
  discount_percentage: z.number(),
  total: z.string(),
  /** kg, all of the line's packs. */
  weight: z.number(),
});
export type OrderLineView = z.infer<typeof OrderLineViewSchema>;

/** One step of an order's progress as the buyer sees it: the status, when, and staff's note (e.g. tracking). */
export const OrderStatusEntrySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  note: z.string(),
  created_at: z.string(),
});
export type OrderStatusEntry = z.infer<typeof OrderStatusEntrySchema>;

/** A refund of the order as the buyer sees it: the amount, when, and its credit note. */
export const OrderRefundViewSchema = z.object({
  /** 1 for the order's first refund, 2 for the next: the {n} of …/refunds/{n}/credit-note.pdf. */
  n: z.number().int(),
  amount: z.string(),
  created_at: z.string(),
  credit_note_number: z.string(),
  credit_note: z.string(),
});
export type OrderRefundView = z.infer<typeof OrderRefundViewSchema>;

/** An order's delivery promise, fixed when the order was made. */
export const OrderDeliveryViewSchema = z.object({
  service: z.enum(DELIVERY_SERVICES),
  label: z.string(),
  extras: z.array(z.object({ code: z.enum(DELIVERY_EXTRAS), label: z.string() })),
  zone: z.enum(DELIVERY_ZONES),
  zone_label: z.string(),
  /** UK days, YYYY-MM-DD. */
  dispatch_by: z.string(),
  delivery_date: z.string(),
});
export type OrderDeliveryView = z.infer<typeof OrderDeliveryViewSchema>;

/**
 * An order (spec 2, §3 Order). Money is pounds as decimal strings; `vat` is the percent applied. The last four
 * fields are not the spec's: how it ships, what has been refunded and its status history. They are
 * optional in the contract, so a client written to the spec (and its fixtures) needs none of them; the API
 * always sends them.
 */
export const OrderViewSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_verified: z.boolean(),
  subtotal: z.string(),
  discount: z.string(),
  shipping_cost: z.string(),
  vat: z.number(),
  vat_amount: z.string(),
  total: z.string(),
  total_packs: z.number().int(),
  total_weight: z.number(),
  items: z.array(OrderLineViewSchema),
  shipping_address: AddressSnapshotSchema,
  billing_address: AddressSnapshotSchema,
  shipping_details: z
    .object({ parcel_type: z.string(), parcels_needed: z.number().int(), explanation: z.string() })
    .nullable(),
  payment_method: z.string(),
  transaction_id: z.string().nullable(),
  /**
   * The documents' addresses, API paths the buyer's token opens, e.g. /api/orders/7/invoice.pdf:
   * the VAT invoice and the paid receipt of a paid order, and the newest refund's credit note (each refund's
   * own is in `refunds`). Null when there is none.
   */
  invoice: z.string().nullable(),
  paid_receipt: z.string().nullable(),
  refund_receipt: z.string().nullable(),
  /** The documents' numbers as printed, e.g. INV-000042 and RCT-000042. */
  invoice_number: z.string().nullable().optional(),
  receipt_number: z.string().nullable().optional(),
  /** Each refund the provider made, oldest first, with its credit note. */
  refunds: z.array(OrderRefundViewSchema).optional(),
  /** Set when the order ships. */
  carrier: z.string().nullable().optional(),
  tracking_number: z.string().nullable().optional(),
  /** Pounds refunded to the card so far (decimal string, '0.00' when nothing). */
  refunded: z.string().optional(),
  /** Oldest first; the first entry is the order being placed (pending). */
  status_history: z.array(OrderStatusEntrySchema).optional(),
  /** Paid through the shop's test processor: no money was taken (the order page says "Test order"). */
  is_test: z.boolean().optional(),
  /** Trade accounts: the buyer's purchase-order number, null when none was given. */
  purchase_order_number: z.string().nullable().optional(),
  /** On account: the day the invoice falls due (YYYY-MM-DD) and the terms in words; null for a card order. */
  invoice_due_date: z.string().nullable().optional(),
  payment_terms: z.string().nullable().optional(),
  /** The trade account the order was placed under, or null. */
  company: z.number().int().nullable().optional(),
  /** The delivery promised; null on orders from before it. */
  delivery: OrderDeliveryViewSchema.nullable().optional(),
  /**
   * The one-order read (GET orders/{id}/): who placed the order (the order confirmation went to this e-mail),
   * and whether that is the caller; a trade account's administrator also opens their colleagues' orders.
   */
  buyer: z.object({ id: z.number().int(), email: z.string(), name: z.string() }).optional(),
  placed_by_you: z.boolean().optional(),
});
export type OrderView = z.infer<typeof OrderViewSchema>;

/**
 * POST ecommerce/payment-intents/ (DESIGN §3): the cart to pay for, and optionally the addresses the order
 * will ship to, so that an order can still be made from the provider's webhook if the buyer closes the tab.
 */
export const PaymentIntentCreateSchema = z.object({
  cart_id: id,
  billing_address: id.nullish(),
  shipping_address: id.nullish(),
  /** A trade buyer's purchase-order number, kept with the payment for the order it makes. */
  purchase_order_number: z
    .string()
    .trim()
    .max(50, 'Ensure this field has no more than 50 characters.')
    .optional(),
  /** True to use a purchase-order number the company has used before (after the warning). */
  confirm_purchase_order_reuse: z.boolean().optional(),
  /** The delivery service and extras chosen; absent: the cart's choice, else the cheapest. */
  delivery_service: z.enum(DELIVERY_SERVICES).nullish(),
  delivery_extras: z.array(z.enum(DELIVERY_EXTRAS)).max(DELIVERY_EXTRAS.length).optional(),
});
export type PaymentIntentCreate = z.infer<typeof PaymentIntentCreateSchema>;

export const PaymentIntentViewSchema = z.object({
  client_secret: z.string(),
  payment_intent_id: z.string(),
  /** Pence. */
  amount: z.number().int(),
  currency: z.string(),
  provider: z.enum(['test', 'stripe']),
});
export type PaymentIntentView = z.infer<typeof PaymentIntentViewSchema>;

/** GET payments/config/: which provider's script the checkout loads. */
export const PaymentConfigSchema = z.object({
  provider: z.enum(['test', 'stripe']),
  publishable_key: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;
