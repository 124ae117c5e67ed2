import { CART_MESSAGES, ORDER_MESSAGES, type OrderView, type ReorderResult } from '@shop/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cart, cartLine, order } from '~test/fake-checkout';
import { json, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import { CartLink } from '~/features/layout/components/cart-link';
import { setCartCount } from '~/lib/current-cart';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as orderPage from './track-order-order';

function Where() {
  const location = useLocation();
  return <p>At {location.pathname + location.search}</p>;
}

/** The order page under a header with the cart link, as the shell composes them. */
function renderPage(path = '/track-order/101') {
  const Stub = routeStub([
    { path: '/login', Component: Where },
    { path: '/track-order', Component: Where },
    { path: '/cart', Component: Where },
    {
      path: '/track-order/:id',
      Component: (props: Parameters<typeof orderPage.default>[0]) => (
        <>
          <CartLink />
          <orderPage.default {...props} />
        </>
      ),
      loader: orderPage.clientLoader,
      HydrateFallback: orderPage.HydrateFallback,
    },
  ]);
  render(<Stub initialEntries={[path]} />);
  return userEvent.setup();
}

/** A shipped, partly refunded order with its documents. */
const shipped = (overrides: Partial<OrderView> = {}): OrderView =>
  order({
    status: 'shipped',
    payment_status: 'COMPLETED',
    discount: '2.50',
    shipping_details: {
      parcel_type: 'parcel',
      parcels_needed: 2,
      explanation: 'Two parcels of up to 30 kg.',
    },
    shipping_address: { ...order().shipping_address, street: '5 Mill Lane', city: 'Leeds' },
    items: [{ ...order().items[0]!, discount_percentage: 10 }],
    carrier: 'Royal Mail',
    tracking_number: 'RM 123/456GB',
    refunded: '5.00',
    status_history: [
      { status: 'pending', note: 'Order placed', created_at: '2025-03-05T10:15:00Z' },
      { status: 'shipped', note: 'Sent with Royal Mail', created_at: '2025-03-07T23:30:00Z' },
    ],
    invoice: '/api/orders/101/invoice.pdf',
    invoice_number: 'INV-000042',
    paid_receipt: '/api/orders/101/receipt.pdf',
    receipt_number: 'RCT-000042',
    refund_receipt: '/api/orders/101/refunds/1/credit-note.pdf',
    refunds: [
      {
        n: 1,
        amount: '5.00',
        created_at: '2025-03-08T09:00:00Z',
        credit_note_number: 'CN-000007',
        credit_note: '/api/orders/101/refunds/1/credit-note.pdf',
      },
    ],
    ...overrides,
  });

// A string body: jsdom's Blob is not one the fetch Response takes.
const pdf = () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });

