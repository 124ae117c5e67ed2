import type { CartView as Cart } from '@shop/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLoaderData } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '~/components/ui/toasts';
import { getCartCount, setCartCount } from '~/lib/current-cart';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import { json } from '~test/stub-api';
import { makeCart, makeCartDelivery, makeCartLine, makeTapeLine, mockCartApi } from '~test/fake-cart';
import { routeStub } from '~test/route-stub';
import { fetchCurrentCart } from '../api';
import { CartView } from './cart-view';

const CL = 'PW-HAND-400-CL';
const TAPE = 'TAPE-48-BRN';
const TITLE = 'Clear Hand Pallet Wrap 400mm x 250m, 17mu';

/** The page as the route composes it: the cart read by a loader, which each change runs again. */
function Page() {
  const cart = useLoaderData<Cart>();
  return (
    <>
      <Toasts />
      <CartView cart={cart} />
    </>
  );
}

/** Renders the cart the fake API holds, once its loader has read it. */
async function renderCart(cart: Cart) {
  const api = mockCartApi(cart);
  const Stub = routeStub([
    {
      path: '/cart',
      Component: Page,
      loader: () => fetchCurrentCart(),
      HydrateFallback: () => <p>Loading</p>,
    },
  ]);
  render(<Stub initialEntries={['/cart']} />);
  await screen.findAllByText(/^(Summary|You have no items\.)$/);
  return { api, user: userEvent.setup() };
}

const row = (label: string) => screen.getByRole('row', { name: new RegExp(`^${label}`) });
const lineRow = (sku: string) => screen.getByRole('cell', { name: sku }).closest('tr')!;
const boxes = (sku: string) => screen.getByRole('textbox', { name: `Boxes of ${sku}` });
const minus = (sku: string) => screen.getByRole('button', { name: `Remove one box of ${sku}` });
const plus = (sku: string) => screen.getByRole('button', { name: `Add one box of ${sku}` });

/** Waits for the summary's Total Boxes to read `packs`: the cart was read again after a change. */
const reloadedWith = (packs: number) =>
  waitFor(() => expect(row('Total Boxes')).toHaveTextContent(String(packs)));

beforeEach(() => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
});

afterEach(() => {
  vi.restoreAllMocks();
  setCartCount(null);
});

