import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { ADDRESS_MESSAGES, type CartView, QUOTE_MESSAGES } from '@shop/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartLink } from '~/features/layout/components/cart-link';
import { setCartCount } from '~/lib/current-cart';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import {
  makeCart,
  makeCartDelivery,
  makeCartLine,
  makeDeliveryOption,
  makeTapeLine,
  mockCartApi,
  PALLET_OPTIONS,
} from '~test/fake-cart';
import { requestedQuote } from '~test/fake-quotes';
import { json, stubApi } from '~test/stub-api';
import { routeStub } from '~test/route-stub';
import * as quoteRoute from './account-quote';
import * as cart from './cart';

// The route stub calls loaders with server-style arguments; the loader only reads the request.

/** The cart page under a header with the cart link, as the shell composes them. */
function renderCartPage() {
  const Stub = routeStub([
    {
      path: '/cart',
      Component: (props: Parameters<typeof cart.default>[0]) => (
        <>
          <CartLink />
          <cart.default {...props} />
        </>
      ),
      loader: cart.clientLoader,
      HydrateFallback: cart.HydrateFallback,
    },
  ]);
  render(<Stub initialEntries={['/cart']} />);
  return userEvent.setup();
}

afterEach(() => {
  vi.restoreAllMocks();
  setCartCount(null);
});

describe('the cart page', () => {
  it('asks a visitor to log in, without calling the API', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderCartPage();
    expect(await screen.findByText('Please login to see your items in the cart.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows a loading state with the page title until the cart is read', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    mockCartApi(makeCart());
    renderCartPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cart…');
  });

  it('says there are no items, and nothing else, when the cart cannot be read', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 500 }));
    renderCartPage();
    expect(await screen.findByText('You have no items.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeEmptyDOMElement();
  });

  it('updates the header’s count as lines go, from the cart it reads again', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = mockCartApi(makeCart({ items: [makeCartLine({ pack_quantity: 1 }), makeTapeLine()] }));
    const user = renderCartPage();
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove one box of PW-HAND-400-CL' }));
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row', { name: /TAPE-48-BRN/ })).toHaveLength(1));
    // One read for the page and the header together (identical reads in flight are merged), then one
    // after the DELETE.
    expect(api.seen.map((request) => request.method)).toEqual(['GET', 'DELETE', 'GET']);
  });
});

const OPTIONS = 'POST /api/ecommerce/delivery-options/';
const PATCH_CART = 'PATCH /api/ecommerce/carts/3/';
const CURRENT = 'GET /api/ecommerce/carts/current/';

/** A pallet's cart (750 kg), priced for economy to the mainland until the buyer chooses. */
const palletCart = (overrides: Partial<CartView> = {}) =>
  makeCart({
    total_weight: 750,
    shipping_cost: '45.00',
    vat_amount: '26.96',
    total: '161.78',
    shipping_details: { parcel_type: 'pallet', parcels_needed: 1, explanation: 'One pallet.' },
    delivery: makeCartDelivery({
      postal_code: 'LS1 4AP',
      service: 'pallet_economy',
      label: 'Pallet, economy',
      price: '45.00',
      delivery_date: '2099-11-30',
    }),
    ...overrides,
  });

/** The server's answer to PATCH carts/3/ for a pallet cart: the chosen service and extras, priced. */
function palletAnswer(body: { delivery_service: string; delivery_extras: string[] }): CartView {
  const option = PALLET_OPTIONS.find((entry) => entry.service === body.delivery_service)!;
  const extras = option.extras.filter((extra) => body.delivery_extras.includes(extra.code));
  const pence = [option.price, ...extras.map((extra) => extra.price)].reduce(
    (sum, price) => sum + Math.round(Number(price) * 100),
    0,
  );
  const vat = Math.round((8982 + pence) * 0.2);
  const money = (value: number) => (value / 100).toFixed(2);
  return palletCart({
    shipping_cost: money(pence),
    vat_amount: money(vat),
    total: money(8982 + pence + vat),
    delivery: makeCartDelivery({
      postal_code: 'LS1 4AP',
      service: option.service,
      label: option.label,
      extras: extras.map((extra) => extra.code),
      price: money(pence),
      delivery_date: option.delivery_date,
    }),
  });
}

