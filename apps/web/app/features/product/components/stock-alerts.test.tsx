import {
  ACCOUNT_MESSAGES,
  CONTACT_MESSAGES,
  STOCK_ALERT_MESSAGES,
  type ProductPage,
  type StockAlertAnswer,
} from '@shop/domain';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '~/components/ui/toasts';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import { makeProductPage } from '~test/fake-catalogue';
import { routeStub } from '~test/route-stub';
import { json, stubApi } from '~test/stub-api';
import { ProductOrdering } from './product-ordering';

const PATH = '/details/wraps/pallet-wraps';
const OUT = 'PW-HAND-400-BK';
const EMAIL = 'visitor@example.com';

// The visitor's dialog loads on first use; under a busy full run that can take more than a second.
configure({ asyncUtilTimeout: 3_000 });

/** The pallet wraps page with its black wrap down to 5 units, less than its pack of 6: out of stock. */
function pageWithOneOut(): ProductPage {
  const page = makeProductPage();
  const [hand, machine] = page.variants;
  return {
    ...page,
    variants: [
      { ...hand!, items: hand!.items.map((item) => (item.sku === OUT ? { ...item, stock: 5 } : item)) },
      machine!,
    ],
  };
}

function renderOrdering() {
  const Stub = routeStub([
    {
      path: PATH,
      Component: () => (
        <>
          <Toasts />
          <ProductOrdering page={pageWithOneOut()} />
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={[PATH]} />);
  return userEvent.setup();
}

const answer = (overrides: Partial<StockAlertAnswer> = {}): StockAlertAnswer => ({
  id: 31,
  item: 1002,
  sku: OUT,
  title: 'Black Hand Pallet Wrap 400mm',
  product_name: 'Pallet Wraps',
  product_url: PATH,
  email: EMAIL,
  status: 'awaiting_confirmation',
  created_at: '2026-03-01T10:00:00.000Z',
  notified_at: null,
  message: STOCK_ALERT_MESSAGES.codeSent(EMAIL),
  ...overrides,
});

/** The customer-pricing reads the page makes for a signed-in buyer, answered empty. */
const PRICING_READS = {
  'GET /api/ecommerce/carts/current/': { id: 77, items: [], total_weight: 0 },
};

const alertButton = (sku: string) => screen.getByRole('button', { name: new RegExp(`: ${sku}$`) });

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Tell me when it’s back', () => {
  it('takes the place of the quantity of an item out of stock only', async () => {
    stubApi({});
    renderOrdering();
    expect(await screen.findByRole('button', { name: `Tell me when it’s back: ${OUT}` })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: `No. of units of ${OUT}` })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'No. of units of PW-HAND-400-CL' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Tell me when/ })).toHaveLength(1);
  });

  it('sets a signed-in buyer’s alert in one click and says so', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'buyer-token');
    const api = stubApi({
      ...PRICING_READS,
      'POST /api/stock-alerts/': json(
        answer({ status: 'active', message: STOCK_ALERT_MESSAGES.active(OUT) }),
        201,
      ),
    });
    const user = renderOrdering();
    await user.click(await screen.findByRole('button', { name: `Tell me when it’s back: ${OUT}` }));
    expect(await screen.findByText(STOCK_ALERT_MESSAGES.active(OUT))).toBeInTheDocument();
    const [call] = api.called('POST', '/api/stock-alerts/');
    expect(call!.body).toEqual({ item: 1002 });
    const sent = api.spy.mock.calls.find(([url]) => url === '/api/stock-alerts/')!;
    expect(new Headers(sent[1]?.headers).get('authorization')).toBe('Bearer buyer-token');
    const button = alertButton(OUT);
    expect(button).toHaveAccessibleName(`Alert set: ${OUT}`);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(api.called('POST', '/api/stock-alerts/')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells a signed-in buyer when the item came back since the page was made', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'buyer-token');
    stubApi({
      ...PRICING_READS,
      'POST /api/stock-alerts/': json({ item: [STOCK_ALERT_MESSAGES.inStock] }, 400),
    });
    const user = renderOrdering();
    await user.click(await screen.findByRole('button', { name: `Tell me when it’s back: ${OUT}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STOCK_ALERT_MESSAGES.backAlready);
    expect(alertButton(OUT)).toHaveAccessibleName(`Tell me when it’s back: ${OUT}`);
  });

  it('asks a visitor for their address, then the code e-mailed to it', async () => {
    const api = stubApi({
      'POST /api/stock-alerts/': json(answer(), 201),
      'POST /api/stock-alerts/confirm/': (body: { code: string }) =>
        body.code === '123456'
          ? json(answer({ status: 'active', message: STOCK_ALERT_MESSAGES.active(OUT) }))
          : json({ code: [ACCOUNT_MESSAGES.otpInvalid] }, 400),
    });
    const user = renderOrdering();
    const opener = await screen.findByRole('button', { name: `Tell me when it’s back: ${OUT}` });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Tell me when it’s back' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveFocus());

    // Checked here first, with the API's own schema.
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(CONTACT_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user.type(email, ' Visitor@Example.com ');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(STOCK_ALERT_MESSAGES.codeSent(EMAIL));
    expect(api.called('POST', '/api/stock-alerts/')[0]!.body).toEqual({ item: 1002, email: EMAIL });
    const code = within(dialog).getByRole('textbox', { name: '6-digit code' });
    await waitFor(() => expect(code).toHaveFocus());

    await user.type(code, '654321{Enter}');
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.otpInvalid)).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription(ACCOUNT_MESSAGES.otpInvalid);

    await user.clear(code);
    await user.type(code, '123456{Enter}');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(STOCK_ALERT_MESSAGES.active(OUT));
    expect(api.called('POST', '/api/stock-alerts/confirm/').at(-1)!.body).toEqual({
      email: EMAIL,
      code: '123456',
    });
    const done = within(dialog).getByRole('button', { name: 'Done' });
    await waitFor(() => expect(done).toHaveFocus());
    await user.click(done);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The same button, now saying so, has the focus back.
    expect(alertButton(OUT)).toHaveAccessibleName(`Alert set: ${OUT}`);
    expect(alertButton(OUT)).toHaveFocus();
  });

  it('says why a visitor’s request failed, and lets them close with Escape', async () => {
    stubApi({
      'POST /api/stock-alerts/': json(
        { detail: 'Request was throttled. Expected available in 60 seconds.' },
        429,
      ),
    });
    const user = renderOrdering();
    const opener = await screen.findByRole('button', { name: `Tell me when it’s back: ${OUT}` });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Tell me when it’s back' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), `${EMAIL}{Enter}`);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Request was throttled. Expected available in 60 seconds.',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