describe('the cart’s lines and summary', () => {
  it('says so when the cart is empty', async () => {
    await renderCart(makeCart({ items: [] }));
    expect(screen.getByText('You have no items.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('lists each line with a link to its product, its boxes and the server’s money', async () => {
    await renderCart(makeCart());
    const table = screen.getByRole('table', { name: 'Items in your cart' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '',
      CL,
      TITLE,
      '−+Remove',
      '18',
      '£29.94',
      '£89.82',
      '£89.82',
    ]);
    expect(boxes(CL)).toHaveValue('3');
    expect(boxes(CL)).toHaveAttribute('inputmode', 'numeric');
    expect(within(table).getByRole('link')).toHaveAttribute('href', '/details/wraps/pallet-wraps');
    expect(within(table).getByRole('img', { name: 'Roll of clear wrap' })).toBeInTheDocument();
  });

  it('sums up without a discount line when there is none, with parcels, weight to 3 decimals and VAT', async () => {
    await renderCart(makeCart());
    expect(screen.queryByRole('row', { name: /^Discount/ })).not.toBeInTheDocument();
    expect(row('Total Items')).toHaveTextContent('1');
    expect(row('Total Boxes')).toHaveTextContent('3');
    expect(row('Subtotal')).toHaveTextContent('£89.82');
    expect(row('VAT \\(20%\\)')).toHaveTextContent('£19.35');
    expect(row('Shipping')).toHaveTextContent('£6.95 (2 parcels)');
    expect(row('Weight')).toHaveTextContent('39.600 kg');
    expect(row('Total £')).toHaveTextContent('£116.12');
    expect(screen.getByText('Parcels of up to 30 kg.')).toBeInTheDocument();
    expect(screen.queryByText(/pallet prices apply/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('shows the percent-off tag, the discount line, FREE shipping and the pallet note at 750 kg', async () => {
    await renderCart(
      makeCart({
        items: [makeCartLine({ discount_percentage: 10, total: '80.84' })],
        discount: '8.98',
        shipping_cost: '0.00',
        total_weight: 750,
      }),
    );
    expect(screen.getByText('−10%')).toBeInTheDocument();
    expect(row('Discount')).toHaveTextContent('−£8.98');
    expect(row('Shipping')).toHaveTextContent('FREE');
    expect(row('Weight')).toHaveTextContent('750.000 kg');
    expect(screen.getByText(/pallet prices apply/)).toBeInTheDocument();
  });

  it('names one pallet of shipping, and no pallet note just under 750 kg', async () => {
    await renderCart(
      makeCart({
        shipping_cost: '45.00',
        total_weight: 749.9995,
        shipping_details: { parcel_type: 'pallet', parcels_needed: 1, explanation: 'By pallet.' },
      }),
    );
    expect(row('Shipping')).toHaveTextContent('£45.00 (1 pallet)');
    expect(row('Weight')).toHaveTextContent('750.000 kg');
    expect(screen.queryByText(/pallet prices apply/)).not.toBeInTheDocument();
  });

  it('says Image Not Available for a line without an image, and for one whose image fails', async () => {
    const noImage = makeTapeLine({ item: { ...makeTapeLine().item, images: [] } });
    await renderCart(makeCart({ items: [makeCartLine(), noImage] }));
    expect(within(lineRow(TAPE)).getByText('Image Not Available')).toBeInTheDocument();
    const image = within(lineRow(CL)).getByRole('img', { name: 'Roll of clear wrap' });
    fireEvent.error(image);
    expect(within(lineRow(CL)).queryByRole('img')).not.toBeInTheDocument();
    expect(within(lineRow(CL)).getByText('Image Not Available')).toBeInTheDocument();
  });
});

describe('changing boxes', () => {
  it('adds and removes a box with the buttons, keeps focus there and shows the server’s totals', async () => {
    const { api, user } = await renderCart(makeCart());
    await user.click(plus(CL));
    await reloadedWith(4);
    expect(boxes(CL)).toHaveValue('4');
    expect(plus(CL)).toHaveFocus();
    await user.click(minus(CL));
    await reloadedWith(3);
    expect(minus(CL)).toHaveFocus();
    expect(api.writes()).toEqual(['PATCH 7 {"pack_quantity":4}', 'PATCH 7 {"pack_quantity":3}']);
    // Each change is followed by a fresh read of the cart.
    expect(api.seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/ecommerce/carts/current/',
      'PATCH /api/ecommerce/cart-items/7/',
      'GET /api/ecommerce/carts/current/',
      'PATCH /api/ecommerce/cart-items/7/',
      'GET /api/ecommerce/carts/current/',
    ]);
  });

  it('keeps digits only and commits a typed count on Enter, focus staying in the field', async () => {
    const { api, user } = await renderCart(makeCart());
    await user.clear(boxes(CL));
    await user.type(boxes(CL), '1a-2.');
    expect(boxes(CL)).toHaveValue('12');
    expect(api.writes()).toEqual([]);
    await user.keyboard('{Enter}');
    await reloadedWith(12);
    expect(boxes(CL)).toHaveFocus();
    expect(api.writes()).toEqual(['PATCH 7 {"pack_quantity":12}']);
  });

  it('commits a typed count on blur, and puts back an emptied field without sending anything', async () => {
    const { api, user } = await renderCart(makeCart());
    await user.clear(boxes(CL));
    await user.type(boxes(CL), '5');
    await user.tab();
    await reloadedWith(5);
    expect(api.writes()).toEqual(['PATCH 7 {"pack_quantity":5}']);
    await user.clear(boxes(CL));
    await user.tab();
    expect(boxes(CL)).toHaveValue('5');
    expect(api.writes()).toHaveLength(1);
  });

  it('sends nothing when the count is unchanged', async () => {
    const { api, user } = await renderCart(makeCart());
    await user.clear(boxes(CL));
    await user.type(boxes(CL), '3{Enter}');
    expect(api.writes()).toEqual([]);
  });

  it('disables only the changing line’s controls while its change is in flight', async () => {
    const { api, user } = await renderCart(makeCart({ items: [makeCartLine(), makeTapeLine()] }));
    let answer: (() => void) | undefined;
    const patch = api.patch;
    api.patch = (id, body) =>
      new Promise<Response>((resolve) => {
        answer = () => resolve(patch(id, body) as Response);
      });
    await user.click(plus(CL));
    await waitFor(() => expect(answer).toBeDefined());

    expect(lineRow(CL)).toHaveAttribute('aria-busy', 'true');
    expect(boxes(CL)).toHaveValue('4');
    expect(boxes(CL)).toHaveAttribute('readonly');
    for (const control of [minus(CL), boxes(CL), plus(CL)]) {
      expect(control).toHaveAttribute('aria-disabled', 'true');
    }
    await user.click(plus(CL));
    await user.click(minus(CL));
    expect(api.writes()).toEqual(['PATCH 7 {"pack_quantity":4}']);

    // The other line stays usable meanwhile.
    expect(lineRow(TAPE)).not.toHaveAttribute('aria-busy');
    expect(plus(TAPE)).not.toHaveAttribute('aria-disabled');
    expect(boxes(TAPE)).not.toHaveAttribute('readonly');

    answer?.();
    await reloadedWith(6);
    expect(lineRow(CL)).not.toHaveAttribute('aria-busy');
    expect(plus(CL)).not.toHaveAttribute('aria-disabled');
    expect(boxes(CL)).not.toHaveAttribute('readonly');
    // The last control pressed keeps focus through the change.
    expect(minus(CL)).toHaveFocus();
  });

  it('deletes a line at 0 boxes, from minus or typed, and gives focus to the next line’s boxes', async () => {
    const { api, user } = await renderCart(
      makeCart({ items: [makeCartLine({ pack_quantity: 1 }), makeTapeLine()], total_packs: 3 }),
    );
    await user.click(minus(CL));
    await reloadedWith(2);
    expect(screen.queryByRole('cell', { name: CL })).not.toBeInTheDocument();
    expect(row('Total Items')).toHaveTextContent('1');
    expect(boxes(TAPE)).toHaveFocus();

    await user.clear(boxes(TAPE));
    await user.type(boxes(TAPE), '0{Enter}');
    expect(await screen.findByText('You have no items.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveFocus();
    expect(api.writes()).toEqual(['DELETE 7', 'DELETE 8']);
  });

  it('keeps the count the header shows in step with the cart', async () => {
    const { user } = await renderCart(
      makeCart({ items: [makeCartLine({ pack_quantity: 1 }), makeTapeLine()] }),
    );
    expect(getCartCount()).toBe(2);
    await user.click(minus(CL));
    await waitFor(() => expect(getCartCount()).toBe(1));
  });
});

describe('stock', () => {
  it('cuts a count above tracked stock to its whole packs before sending, and says so', async () => {
    const line = makeCartLine({ item: { ...makeCartLine().item, stock: 20 }, pack_quantity: 2 });
    const { api, user } = await renderCart(makeCart({ items: [line], total_packs: 2 }));
    await user.clear(boxes(CL));
    await user.type(boxes(CL), '10{Enter}');
    expect(
      await screen.findByText(`Cannot exceed available stock of 20 units for ${TITLE}.`),
    ).toBeInTheDocument();
    await reloadedWith(3);
    expect(api.writes()).toEqual(['PATCH 7 {"pack_quantity":3}']);
  });

  it('reduces to the whole packs the server says are available, and sends that', async () => {
    const { api, user } = await renderCart(makeCart());
    const patch = api.patch;
    api.patch = (id, body) =>
      body.pack_quantity > 2
        ? json({ detail: `Insufficient stock for ${CL}: only 13 units available.` }, 400)
        : patch(id, body);
    await user.clear(boxes(CL));
    await user.type(boxes(CL), '5{Enter}');
    expect(
      await screen.findByText(`Cannot exceed available stock of 13 units for ${TITLE}.`),
    ).toBeInTheDocument();
    await reloadedWith(2);
    expect(boxes(CL)).toHaveValue('2');
    expect(api.writes()).toEqual(['PATCH 7 {"pack_quantity":5}', 'PATCH 7 {"pack_quantity":2}']);
  });

  it('deletes the line when the server has less than a pack left', async () => {
    const { api, user } = await renderCart(makeCart());
    api.patch = () => json({ detail: `Insufficient stock for ${CL}: only 4 units available.` }, 400);
    await user.click(plus(CL));
    expect(await screen.findByText('You have no items.')).toBeInTheDocument();
    expect(screen.getByText(`Cannot exceed available stock of 4 units for ${TITLE}.`)).toBeInTheDocument();
    expect(api.writes()).toEqual(['PATCH 7 {"pack_quantity":4}', 'DELETE 7']);
  });
});

describe('Remove and Undo', () => {
  it('removes a line in one tap, says so, and Undo posts the same boxes back', async () => {
    const { api, user } = await renderCart(
      makeCart({ items: [makeCartLine(), makeTapeLine({ pack_quantity: 10 })], total_packs: 13 }),
    );
    const tapeTitle = api.cart.items[1]!.item.title;
    await user.click(screen.getByRole('button', { name: `Remove ${tapeTitle}` }));
    await reloadedWith(3);
    expect(screen.getByText(`Removed ${tapeTitle} (10 boxes) from your cart.`)).toHaveAttribute(
      'role',
      'status',
    );
    expect(api.writes()).toEqual(['DELETE 8']);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await reloadedWith(13);
    expect(screen.getByText(`Put back ${tapeTitle} (10 boxes).`)).toHaveAttribute('role', 'status');
    expect(boxes(TAPE)).toHaveValue('10');
    const posted = api.seen.find((request) => request.method === 'POST');
    expect(posted?.body).toEqual([
      expect.objectContaining({ cart: api.cart.id, item: makeTapeLine().item.id, pack_quantity: 10 }),
    ]);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('keeps Undo on the emptied cart', async () => {
    const { user } = await renderCart(makeCart());
    await user.click(screen.getByRole('button', { name: `Remove ${TITLE}` }));
    expect(await screen.findByText('You have no items.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await reloadedWith(3);
    expect(boxes(CL)).toHaveValue('3');
  });
});

describe('the free-delivery nudge', () => {
  it('says how much more makes delivery free when the server names a shortfall, and nothing otherwise', async () => {
    await renderCart(makeCart({ delivery: makeCartDelivery({ free_delivery_shortfall: '26.37' }) }));
    expect(screen.getByText('Add £26.37 for free delivery')).toBeInTheDocument();
  });

  it('says nothing where no threshold applies', async () => {
    await renderCart(makeCart({ delivery: makeCartDelivery({ free_delivery_shortfall: null }) }));
    expect(screen.queryByText(/for free delivery$/)).not.toBeInTheDocument();
  });
});

describe('refusals', () => {
  it('says the item is not in the cart when a PATCH or a DELETE answers 404, and shows the cart as it is', async () => {
    const message = 'Item not found in cart. Please refresh.';
    const { api, user } = await renderCart(
      makeCart({ items: [makeCartLine(), makeTapeLine({ pack_quantity: 1 })], total_packs: 4 }),
    );
    // Another tab removed the first line.
    api.patch = () => {
      api.cart = makeCart({ items: [makeTapeLine({ pack_quantity: 1 })], total_packs: 1 });
      return json({ detail: 'Not found.' }, 404);
    };
    await user.click(plus(CL));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await reloadedWith(1);
    expect(screen.queryByRole('cell', { name: CL })).not.toBeInTheDocument();

    api.remove = () => json({ detail: 'Not found.' }, 404);
    await user.click(minus(TAPE));
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(api.writes()).toEqual(['PATCH 7 {"pack_quantity":4}', 'DELETE 8']);
  });

  it('says "No access token found. Please log in." and sends nothing once the token is gone', async () => {
    const message = 'No access token found. Please log in.';
    const { api, user } = await renderCart(makeCart());
    // A logout in another tab removed the token; this page still shows the cart.
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    await user.click(plus(CL));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(plus(CL)).not.toHaveAttribute('aria-disabled'));
    await user.clear(boxes(CL));
    await user.type(boxes(CL), '0{Enter}');
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(api.writes()).toEqual([]);
  });

  it('reads the server’s tier refusal as no tier for the quantity', async () => {
    const { api, user } = await renderCart(makeCart());
    api.patch = () => json({ detail: `Invalid pricing tier for item ${CL}.` }, 400);
    await user.clear(boxes(CL));
    await user.type(boxes(CL), '40{Enter}');
    expect(
      await screen.findByText('No pricing tier available for quantity 40. Please adjust the quantity.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(boxes(CL)).toHaveValue('3'));
  });

  it('falls back to its own message when the server gives no detail, and shows a detail it gives', async () => {
    const { api, user } = await renderCart(makeCart());
    api.patch = () => new Response(null, { status: 500 });
    await user.click(plus(CL));
    expect(await screen.findByText('Failed to update pack quantity. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(plus(CL)).not.toHaveAttribute('aria-disabled'));
    api.patch = () => json({ detail: 'At most 100,000 packs of PW-HAND-400-CL can be in one cart.' }, 400);
    await user.click(plus(CL));
    expect(
      await screen.findByText('At most 100,000 packs of PW-HAND-400-CL can be in one cart.'),
    ).toBeInTheDocument();
  });

  it('refuses to change a line without its product variant or pricing tier, sending nothing', async () => {
    const base = makeCartLine();
    const noVariant = { ...base, item: { ...base.item, product_variant: undefined } };
    const noTier = { ...makeTapeLine(), pricing_tier: undefined };
    const { api, user } = await renderCart(
      makeCart({ items: [noVariant, noTier] as unknown as Cart['items'] }),
    );
    expect(within(lineRow(CL)).queryByRole('link')).not.toBeInTheDocument();
    expect(within(lineRow(CL)).getByText(TITLE)).toBeInTheDocument();
    await user.click(plus(CL));
    expect(
      await screen.findByText(
        'Unable to update item due to missing product variant. Please refresh the cart.',
      ),
    ).toBeInTheDocument();
    await user.click(plus(TAPE));
    expect(
      await screen.findByText('No pricing tiers available for this item. Please contact support.'),
    ).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('marks a line without its item, and refuses to change one without an id', async () => {
    const noId = { ...makeTapeLine(), id: undefined };
    const { api, user } = await renderCart(
      makeCart({ items: [{ ...makeCartLine(), item: undefined }, noId] as unknown as Cart['items'] }),
    );
    expect(
      screen.getByRole('cell', { name: 'Invalid cart item. Please refresh the cart.' }),
    ).toBeInTheDocument();
    await user.click(plus(TAPE));
    expect(
      await within(screen.getByRole('alert')).findByText('Invalid cart item. Please refresh the cart.'),
    ).toHaveClass('toast');
    expect(api.writes()).toEqual([]);
  });
});
