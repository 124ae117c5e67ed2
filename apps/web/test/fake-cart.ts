import type { CartDeliveryView, CartItemView, CartView, DeliveryOptionView } from '@shop/domain';
import { vi } from 'vitest';
import { json } from './stub-api';

/** A cart line as the API answers it: 3 boxes of 6 rolls, tracked stock of 1,440 units. */
export function makeCartLine(overrides: Partial<CartItemView> = {}): CartItemView {
  return {
    id: 7,
    cart: 3,
    item: {
      id: 11,
      title: 'Clear Hand Pallet Wrap 400mm x 250m, 17mu',
      sku: 'PW-HAND-400-CL',
      units_per_pack: 6,
      images: [{ image: '/images/products/pallet-wraps.svg', alt_text: 'Roll of clear wrap' }],
      product_variant: {
        id: 5,
        name: 'Hand Pallet Wrap',
        product: { name: 'Pallet Wraps', slug: 'pallet-wraps', category: { slug: 'wraps' } },
      },
      track_inventory: true,
      stock: 1440,
    },
    pack_quantity: 3,
    unit_type: 'pack',
    pricing_tier: { id: 1, tier_type: 'pack', range_start: 1, range_end: 9, no_end_range: false },
    user_exclusive_price: null,
    price_per_pack: '29.94',
    price_per_unit: '4.99',
    subtotal: '89.82',
    total: '89.82',
    weight: 39.6,
    discount_percentage: 0,
    ...overrides,
  };
}

/** A second line, of another item: 2 boxes of 36 tapes, stock not tracked. */
export function makeTapeLine(overrides: Partial<CartItemView> = {}): CartItemView {
  const base = makeCartLine();
  return makeCartLine({
    id: 8,
    item: {
      ...base.item,
      id: 12,
      title: 'Brown Packing Tape 48mm',
      sku: 'TAPE-48-BRN',
      units_per_pack: 36,
      track_inventory: false,
      stock: 0,
    },
    pack_quantity: 2,
    price_per_pack: '12.50',
    subtotal: '25.00',
    total: '25.00',
    weight: 14.4,
    ...overrides,
  });
}

/** The cart's delivery: the mainland estimate, the cheapest service (a parcel) charged. */
export function makeCartDelivery(overrides: Partial<CartDeliveryView> = {}): CartDeliveryView {
  return {
    postal_code: null,
    zone: 'mainland',
    zone_label: 'Mainland Great Britain',
    service: 'parcel',
    label: 'Parcel',
    extras: [],
    price: '6.95',
    dispatch_date: '2099-11-26',
    delivery_date: '2099-11-27',
    order_by: '2099-11-26T14:00:00Z',
    reason: null,
    free_delivery_shortfall: null,
    ...overrides,
  };
}

export function makeCart(overrides: Partial<CartView> = {}): CartView {
  return {
    id: 3,
    items: [makeCartLine()],
    subtotal: '89.82',
    discount: '0.00',
    vat: 20,
    vat_amount: '19.35',
    shipping_cost: '6.95',
    total: '116.12',
    total_units: 18,
    total_packs: 3,
    total_weight: 39.6,
    shipping_details: { parcel_type: 'parcel', parcels_needed: 2, explanation: 'Parcels of up to 30 kg.' },
    delivery: makeCartDelivery(),
    ...overrides,
  };
}

/** A request the fake API received: method, path and parsed body. */
export interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeCartApi {
  /** What GET carts/current/ answers; the default PATCH and DELETE change it like the server would. */
  cart: CartView;
  /** Answers PATCH cart-items/{id}/; the default sets the line's packs (and the cart's total boxes). */
  patch: (id: number, body: { pack_quantity: number }) => Response | Promise<Response>;
  /** Answers DELETE cart-items/{id}/; the default removes the line (204). */
  remove: (id: number) => Response | Promise<Response>;
  /** Answers POST cart-items/; the default puts back lines it removed, by item, with the posted boxes (201). */
  add: (body: { item: number; pack_quantity: number }[]) => Response | Promise<Response>;
  /** Every request, in order. */
  seen: SeenRequest[];
  /** The PATCHes and DELETEs only, as 'PATCH 7 {"pack_quantity":4}' or 'DELETE 7'. */
  writes: () => string[];
}