const summaryRow = (label: string) =>
  within(screen.getByRole('region', { name: 'Summary' })).getByRole('row', { name: new RegExp(`^${label}`) });

describe('the cart page’s delivery', () => {
  it('estimates the mainland without a postcode, then lists the services to the one entered', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = stubApi({
      [CURRENT]: makeCart(),
      [OPTIONS]: [makeDeliveryOption()],
      [PATCH_CART]: makeCart({ delivery: makeCartDelivery({ postal_code: 'SW1A 1AA' }) }),
    });
    const user = renderCartPage();
    const delivery = await screen.findByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('Delivery is estimated for mainland Great Britain.');
    expect(within(delivery).getByRole('textbox', { name: 'Postcode' })).toHaveValue('');
    expect(summaryRow('Delivery')).toHaveTextContent('Parcel, arrives Friday 27 November');

    await user.type(within(delivery).getByRole('textbox', { name: 'Postcode' }), 'sw1a1aa');
    await user.click(within(delivery).getByRole('button', { name: 'Show services' }));
    const services = await within(delivery).findByRole('group', { name: 'Delivery service' });
    const parcel = within(services).getByRole('radio', { name: /^Parcel/ });
    expect(parcel).toHaveAccessibleName('Parcel £6.95 Arrives Friday 27 November');
    await waitFor(() => expect(parcel).toBeChecked());
    // Parcels have no extras.
    expect(within(delivery).queryByRole('group', { name: 'Pallet delivery options' })).toBeNull();
    expect(api.called('POST', '/api/ecommerce/delivery-options/')[0]!.body).toEqual({
      cart_id: 3,
      postal_code: 'SW1A 1AA',
    });
    expect(api.called('PATCH', '/api/ecommerce/carts/3/')[0]!.body).toEqual({
      postal_code: 'SW1A 1AA',
      delivery_service: 'parcel',
      delivery_extras: [],
    });
  });

  it('says FREE for a service that costs nothing', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({
      [CURRENT]: makeCart({ delivery: makeCartDelivery({ postal_code: 'SW1A 1AA', price: '0.00' }) }),
      [OPTIONS]: [makeDeliveryOption({ price: '0.00' })],
    });
    renderCartPage();
    expect(
      await screen.findByRole('radio', { name: 'Parcel FREE Arrives Friday 27 November' }),
    ).toBeChecked();
  });

  it('prefills the cart’s postcode; choosing a service and extras updates the totals from the answer', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = stubApi({
      [CURRENT]: palletCart(),
      [OPTIONS]: PALLET_OPTIONS,
      [PATCH_CART]: (body: { delivery_service: string; delivery_extras: string[] }) =>
        json(palletAnswer(body)),
    });
    const user = renderCartPage();
    const delivery = await screen.findByRole('region', { name: 'Delivery' });
    expect(within(delivery).getByRole('textbox', { name: 'Postcode' })).toHaveValue('LS1 4AP');
    const economy = await within(delivery).findByRole('radio', { name: /^Pallet, economy £45\.00/ });
    expect(economy).toBeChecked();
    expect(summaryRow('Total £')).toHaveTextContent('£161.78');

    await user.click(within(delivery).getByRole('radio', { name: /^Pallet, next day £65\.00/ }));
    await waitFor(() => expect(summaryRow('Total £')).toHaveTextContent('£185.78'));
    expect(summaryRow('Shipping')).toHaveTextContent('£65.00');
    expect(summaryRow('Delivery')).toHaveTextContent('Pallet, next day, arrives Friday 27 November');

    const extras = within(delivery).getByRole('group', { name: 'Pallet delivery options' });
    const am = within(extras).getByRole('checkbox', { name: 'AM slot (before 12:00) +£15.00' });
    const timed = within(extras).getByRole('checkbox', { name: 'Timed slot (a 1-hour window) +£25.00' });
    await user.click(am);
    await waitFor(() => expect(am).toBeChecked());
    // The two slots exclude each other: the timed slot replaces the AM slot.
    await user.click(timed);
    await waitFor(() => expect(timed).toBeChecked());
    expect(am).not.toBeChecked();
    await user.click(within(extras).getByRole('checkbox', { name: /^Tail lift/ }));
    await waitFor(() => expect(summaryRow('Total £')).toHaveTextContent('£245.78'));
    expect(summaryRow('Delivery')).toHaveTextContent(
      'Pallet, next day + Timed slot (a 1-hour window) + Tail lift (no forklift on site), arrives',
    );
    expect(api.called('PATCH', '/api/ecommerce/carts/3/').map((call) => call.body)).toEqual([
      { postal_code: 'LS1 4AP', delivery_service: 'pallet_next_day', delivery_extras: [] },
      { postal_code: 'LS1 4AP', delivery_service: 'pallet_next_day', delivery_extras: ['am_slot'] },
      { postal_code: 'LS1 4AP', delivery_service: 'pallet_next_day', delivery_extras: ['timed_slot'] },
      {
        postal_code: 'LS1 4AP',
        delivery_service: 'pallet_next_day',
        delivery_extras: ['timed_slot', 'tail_lift'],
      },
    ]);
  });

  it('puts a postcode’s error under the field, tied to it, and sends nothing for one that is not a postcode', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = stubApi({
      [CURRENT]: makeCart(),
      [OPTIONS]: json({ postal_code: ['Enter a valid UK postcode.'] }, 400),
    });
    const user = renderCartPage();
    const field = await screen.findByRole('textbox', { name: 'Postcode' });
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Show services' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(ADDRESS_MESSAGES.postalCodeInvalid);
    expect(api.called('POST', '/api/ecommerce/delivery-options/')).toEqual([]);

    // The server's own refusal lands in the same place.
    await user.clear(field);
    await user.type(field, 'SW1A 1AA');
    await user.click(screen.getByRole('button', { name: 'Show services' }));
    await waitFor(() => expect(api.called('POST', '/api/ecommerce/delivery-options/')).toHaveLength(1));
    expect(field).toHaveAccessibleDescription('Enter a valid UK postcode.');
    expect(api.called('PATCH', '/api/ecommerce/carts/3/')).toEqual([]);
  });

  it('gives the reason for a zone not served, and lists no services', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const reason = 'We do not deliver to the Isle of Man online yet: contact us for a quote.';
    stubApi({
      [CURRENT]: makeCart(),
      [OPTIONS]: { options: [], reason, zone: 'isle_of_man' },
      [PATCH_CART]: makeCart({
        shipping_cost: '0.00',
        delivery: makeCartDelivery({
          postal_code: 'IM1 1AA',
          zone: 'isle_of_man',
          zone_label: 'Isle of Man',
          service: null,
          label: null,
          price: null,
          dispatch_date: null,
          delivery_date: null,
          order_by: null,
          reason,
        }),
      }),
    });
    const user = renderCartPage();
    await user.type(await screen.findByRole('textbox', { name: 'Postcode' }), 'IM1 1AA');
    await user.click(screen.getByRole('button', { name: 'Show services' }));
    expect(await screen.findAllByText(reason, { exact: false })).not.toHaveLength(0);
    expect(screen.queryByRole('group', { name: 'Delivery service' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('row', { name: /^Delivery/ })).toBeNull());
    // The cart's answer says no service reaches it: no price for delivery, and no way into checkout.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled());
    expect(screen.getByRole('row', { name: /^Shipping/ })).not.toHaveTextContent('FREE');
  });

  it('shows no delivery price and disables checkout for a cart going where no service reaches, with a quote instead', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const reason = 'We do not deliver to the Isle of Man online yet: contact us for a quote.';
    stubApi({
      [CURRENT]: makeCart({
        shipping_cost: '0.00',
        shipping_details: { parcel_type: 'none', parcels_needed: 0, explanation: reason },
        delivery: makeCartDelivery({
          postal_code: 'IM1 1AA',
          zone: 'isle_of_man',
          zone_label: 'Isle of Man',
          service: null,
          label: null,
          price: null,
          dispatch_date: null,
          delivery_date: null,
          order_by: null,
          reason,
        }),
      }),
      [OPTIONS]: { options: [], reason, zone: 'isle_of_man' },
    });
    const user = renderCartPage();
    const shipping = await screen.findByRole('row', { name: /^Shipping/ });
    expect(shipping).not.toHaveTextContent('FREE');
    expect(shipping).toHaveTextContent('Not available online');
    expect(screen.getByRole('row', { name: /^Total before delivery/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull();
    const checkout = screen.getByRole('button', { name: 'Checkout' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAccessibleDescription(
      `${reason} Enter another delivery postcode, or request a quote for this cart.`,
    );
    // Said once in the summary, beside the button (and once by the delivery form above).
    await waitFor(() => expect(screen.getAllByText(reason, { exact: false })).toHaveLength(2));
    // The way to a quote: the cart's own request, a link away on the same page.
    const ask = screen.getByRole('link', { name: 'request a quote for this cart' });
    expect(ask).toHaveAttribute('href', '#request-quote');
    const section = screen.getByRole('region', { name: 'Request a quote' });
    expect(section).toHaveAttribute('id', 'request-quote');
    await user.click(within(section).getByRole('button', { name: 'Request a quote for this cart' }));
    expect(within(section).getByRole('form', { name: 'Request a quote' })).toBeInTheDocument();
  });

  it('keeps Checkout a link, with the delivery price, for a cart going where a service reaches', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({ [CURRENT]: makeCart() });
    renderCartPage();
    expect(await screen.findByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Total' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Total before delivery' })).toBeNull();
    expect(screen.getByRole('row', { name: /^Shipping/ })).toHaveTextContent('£6.95');
  });
});