/** jsdom has no object URLs; these record what the page saved. */
let saved: { href: string; download: string }[];
beforeEach(() => {
  saved = [];
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => `blob:test/${blob.size}`),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href')!, download: this.download });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  setCartCount(null);
});

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('/track-order/:id', () => {
  it('takes a visitor to the login page, to come back to the order afterwards', async () => {
    const api = stubApi({});
    renderPage();
    expect(await screen.findByText('At /login?from=%2Ftrack-order%2F101')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('shows the order: facts, lines at the prices paid, totals, addresses and dated progress', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({ 'GET /api/orders/101/': shipped(), 'GET /api/ecommerce/carts/current/': cart() });
    renderPage();
    // The heading is there while the order loads too: wait for the order itself.
    await screen.findByRole('region', { name: 'Items in order #101' });
    expect(screen.getByRole('heading', { level: 1, name: 'Order #101' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/track-order');

    const facts = screen.getByText('Placed').closest('dl')!;
    expect(
      [...facts.querySelectorAll('div')].map((pair) => [
        pair.querySelector('dt')!.textContent,
        pair.querySelector('dd')!.textContent,
      ]),
    ).toEqual([
      ['Order number', '#101'],
      ['Placed', '5 Mar 2025'],
      ['Status', 'Shipped'],
      ['Payment', 'PaidRefunded £5.00'],
      ['Shipment', 'Royal Mail: RM 123/456GB (track the parcel on the Royal Mail website)'],
    ]);
    expect(
      screen.getByRole('link', { name: 'RM 123/456GB (track the parcel on the Royal Mail website)' }),
    ).toHaveAttribute('href', 'https://www.royalmail.com/track-your-item#/tracking-results/RM%20123%2F456GB');

    const lines = screen.getByRole('region', { name: 'Items in order #101' });
    expect(lines).toHaveAttribute('tabindex', '0');
    expect(rowsOf(within(lines).getByRole('table'))).toEqual([
      ['SKU', 'Item', 'Packs', 'Units', 'Price per pack', 'Discount', 'Line total'],
      ['PW-HAND-400-CL', 'Clear Hand Pallet Wrap 400mm x 250m', '3', '18', '£29.94', '10%', '£89.82'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Totals of order #101' }))).toEqual([
      ['Subtotal', '£89.82'],
      ['Discount', '−£2.50'],
      ['Shipping', '£6.95 (2 parcels)'],
      ['VAT (20%)', '£19.35'],
      ['Total', '£116.12'],
      ['Refunded', '−£5.00'],
    ]);
    expect(screen.getByText('Two parcels of up to 30 kg.')).toBeInTheDocument();

    const addresses = screen.getByRole('region', { name: 'Addresses' });
    expect(
      within(addresses).getByRole('heading', { name: 'Shipping address' }).nextSibling,
    ).toHaveTextContent('Jane Doe5 Mill LaneLeedsSW1A 1AAUK+447700900123');
    expect(within(addresses).getByRole('heading', { name: 'Billing address' }).nextSibling).toHaveTextContent(
      'Jane Doe1 High StreetLondonSW1A 1AAUK+447700900123',
    );
    // 23:30 UTC on 7 March is still the 7th in London (GMT until the end of March).
    const progress = within(screen.getByRole('region', { name: 'Progress' })).getAllByRole('listitem');
    expect(progress.map((item) => item.textContent)).toEqual([
      '5 Mar 2025 Pending – Order placed',
      '7 Mar 2025 Shipped – Sent with Royal Mail',
    ]);
  });

  it('says an order paid through the shop’s test processor is a test order', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({
      'GET /api/orders/101/': shipped({ is_test: true }),
      'GET /api/ecommerce/carts/current/': cart(),
    });
    renderPage();
    await screen.findByRole('region', { name: 'Items in order #101' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Order #101' }).nextElementSibling,
    ).toHaveTextContent('Test order: paid through the shop’s test processor, no money was taken.');
  });

  it('says nothing of tests on an order paid for real', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({
      'GET /api/orders/101/': shipped({ is_test: false }),
      'GET /api/ecommerce/carts/current/': cart(),
    });
    renderPage();
    await screen.findByRole('region', { name: 'Items in order #101' });
    expect(screen.queryByText(/Test order/)).not.toBeInTheDocument();
  });

  it('dates in UK time, and shows an unknown carrier’s number without a link', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({
      'GET /api/orders/101/': shipped({
        created_at: '2025-07-01T23:30:00Z',
        carrier: 'Bob’s Vans',
        tracking_number: 'BV-1',
        refunded: '0.00',
        payment_status: 'COMPLETED',
      }),
    });
    renderPage();
    expect(await screen.findByText('2 Jul 2025')).toBeInTheDocument();
    expect(screen.getByText('BV-1')).not.toHaveAttribute('href');
    expect(screen.queryByRole('link', { name: /BV-1/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Refunded £/)).not.toBeInTheDocument();
  });

  it('says Order not found, with the way back, when the order is not the customer’s', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({ 'GET /api/orders/101/': json({ detail: 'Not found.' }, 404) });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your orders' })).toHaveAttribute('href', '/track-order');
  });

  it('says Order not found for a number that cannot be an order, without asking the API', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = stubApi({});
    renderPage('/track-order/12abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.url.startsWith('/api/orders/'))).toEqual([]);
  });

  it('says the order could not be loaded, and tries again', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    let down = true;
    stubApi({ 'GET /api/orders/101/': () => (down ? json(undefined, 503) : json(order())) });
    const user = renderPage();
    expect(await screen.findByText('Failed to load the order. Please try again later.')).toHaveAttribute(
      'role',
      'alert',
    );
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Items in order #101' })).toBeInTheDocument();
  });

  it('asks to log in again, to come back to the order, when the session has ended', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({
      'GET /api/orders/101/': json({ detail: 'Expired', code: 'token_not_valid' }, 401),
      'POST /api/account/token/refresh/': json({ detail: 'No.' }, 401),
    });
    renderPage();
    expect(await screen.findByText(ORDER_MESSAGES.loginToView)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?from=%2Ftrack-order%2F101',
    );
  });
});

describe('the order’s documents', () => {
  it('downloads each document with the token, under its number', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = stubApi({
      'GET /api/orders/101/': shipped(),
      'GET /api/orders/101/invoice.pdf': pdf,
      'GET /api/orders/101/receipt.pdf': pdf,
      'GET /api/orders/101/refunds/1/credit-note.pdf': pdf,
    });
    const user = renderPage();
    const documents = await screen.findByRole('region', { name: 'Documents' });
    expect(
      within(documents)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Download VAT invoice (INV-000042)',
      'Download receipt (RCT-000042)',
      'Credit note CN-000007',
    ]);
    expect(within(documents).queryAllByRole('link')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Download VAT invoice (INV-000042)' }));
    await user.click(screen.getByRole('button', { name: 'Download receipt (RCT-000042)' }));
    await user.click(screen.getByRole('button', { name: 'Credit note CN-000007' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(saved).toEqual([
      { href: 'blob:test/8', download: 'invoice-INV-000042.pdf' },
      { href: 'blob:test/8', download: 'receipt-RCT-000042.pdf' },
      { href: 'blob:test/8', download: 'credit-note-CN-000007.pdf' },
    ]);
    const downloads = api.spy.mock.calls.filter(([input]) => String(input).endsWith('.pdf'));
    expect(
      downloads.map(([input, init]) => [input, (init?.headers as Record<string, string>).Authorization]),
    ).toEqual([
      ['/api/orders/101/invoice.pdf', 'Bearer token'],
      ['/api/orders/101/receipt.pdf', 'Bearer token'],
      ['/api/orders/101/refunds/1/credit-note.pdf', 'Bearer token'],
    ]);
  });

  it('says next to the button when a document cannot be downloaded', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({
      'GET /api/orders/101/': shipped(),
      'GET /api/orders/101/invoice.pdf': json({ detail: 'Not found.' }, 404),
    });
    const user = renderPage();
    const button = await screen.findByRole('button', { name: 'Download VAT invoice (INV-000042)' });
    await user.click(button);
    const failure = await screen.findByText('Could not download the VAT invoice. Not found.');
    expect(failure).toHaveAttribute('role', 'alert');
    expect(button).toHaveAccessibleDescription('Could not download the VAT invoice. Not found.');
    expect(button).toBeEnabled();
    expect(saved).toEqual([]);
  });

  it('offers none until the order has them', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({ 'GET /api/orders/101/': order() });
    renderPage();
    const documents = await screen.findByRole('region', { name: 'Documents' });
    expect(documents).toHaveTextContent('There are no documents for this order yet.');
    expect(within(documents).queryAllByRole('button')).toEqual([]);
  });
});

describe('Reorder', () => {
  const result = (): ReorderResult => ({
    cart: cart({ items: [cartLine(), cartLine({ id: 8 }), cartLine({ id: 9 })] }),
    lines: [
      {
        sku: 'BOX-1',
        title: 'Box',
        packs_ordered: 2,
        packs_added: 2,
        outcome: 'price_changed',
        old_price_per_pack: '1.20',
        new_price_per_pack: '1.35',
      },
      {
        sku: 'TAPE-48',
        title: 'Tape',
        packs_ordered: 10,
        packs_added: 3,
        outcome: 'clamped',
        old_price_per_pack: '2.00',
        new_price_per_pack: '2.00',
      },
      {
        sku: 'BAG-9',
        title: 'Bag',
        packs_ordered: 1,
        packs_added: 0,
        outcome: 'unavailable',
        old_price_per_pack: '0.50',
        new_price_per_pack: null,
      },
    ],
  });

  it('puts the order in the cart, says what became of each line, updates the cart count and offers the cart', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = stubApi({
      'GET /api/orders/101/': shipped(),
      'GET /api/ecommerce/carts/current/': cart(),
      'POST /api/orders/101/reorder/': result(),
    });
    const user = renderPage();
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    await user.click(screen.getByRole('button', { name: 'Reorder' }));
    expect(await within(status).findByText('2 of 3 lines were added to your cart.')).toBeInTheDocument();
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Price changed: BOX-1 was £1.20, now £1.35 per pack',
      'Only 3 packs of TAPE-48 in stock: 3 added',
      'BAG-9 is no longer sold',
    ]);
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
    expect(api.called('POST', '/api/orders/101/reorder/')).toHaveLength(1);
  });

  it('offers no way to the cart when nothing could be added', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({
      'GET /api/orders/101/': shipped(),
      'GET /api/ecommerce/carts/current/': cart(),
      'POST /api/orders/101/reorder/': { ...result(), lines: [result().lines[2]!] },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reorder' }));
    expect(await screen.findByText('Nothing could be added to your cart.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to cart' })).not.toBeInTheDocument();
  });

  it('says why when the cart refuses the order', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({
      'GET /api/orders/101/': shipped(),
      'GET /api/ecommerce/carts/current/': cart(),
      'POST /api/orders/101/reorder/': json({ detail: CART_MESSAGES.tooManyPacks('BOX-1') }, 400),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reorder' }));
    expect(
      await screen.findByText(
        `Could not add this order to your cart. ${CART_MESSAGES.tooManyPacks('BOX-1')}`,
      ),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Reorder' })).toBeEnabled();
  });
});

describe('Save as list', () => {
  it('makes a list of the order’s lines, named after the order, and links to it', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = stubApi({
      'GET /api/orders/101/': shipped(),
      'GET /api/ecommerce/carts/current/': cart(),
      'GET /api/account/lists/?page=1&page_size=100': { count: 0, next: null, previous: null, results: [] },
      'POST /api/account/lists/': (body: { name: string }) =>
        json(
          {
            ...body,
            id: 9,
            shared: false,
            can_edit: true,
            owner_name: 'Ann',
            line_count: 1,
            updated_at: '',
            lines: [],
          },
          201,
        ),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Save as list' }));
    const panel = screen.getByRole('form', { name: 'Save as list' });
    expect(await within(panel).findByLabelText('Name of the new list')).toHaveValue('Order #101');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('1 item saved to Order #101.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'See the list' })).toHaveAttribute('href', '/account/lists/9');
    expect(api.called('POST', '/api/account/lists/')[0]!.body).toEqual({
      name: 'Order #101',
      lines: [{ item: 11, packs: shipped().items[0]!.pack_quantity }],
    });
  });
});

describe('an order on a trade account', () => {
  const factsOf = () =>
    [...screen.getByText('Placed').closest('dl')!.querySelectorAll('div')].map((pair) => [
      pair.querySelector('dt')!.textContent,
      pair.querySelector('dd')!.textContent,
    ]);

  const onAccount = (overrides: Partial<OrderView> = {}) =>
    order({
      payment_method: 'account',
      payment_status: 'ON_ACCOUNT',
      payment_verified: false,
      transaction_id: null,
      purchase_order_number: 'PO-4471',
      invoice_due_date: '2026-12-31',
      payment_terms: 'End of the month following the invoice',
      company: 7,
      invoice: '/api/orders/101/invoice.pdf',
      invoice_number: 'INV-000050',
      ...overrides,
    });

  it('shows the PO number, On account, the terms and the day payment is due, and passes axe', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({ 'GET /api/orders/101/': onAccount() });
    renderPage();
    await screen.findByRole('region', { name: 'Items in order #101' });
    expect(factsOf()).toEqual([
      ['Order number', '#101'],
      ['Your PO number', 'PO-4471'],
      ['Placed', '5 Mar 2025'],
      ['Status', 'Pending'],
      ['Payment', 'On accountPayment due by 31 December 2026'],
      ['Payment terms', 'End of the month following the invoice'],
      ['Shipment', 'Not shipped yet'],
    ]);
    expect(screen.getByText('31 December 2026')).toHaveAttribute('datetime', '2026-12-31');
    // The shell (not rendered here) gives the page its main landmark.
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations).toEqual([]);
  }, 20_000);

  it('offers the invoice and never a paid receipt, and calls a credit note’s amount credited', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({
      'GET /api/orders/101/': onAccount({
        // Even if an answer carried one, nothing has been paid on account yet.
        paid_receipt: '/api/orders/101/receipt.pdf',
        receipt_number: 'RCT-000001',
        refunded: '5.00',
      }),
    });
    renderPage();
    const documents = await screen.findByRole('region', { name: 'Documents' });
    expect(
      within(documents)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Download VAT invoice (INV-000050)']);
    expect(factsOf()).toContainEqual(['Payment', 'On accountPayment due by 31 December 2026Credited £5.00']);
  });

  it('shows a card order’s PO number, with no terms or due day', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({ 'GET /api/orders/101/': order({ purchase_order_number: 'PO-9', company: 7 }) });
    renderPage();
    await screen.findByRole('region', { name: 'Items in order #101' });
    expect(factsOf()).toEqual([
      ['Order number', '#101'],
      ['Your PO number', 'PO-9'],
      ['Placed', '5 Mar 2025'],
      ['Status', 'Pending'],
      ['Payment', 'Paid'],
      ['Shipment', 'Not shipped yet'],
    ]);
  });
});

