import type { ProductPage } from '@shop/domain';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '~/components/ui/toasts';
import { getCartCount, setCartCount } from '~/lib/current-cart';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import { makeProductDetail, makeProductPage } from '~test/fake-catalogue';
import { routeStub } from '~test/route-stub';
import { PRICE_DISPLAY_KEY } from '../hooks/use-price-display';
import { ProductOrdering } from './product-ordering';

const PATH = '/details/wraps/pallet-wraps';

// The add-to-cart code loads on first use; under a busy full run that can take more than a second.
configure({ asyncUtilTimeout: 3_000 });

function Where() {
  const { pathname, search } = useLocation();
  return (
    <>
      <Toasts />
      <p>
        At {pathname}
        {search}
      </p>
    </>
  );
}

function renderOrdering(
  page: ProductPage = makeProductPage(),
  listAction?: (lines: { item: number; packs: number }[]) => React.ReactNode,
) {
  const Stub = routeStub([
    {
      path: PATH,
      Component: () => (
        <>
          <Toasts />
          <ProductOrdering page={page} listAction={listAction} />
        </>
      ),
    },
    { path: '*', Component: Where },
  ]);
  render(<Stub initialEntries={[PATH]} />);
  return userEvent.setup();
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const cartView = (id = 77, totalWeight = 0) => ({
  id,
  items: [],
  subtotal: '0.00',
  discount: '0.00',
  vat: 20,
  vat_amount: '0.00',
  shipping_cost: '0.00',
  total: '0.00',
  total_units: 0,
  total_packs: 0,
  total_weight: totalWeight,
  shipping_details: { parcel_type: 'parcel', parcels_needed: 0, explanation: '' },
});

interface ApiScript {
  exclusive?: { id: number; item: number; discount_percentage: number }[];
  cartWeight?: number;
  cartFails?: boolean;
  /** The lines GET carts/current/ answers with (none unless given). */
  cartItems?: () => unknown[];
  post?: (body: unknown) => Response | Promise<Response>;
}

/** A fake API at the network boundary; returns the spy so tests can read what was sent. */
function mockApi(script: ApiScript = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/ecommerce/exclusive-prices/')) {
      const results = script.exclusive ?? [];
      return json({ count: results.length, next: null, previous: null, results });
    }
    if (url === '/api/ecommerce/carts/current/') {
      if (script.cartFails) return json({ detail: 'Boom' }, 500);
      return json({ ...cartView(77, script.cartWeight), items: script.cartItems?.() ?? [] });
    }
    if (url === '/api/cart-items/' && init?.method === 'POST') {
      return (script.post ?? (() => json([], 201)))(JSON.parse(String(init.body)));
    }
    return json({ detail: 'Not found.' }, 404);
  });
}

const quantity = (sku: string) => screen.getByRole('textbox', { name: `No. of units of ${sku}` });
const rowOf = (sku: string) => screen.getByRole('rowheader', { name: sku }).closest('tr')!;
const tierButton = (sku: string, tier: string) =>
  screen.getByRole('button', { name: new RegExp(`^${sku}, ${tier}:`) });
const sectionOf = (variant: string) =>
  screen.getByRole('heading', { level: 2, name: variant }).closest('section')!;

/** A figure of the sticky bar by its label, e.g. 'Subtotal' -> '£373.98'. */
function figure(label: string): string {
  const bar = screen.getByRole('region', { name: 'Your selection' });
  const term = within(bar)
    .getAllByRole('term')
    .find((dt) => dt.textContent?.startsWith(label));
  return term?.nextElementSibling?.textContent ?? '';
}

async function setUnits(user: ReturnType<typeof userEvent.setup>, sku: string, units: string) {
  await user.clear(quantity(sku));
  await user.type(quantity(sku), `${units}{Enter}`);
}

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  vi.restoreAllMocks();
  setCartCount(null);
});