const totalPacks = (items: readonly CartItemView[]) =>
  items.reduce((sum, line) => sum + line.pack_quantity, 0);

/** A fake cart API at the network boundary (fetch), for the cart page's component tests. */
export function mockCartApi(cart: CartView): FakeCartApi {
  const removed = new Map<number, CartItemView>();
  let nextId = 1000;
  const api: FakeCartApi = {
    cart,
    seen: [],
    patch: (id, body) => {
      const items = api.cart.items.map((line) =>
        line.id === id ? { ...line, pack_quantity: body.pack_quantity } : line,
      );
      api.cart = { ...api.cart, items, total_packs: totalPacks(items) };
      return json(items.find((line) => line.id === id));
    },
    remove: (id) => {
      const gone = api.cart.items.find((line) => line.id === id);
      if (gone) removed.set(gone.item.id, gone);
      const items = api.cart.items.filter((line) => line.id !== id);
      api.cart = { ...api.cart, items, total_packs: totalPacks(items) };
      return new Response(null, { status: 204 });
    },
    add: (body) => {
      const added = body.map((line) => ({
        ...removed.get(line.item)!,
        id: nextId++,
        pack_quantity: line.pack_quantity,
      }));
      const items = [...api.cart.items, ...added];
      api.cart = { ...api.cart, items, total_packs: totalPacks(items) };
      return json(added, 201);
    },
    writes: () =>
      api.seen
        .filter((request) => request.method !== 'GET')
        .map((request) => {
          const id = /cart-items\/(\d+)\//.exec(request.path)?.[1];
          return request.body === undefined
            ? `${request.method} ${id}`
            : `${request.method} ${id} ${JSON.stringify(request.body)}`;
        }),
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    api.seen.push({ method, path, body });
    if (path === '/api/ecommerce/carts/current/' && method === 'GET') return json(api.cart);
    const line = /^\/api\/ecommerce\/cart-items\/(\d+)\/$/.exec(path);
    if (line && method === 'PATCH') return api.patch(Number(line[1]), body as { pack_quantity: number });
    if (line && method === 'DELETE') return api.remove(Number(line[1]));
    if (path === '/api/ecommerce/cart-items/' && method === 'POST') {
      return api.add(body as { item: number; pack_quantity: number }[]);
    }
    return json({ detail: 'Not found.' }, 404);
  });
  return api;
}

/** One option of POST ecommerce/delivery-options/: a mainland parcel by default. */
export function makeDeliveryOption(overrides: Partial<DeliveryOptionView> = {}): DeliveryOptionView {
  return {
    service: 'parcel',
    label: 'Parcel',
    price: '6.95',
    delivery_date: '2099-11-27',
    order_by: '2099-11-26T14:00:00Z',
    dispatch_date: '2099-11-26',
    explanation: '2 parcels of up to 30 kg at £6.95 each.',
    extras: [],
    ...overrides,
  };
}

/** The extras a pallet is offered, at the seeded prices. */
export const PALLET_EXTRAS: DeliveryOptionView['extras'] = [
  { code: 'am_slot', label: 'AM slot (before 12:00)', price: '15.00' },
  { code: 'timed_slot', label: 'Timed slot (a 1-hour window)', price: '25.00' },
  { code: 'tail_lift', label: 'Tail lift (no forklift on site)', price: '25.00' },
];

/** The two pallet services to the mainland, cheapest first. */
export const PALLET_OPTIONS: DeliveryOptionView[] = [
  makeDeliveryOption({
    service: 'pallet_economy',
    label: 'Pallet, economy',
    price: '45.00',
    delivery_date: '2099-11-30',
    extras: PALLET_EXTRAS,
  }),
  makeDeliveryOption({
    service: 'pallet_next_day',
    label: 'Pallet, next day',
    price: '65.00',
    extras: PALLET_EXTRAS,
  }),
];