describe('the delivery promised', () => {
  const palletNextDay = (
    overrides: Partial<NonNullable<OrderView['delivery']>> = {},
  ): OrderView['delivery'] => ({
    service: 'pallet_next_day',
    label: 'Pallet, next day',
    extras: [{ code: 'tail_lift', label: 'Tail lift (no forklift on site)' }],
    zone: 'mainland',
    zone_label: 'Mainland Great Britain',
    dispatch_by: '2025-11-27',
    delivery_date: '2025-11-28',
    ...overrides,
  });

  it('shows the day it is due, the service, its extras and the day it leaves, and passes axe', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({ 'GET /api/orders/101/': order({ delivery: palletNextDay() }) });
    renderPage();
    const delivery = await screen.findByRole('region', { name: 'Delivery' });
    expect([...delivery.querySelectorAll('.order-delivery > *')].map((part) => part.textContent)).toEqual([
      'Delivery by Friday 28 November',
      'Pallet, next day',
      'Tail lift (no forklift on site)',
      'Leaves our warehouse by Thursday 27 November',
    ]);
    expect(within(delivery).getByRole('list', { name: 'Delivery extras' })).toBeInTheDocument();
    expect(within(delivery).getByText('Friday 28 November')).toHaveAttribute('datetime', '2025-11-28');
    expect(within(delivery).getByText('Thursday 27 November')).toHaveAttribute('datetime', '2025-11-27');
    // Between the order's facts and its items.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.slice(0, 2)).toEqual(['Delivery', 'Items']);
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations).toEqual([]);
  }, 20_000);

  it('names a zone off the mainland, and lists no extras when none were chosen', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({
      'GET /api/orders/101/': order({
        delivery: palletNextDay({
          service: 'parcel',
          label: 'Parcel',
          extras: [],
          zone: 'highlands',
          zone_label: 'Highlands and Islands',
          dispatch_by: '2025-11-26',
        }),
      }),
    });
    renderPage();
    const delivery = await screen.findByRole('region', { name: 'Delivery' });
    expect(within(delivery).getByText(/^Parcel/)).toHaveTextContent('Parcel to Highlands and Islands');
    expect(within(delivery).queryByRole('list')).not.toBeInTheDocument();
    expect(delivery).toHaveTextContent('Leaves our warehouse by Wednesday 26 November');
  });

  it('shows no delivery block on an order from before the delivery promise', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({ 'GET /api/orders/101/': order({ delivery: null }) });
    renderPage();
    await screen.findByRole('region', { name: 'Items in order #101' });
    expect(screen.queryByRole('region', { name: 'Delivery' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Delivery by/)).not.toBeInTheDocument();
  });
});