describe('the quantity field', () => {
  it('keeps digits only and commits on blur or Enter, rounded up to whole packs', async () => {
    const user = renderOrdering();
    const input = quantity('PW-HAND-400-CL');
    await user.clear(input);
    await user.type(input, '1a-2');
    expect(input).toHaveValue('12');
    await user.clear(input);
    await user.type(input, '7');
    await user.tab();
    expect(input).toHaveValue('12');
    await user.clear(input);
    await user.type(input, '13{Enter}');
    expect(input).toHaveValue('18');
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.tab();
    expect(input).toHaveValue('0');
  });

  it('caps a tracked item at its stock and says so', async () => {
    const user = renderOrdering();
    await setUnits(user, 'PW-HAND-400-BK', '99999');
    expect(quantity('PW-HAND-400-BK')).toHaveValue('60');
    const warning = 'Cannot exceed available stock of 60 units for Black Hand Pallet Wrap 400mm.';
    expect(within(rowOf('PW-HAND-400-BK')).getByRole('alert')).toHaveTextContent(warning);
    expect(quantity('PW-HAND-400-BK')).toHaveAccessibleDescription(warning);
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of PW-HAND-400-BK' }));
    expect(quantity('PW-HAND-400-BK')).toHaveValue('54');
    expect(within(rowOf('PW-HAND-400-BK')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('steps by a pack, and by a pallet from a whole number of pallets', async () => {
    const user = renderOrdering();
    const plus = (sku: string) => screen.getByRole('button', { name: `Increase quantity of ${sku}` });
    const minus = (sku: string) => screen.getByRole('button', { name: `Decrease quantity of ${sku}` });
    await user.click(plus('PW-HAND-400-CL'));
    await user.click(plus('PW-HAND-400-CL'));
    expect(quantity('PW-HAND-400-CL')).toHaveValue('12');
    await user.click(minus('PW-HAND-400-CL'));
    expect(quantity('PW-HAND-400-CL')).toHaveValue('6');
    await user.click(minus('PW-HAND-400-CL'));
    await user.click(minus('PW-HAND-400-CL'));
    expect(quantity('PW-HAND-400-CL')).toHaveValue('0');

    // Machine film: 1 unit per pack, 40 units per pallet.
    const sku = 'PW-MACH-500-1500-CL-LONG';
    await setUnits(user, sku, '40');
    await user.click(plus(sku));
    expect(quantity(sku)).toHaveValue('80');
    await user.click(minus(sku));
    expect(quantity(sku)).toHaveValue('40');
    await user.click(plus(sku));
    await setUnits(user, sku, '41');
    await user.click(minus(sku));
    expect(quantity(sku)).toHaveValue('40');
    await user.click(minus(sku));
    expect(quantity(sku)).toHaveValue('0');
  });
});

describe('tiers and toggles', () => {
  it('sets the quantity from a tier price and marks the tier the quantity is in', async () => {
    const user = renderOrdering();
    await user.click(tierButton('PW-HAND-400-CL', '10-49 packs'));
    expect(quantity('PW-HAND-400-CL')).toHaveValue('60');
    expect(tierButton('PW-HAND-400-CL', '10-49 packs')).toHaveAccessibleName(
      'PW-HAND-400-CL, 10-49 packs: £27.54 per pack, current price',
    );
    expect(tierButton('PW-HAND-400-CL', '10-49 packs')).toHaveClass('tier-price--active');
    expect(tierButton('PW-HAND-400-CL', '1-9 packs')).not.toHaveClass('tier-price--active');
    expect(within(rowOf('PW-HAND-400-CL')).getByText('Add 40 more packs to reach the next price'));

    await user.click(tierButton('PW-HAND-400-CL', '1-9 packs'));
    expect(quantity('PW-HAND-400-CL')).toHaveValue('6');
    expect(within(rowOf('PW-HAND-400-CL')).getByText('Add 9 more packs to reach the next price'));

    // A pallet tier: raised to the packs that reach 750 kg (57 x 13.2 kg), priced by the pallet.
    await user.click(tierButton('PW-HAND-400-CL', '1\\+ pallets'));
    expect(quantity('PW-HAND-400-CL')).toHaveValue('342');
    expect(tierButton('PW-HAND-400-CL', '1\\+ pallets')).toHaveClass('tier-price--active');
    expect(within(rowOf('PW-HAND-400-CL')).queryByText(/more packs? to reach/)).not.toBeInTheDocument();

    // Nothing is marked for an item with no quantity.
    expect(rowOf('PW-HAND-400-BK').querySelector('.tier-price--active')).toBeNull();
  });

  it('shows units per box or per pallet with the toggle, which never changes a price (spec 2, §4)', async () => {
    const user = renderOrdering();
    const hand = sectionOf('Hand Pallet Wrap');
    expect(within(hand).getByRole('radio', { name: 'Box' })).toBeChecked();
    expect(within(hand).getByRole('columnheader', { name: 'Units per box' })).toBeInTheDocument();
    expect(within(rowOf('PW-HAND-400-CL')).getByRole('cell', { name: '6' })).toBeInTheDocument();

    // 40 packs (one pallet, 528 kg) of a variant shown per box: the pack price.
    await setUnits(user, 'PW-HAND-400-CL', '240');
    expect(tierButton('PW-HAND-400-CL', '10-49 packs')).toHaveClass('tier-price--active');
    expect(figure('Subtotal')).toBe('£1,101.60'); // 40 x £27.54
    expect(figure('TOTAL')).toBe('£1,321.92');

    await user.click(within(hand).getByRole('radio', { name: 'Pallet' }));
    expect(within(hand).getByRole('columnheader', { name: 'Units per pallet' })).toBeInTheDocument();
    expect(within(rowOf('PW-HAND-400-CL')).getByRole('cell', { name: '240' })).toBeInTheDocument();
    // The prices the cart will charge: still the pack tier, under 750 kg.
    expect(tierButton('PW-HAND-400-CL', '10-49 packs')).toHaveClass('tier-price--active');
    expect(tierButton('PW-HAND-400-CL', '1\\+ pallets')).not.toHaveClass('tier-price--active');
    expect(figure('Subtotal')).toBe('£1,101.60');
    expect(figure('Total')).toBe('£1,101.60');
    expect(figure('TOTAL')).toBe('£1,321.92');
  });

  it('prices a variant that shows per pallet by the pallet in either position of the toggle', async () => {
    const user = renderOrdering();
    // Machine film shows per pallet (its show_units_per): a whole pallet (40 packs, 700 kg) is priced by
    // the pallet, Box or Pallet.
    const machine = sectionOf('Machine Pallet Wrap');
    expect(within(machine).getByRole('radio', { name: 'Pallet' })).toBeChecked();
    await setUnits(user, 'PW-MACH-500-1500-CL-LONG', '40');
    expect(tierButton('PW-MACH-500-1500-CL-LONG', '1\\+ pallets')).toHaveClass('tier-price--active');
    expect(figure('Subtotal')).toBe('£778.40'); // 40 x £19.46
    await user.click(within(machine).getByRole('radio', { name: 'Box' }));
    expect(within(machine).getByRole('columnheader', { name: 'Units per box' })).toBeInTheDocument();
    expect(tierButton('PW-MACH-500-1500-CL-LONG', '1\\+ pallets')).toHaveClass('tier-price--active');
    expect(tierButton('PW-MACH-500-1500-CL-LONG', '10\\+ packs')).not.toHaveClass('tier-price--active');
    expect(figure('Subtotal')).toBe('£778.40');
  });

  it('shows bag sizes in inches, centimetres or millimetres', async () => {
    const base = makeProductPage();
    const hand = base.variants[0]!;
    const user = renderOrdering({
      product: makeProductDetail({ category: { name: 'Bags', slug: 'bags' } }),
      variants: [
        {
          ...hand,
          items: [{ ...hand.items[0]!, width_in_inches: 6, length_in_inches: 9 }],
        },
      ],
    });
    expect(screen.getByRole('columnheader', { name: 'Dimension (in)' })).toBeInTheDocument();
    expect(within(rowOf('PW-HAND-400-CL')).getByRole('cell', { name: '6 x 9' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'cm' }));
    expect(within(rowOf('PW-HAND-400-CL')).getByRole('cell', { name: '15.24 x 22.86' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'mm' }));
    expect(screen.getByRole('columnheader', { name: 'Dimension (mm)' })).toBeInTheDocument();
    expect(within(rowOf('PW-HAND-400-CL')).getByRole('cell', { name: '152.4 x 228.6' })).toBeInTheDocument();
  });

  it('has no Dimension column outside bags', () => {
    renderOrdering();
    expect(screen.queryByRole('columnheader', { name: /Dimension/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'cm' })).not.toBeInTheDocument();
  });

  it('shows prices ex or inc VAT, remembering the choice in this browser', async () => {
    const user = renderOrdering();
    expect(screen.getByRole('radio', { name: 'ex VAT' })).toBeChecked();
    expect(tierButton('PW-HAND-400-CL', '1-9 packs')).toHaveTextContent('£29.94');
    await user.click(screen.getByRole('radio', { name: 'inc VAT' }));
    expect(tierButton('PW-HAND-400-CL', '1-9 packs')).toHaveTextContent('£35.93');
    expect(localStorage.getItem(PRICE_DISPLAY_KEY)).toBe('inc');
  });

  it('starts with the remembered VAT display', () => {
    localStorage.setItem(PRICE_DISPLAY_KEY, 'inc');
    renderOrdering();
    expect(screen.getByRole('radio', { name: 'inc VAT' })).toBeChecked();
    expect(tierButton('PW-HAND-400-BK', '10-49 packs')).toHaveTextContent('£37.69');
  });
});

describe('the sticky bar', () => {
  it('appears with a quantity and adds up the selection with the domain totals', async () => {
    const user = renderOrdering();
    expect(screen.queryByRole('region', { name: 'Your selection' })).not.toBeInTheDocument();
    await setUnits(user, 'PW-HAND-400-CL', '12'); // 2 packs x £29.94
    await setUnits(user, 'PW-HAND-400-BK', '60'); // 10 packs x £31.41
    expect(figure('SKU')).toBe('PW-HAND-400-BK +1 more');
    expect(figure('Boxes')).toBe('12');
    expect(figure('Units')).toBe('72');
    expect(figure('Weight')).toBe('158.40 kg');
    expect(figure('Subtotal')).toBe('£373.98');
    expect(figure('Total')).toBe('£373.98');
    expect(figure('TOTAL')).toBe('£448.78');
    expect(screen.getByText('Selected 12 boxes, 72 units. TOTAL £448.78 inc VAT.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'inc VAT' }));
    expect(figure('Subtotal')).toBe('£448.78');

    await setUnits(user, 'PW-MACH-500-1500-CL-LONG', '1');
    expect(figure('SKU')).toBe('PW-MACH-500-1500-C... +2 more');
  });

  it('offers a signed-in customer Add to list with the selected items and packs, and a visitor nothing', async () => {
    const listAction = (lines: { item: number; packs: number }[]) => (
      <p>Save {lines.map((line) => `${line.item}x${line.packs}`).join(', ')}</p>
    );
    const visitor = renderOrdering(makeProductPage(), listAction);
    await setUnits(visitor, 'PW-HAND-400-CL', '12');
    expect(screen.queryByText(/^Save /)).not.toBeInTheDocument();
    cleanup();

    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    mockApi({});
    const user = renderOrdering(makeProductPage(), listAction);
    expect(screen.queryByText(/^Save /)).not.toBeInTheDocument();
    await setUnits(user, 'PW-HAND-400-CL', '12');
    await setUnits(user, 'PW-HAND-400-BK', '60');
    expect(screen.getByText('Save 1001x2, 1002x10')).toBeInTheDocument();
  });

  it('shows a customer their exclusive prices and discounted totals, read in two requests', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const fetchSpy = mockApi({ exclusive: [{ id: 5, item: 1001, discount_percentage: 10 }] });
    const user = renderOrdering();
    await waitFor(() => expect(tierButton('PW-HAND-400-CL', '1-9 packs')).toHaveTextContent('£26.95'));
    expect(tierButton('PW-HAND-400-CL', '1-9 packs')).toHaveAccessibleName(
      'PW-HAND-400-CL, 1-9 packs: £26.95 per pack, 10% off',
    );
    expect(tierButton('PW-HAND-400-BK', '1-9 packs')).toHaveTextContent('£34.14');
    const urls = fetchSpy.mock.calls.map(([url]) => String(url));
    expect(urls).toEqual([
      '/api/ecommerce/exclusive-prices/?page_size=100&item=1001&item=1002&item=2001',
      '/api/ecommerce/carts/current/',
    ]);

    await setUnits(user, 'PW-HAND-400-CL', '12');
    await setUnits(user, 'PW-HAND-400-BK', '60');
    expect(figure('Subtotal')).toBe('£373.98');
    expect(figure('Total')).toBe('£367.99'); // £59.88 less 10 % (£5.99) + £314.10
    expect(figure('TOTAL')).toBe('£441.59');
  });

  it('prices by the pallet when the cart and the selection reach 750 kg', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    mockApi({ cartWeight: 740 });
    const user = renderOrdering();
    await setUnits(user, 'PW-HAND-400-CL', '240'); // 40 packs, 528 kg: 1 whole pallet
    await waitFor(() =>
      expect(tierButton('PW-HAND-400-CL', '1\\+ pallets')).toHaveClass('tier-price--active'),
    );
    expect(figure('Subtotal')).toBe('£934.00'); // 40 x £23.35
  });
});

describe('add to cart', () => {
  it('sends a visitor to log in, with a message', async () => {
    const fetchSpy = mockApi();
    const user = renderOrdering();
    await user.click(screen.getByRole('button', { name: 'Increase quantity of PW-HAND-400-CL' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText(`At /login?from=${encodeURIComponent(PATH)}`)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please log in to add items to cart.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('posts one line per selected item, then opens the cart', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    let posted: unknown;
    const fetchSpy = mockApi({
      exclusive: [{ id: 5, item: 1001, discount_percentage: 10 }],
      post: (body) => {
        posted = body;
        return json([{ id: 1 }, { id: 2 }, { id: 3 }], 201);
      },
    });
    const user = renderOrdering();
    await waitFor(() => expect(tierButton('PW-HAND-400-CL', '1-9 packs')).toHaveTextContent('£26.95'));
    await setUnits(user, 'PW-HAND-400-CL', '12');
    await setUnits(user, 'PW-HAND-400-BK', '60');
    await setUnits(user, 'PW-MACH-500-1500-CL-LONG', '40');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    expect(await screen.findByText('At /cart')).toBeInTheDocument();
    expect(posted).toEqual([
      { cart: 77, item: 1001, pricing_tier: 1, pack_quantity: 2, unit_type: 'pack', user_exclusive_price: 5 },
      {
        cart: 77,
        item: 1002,
        pricing_tier: 2,
        pack_quantity: 10,
        unit_type: 'pack',
        user_exclusive_price: null,
      },
      {
        cart: 77,
        item: 2001,
        pricing_tier: 7,
        pack_quantity: 40,
        unit_type: 'pallet',
        user_exclusive_price: null,
      },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Added 3 item(s) to cart successfully!');
    // Exclusive prices, the cart, the POST and the cart again.
    expect(fetchSpy).toHaveBeenCalledTimes(4);
  });

  it('posts the tier the cart will charge, whichever position the Box/Pallet toggle is in', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    let posted: unknown;
    mockApi({
      post: (body) => {
        posted = body;
        return json([{ id: 1 }], 201);
      },
    });
    const user = renderOrdering();
    await user.click(within(sectionOf('Hand Pallet Wrap')).getByRole('radio', { name: 'Pallet' }));
    await setUnits(user, 'PW-HAND-400-CL', '240');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('At /cart')).toBeInTheDocument();
    // 528 kg: the 10-49 pack tier, recorded as a pack line.
    expect(posted).toEqual([
      {
        cart: 77,
        item: 1001,
        pricing_tier: 2,
        pack_quantity: 40,
        unit_type: 'pack',
        user_exclusive_price: null,
      },
    ]);
  });

  it('keeps the selection but resets the item stock cannot cover, and shows why', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const detail = 'Insufficient stock for PW-HAND-400-BK: only 30 units available.';
    let answer: ((response: Response) => void) | undefined;
    mockApi({ post: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = renderOrdering();
    await setUnits(user, 'PW-HAND-400-CL', '12');
    await setUnits(user, 'PW-HAND-400-BK', '60');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('button', { name: 'Cart Updating...' })).toBeDisabled();
    // The POST goes once the cart is known; answer it only then.
    await waitFor(() => expect(answer).toBeDefined());
    answer?.(json({ detail }, 400));
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(quantity('PW-HAND-400-BK')).toHaveValue('0');
    expect(quantity('PW-HAND-400-CL')).toHaveValue('12');
    // The message can show a moment before the button is given back: wait for it, as a buyer would.
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(screen.queryByText(/^At /)).not.toBeInTheDocument();
  });

  it('updates the header’s cart count from the cart read after adding', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    let added = false;
    mockApi({
      cartItems: () => (added ? [{ id: 1 }, { id: 2 }] : []),
      post: () => {
        added = true;
        return json([{ id: 1 }, { id: 2 }], 201);
      },
    });
    const user = renderOrdering();
    await waitFor(() => expect(getCartCount()).toBe(0));
    await setUnits(user, 'PW-HAND-400-CL', '12');
    await setUnits(user, 'PW-HAND-400-BK', '6');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('At /cart')).toBeInTheDocument();
    expect(getCartCount()).toBe(2);
  });

  it('says so when the cart cannot be had', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const fetchSpy = mockApi({ cartFails: true });
    const user = renderOrdering();
    await setUnits(user, 'PW-HAND-400-CL', '6');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Failed to retrieve or create cart.')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

describe('the keyboard path to Add to Cart', () => {
  const skipLinks = () => screen.queryAllByRole('link', { name: 'Skip to Add to Cart' });
  const addToCart = () => screen.getByRole('button', { name: 'Add to Cart' });

  it('goes from a quantity committed with Enter to Add to Cart in Tab, Tab, Enter', async () => {
    const user = renderOrdering();
    expect(skipLinks()).toHaveLength(0);
    await setUnits(user, 'PW-HAND-400-CL', '12');
    expect(quantity('PW-HAND-400-CL')).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Increase quantity of PW-HAND-400-CL' })).toHaveFocus();
    await user.tab();
    const [skip] = skipLinks();
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#add-to-cart');
    expect(addToCart()).toHaveAttribute('id', 'add-to-cart');
    await user.keyboard('{Enter}');
    expect(addToCart()).toHaveFocus();
    // Focus moved without a navigation: no fragment in the address.
    expect(screen.queryByText(/^At /)).not.toBeInTheDocument();
  });

  it('takes the same path when the quantity is committed by Tab (blur)', async () => {
    const user = renderOrdering();
    await user.clear(quantity('PW-HAND-400-BK'));
    await user.type(quantity('PW-HAND-400-BK'), '6');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Increase quantity of PW-HAND-400-BK' })).toHaveFocus();
    await user.tab();
    expect(skipLinks()[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(addToCart()).toHaveFocus();
  });

  it('offers the link after the items with a quantity only, so browsing the tables costs no extra stops', async () => {
    const user = renderOrdering();
    await user.click(screen.getByRole('button', { name: 'Increase quantity of PW-HAND-400-CL' }));
    expect(skipLinks()).toHaveLength(1);
    expect(within(rowOf('PW-HAND-400-CL')).getByRole('link', { name: 'Skip to Add to Cart' })).toBe(
      skipLinks()[0],
    );
    expect(within(rowOf('PW-HAND-400-BK')).queryByRole('link')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of PW-HAND-400-CL' }));
    expect(skipLinks()).toHaveLength(0);
  });
});

describe('images and navigation', () => {
  it('previews an item’s images in a modal dialog and gives focus back on Escape', async () => {
    const user = renderOrdering();
    const opener = screen.getByRole('button', { name: 'Enlarge image of PW-HAND-400-BK' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'PW-HAND-400-BK: Black Hand Pallet Wrap 400mm' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const close = within(dialog).getByRole('button', { name: 'Close image preview' });
    expect(close).toHaveFocus();
    expect(within(dialog).getByRole('img', { name: 'Black wrap roll' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Show image 2: Black wrap on a pallet' }));
    expect(within(dialog).getByRole('img', { name: 'Black wrap on a pallet' })).toBeInTheDocument();

    // Tab goes round inside the dialog.
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(
      within(dialog).getByRole('button', { name: 'Show image 2: Black wrap on a pallet' }),
    ).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Enlarge image of PW-HAND-400-CL' }));
    await user.click(screen.getByRole('button', { name: 'Close image preview' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('links every variant and scrolls to the one chosen, highlighting it', async () => {
    const user = renderOrdering();
    const nav = screen.getByRole('navigation', { name: 'Product variants' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Hand Pallet Wrap', 'Machine Pallet Wrap']);
    expect(links[0]).toHaveAttribute('aria-current', 'location');
    await user.click(links[1]!);
    expect(links[1]).toHaveAttribute('aria-current', 'location');
    expect(links[0]).not.toHaveAttribute('aria-current');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(sectionOf('Machine Pallet Wrap')).toHaveFocus();
  });
});