const QUOTES = 'POST /api/quotes/';
const ATTACH = (name: string) => `POST /api/quotes/12/attachments/?filename=${name}`;

/** The cart page, and the quote's page in My account where a request goes on to. */
function renderCartAndQuote() {
  const Stub = routeStub([
    {
      path: '/cart',
      Component: cart.default,
      loader: cart.clientLoader,
      HydrateFallback: cart.HydrateFallback,
    },
    {
      path: '/account/quotes/:id',
      Component: quoteRoute.default,
      loader: quoteRoute.clientLoader,
      HydrateFallback: quoteRoute.HydrateFallback,
    },
  ]);
  const { container } = render(<Stub initialEntries={['/cart']} />);
  // Files of other types are picked here too, as a browser lets a buyer do with "All files".
  return Object.assign(userEvent.setup({ applyAccept: false }), { container });
}

/** A file of `size` bytes without allocating them. */
function fileOf(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function openRequestForm(user: ReturnType<typeof userEvent.setup>) {
  const section = await screen.findByRole('region', { name: 'Request a quote' });
  await user.click(within(section).getByRole('button', { name: 'Request a quote for this cart' }));
  return within(section).getByRole('form', { name: 'Request a quote' });
}

describe('the cart’s request for quote', () => {
  it('offers nothing on an empty cart', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({ [CURRENT]: makeCart({ items: [] }) });
    renderCartPage();
    expect(await screen.findByText('You have no items.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Request a quote' })).toBeNull();
  });

  it('refuses a file of another type or over 10 MB before sending, then sends the note and the files', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = stubApi({
      [CURRENT]: makeCart(),
      [QUOTES]: json(requestedQuote({ attachments: [] }), 201),
      [ATTACH('artwork.pdf')]: json({ id: 91 }, 201),
      [ATTACH('photo.jpg')]: json({ id: 92 }, 201),
      'GET /api/quotes/12/': requestedQuote(),
    });
    const user = renderCartAndQuote();
    const form = await openRequestForm(user);
    const files = within(form).getByLabelText('Files (optional)');
    expect(files).toHaveAccessibleDescription(/PDF, PNG or JPEG, up to 10 MB each; at most 5 files\./);
    await user.upload(files, [
      fileOf('artwork.pdf', 'application/pdf', 2 * 1024 * 1024),
      fileOf('notes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
      fileOf('huge.png', 'image/png', 10 * 1024 * 1024 + 1),
    ]);
    expect(files).toHaveAttribute('aria-invalid', 'true');
    expect(files).toHaveAccessibleDescription(
      expect.stringContaining(
        `notes.docx: ${QUOTE_MESSAGES.attachmentType}huge.png: ${QUOTE_MESSAGES.attachmentTooLarge}`,
      ),
    );
    const chosen = within(form).getByRole('list', { name: 'Files to send' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['artwork.pdf (2 MB)Remove artwork.pdf']);
    // A file exactly 10 MB is allowed.
    await user.upload(files, fileOf('photo.jpg', 'image/jpeg', 10 * 1024 * 1024));
    expect(files).not.toHaveAttribute('aria-invalid');
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(2);
    const axeResults = await axe.run(user.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(axeResults.violations).toEqual([]);

    await user.type(
      within(form).getByLabelText('Note for our sales team (optional)'),
      '  Printed with our logo. ',
    );
    await user.click(within(form).getByRole('button', { name: 'Send request' }));

    expect(
      await screen.findByText(
        'Thank you: your request Q-000012 is with us. We will e-mail you when it is priced.',
      ),
    ).toBeInTheDocument();
    expect(api.called('POST', '/api/quotes/').map((call) => call.body)).toEqual([
      { cart_id: 3, note: 'Printed with our logo.' },
    ]);
    const uploads = api.spy.mock.calls.filter(([url]) => String(url).includes('/attachments/'));
    expect(
      uploads.map(([url, init]) => [url, (init!.headers as Record<string, string>)['Content-Type']]),
    ).toEqual([
      ['/api/quotes/12/attachments/?filename=artwork.pdf', 'application/pdf'],
      ['/api/quotes/12/attachments/?filename=photo.jpg', 'image/jpeg'],
    ]);
    // The cart is kept as it was: nothing written to it.
    expect(api.calls.filter((call) => call.url.includes('/ecommerce/') && call.method !== 'GET')).toEqual([]);
  });

  it('goes on to the quote and names a file the server still refused, with its words', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({
      [CURRENT]: makeCart(),
      [QUOTES]: json(requestedQuote({ attachments: [] }), 201),
      [ATTACH('scan.pdf')]: json({ detail: 'The file is larger than 10 MB.' }, 413),
      [ATTACH('logo.png')]: new Response('<html>Unsupported</html>', { status: 415 }),
      'GET /api/quotes/12/': requestedQuote({ attachments: [] }),
    });
    const user = renderCartAndQuote();
    const form = await openRequestForm(user);
    await user.upload(within(form).getByLabelText('Files (optional)'), [
      fileOf('scan.pdf', 'application/pdf'),
      fileOf('logo.png', 'image/png'),
    ]);
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('scan.pdf: The file is larger than 10 MB.')).toBeInTheDocument();
    expect(screen.getByText(`logo.png: ${QUOTE_MESSAGES.attachmentType}`)).toBeInTheDocument();
    // The files can be added again there, while the request is not yet priced.
    expect(screen.getByRole('form', { name: 'Add files' })).toBeInTheDocument();
  });

  it('keeps the buyer on the cart with the server’s reason when the request is refused', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const api = stubApi({
      [CURRENT]: makeCart(),
      [QUOTES]: json({ note: [QUOTE_MESSAGES.noteTooLong] }, 400),
    });
    const user = renderCartAndQuote();
    const form = await openRequestForm(user);
    const note = within(form).getByLabelText('Note for our sales team (optional)');
    await user.type(note, 'Logo print');
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(note).toHaveAccessibleDescription(expect.stringContaining(QUOTE_MESSAGES.noteTooLong)),
    );
    expect(note).toHaveFocus();
    expect(within(form).getByText('Please check the form for errors.')).toHaveAttribute('role', 'alert');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);

    api.spy.mockRestore();
    stubApi({ [CURRENT]: makeCart(), [QUOTES]: json({ detail: QUOTE_MESSAGES.emptyCart }, 400) });
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await within(form).findByText(QUOTE_MESSAGES.emptyCart)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
  });
});
