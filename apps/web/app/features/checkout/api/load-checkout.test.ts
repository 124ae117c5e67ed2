import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { address, cart, HOME, WORK } from '~test/fake-checkout';
import { json, type Route, stubApi } from '~test/stub-api';
import { loadCheckout } from './load-checkout';
import { ApiError } from '~/lib/api-client';
import { ACCESS_TOKEN_KEY } from '~/lib/session';

const DEPOT = address({ id: 40, street: 'Unit 4 Dock Road', city: 'Hull', postal_code: 'HU1 2AB' });
const { is_default_billing: _billing, is_default_shipping: _shipping, ...depotView } = DEPOT;

/** GET account/company/ as a buyer of an approved company without credit figures reads it. */
const company = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  account_number: 'TA-000007',
  status: 'approved',
  legal_name: 'Acme Packaging Limited',
  trading_name: 'Acme Packaging',
  company_number: '01234567',
  vat_number: 'GB123456782',
  registered_address: {},
  invoice_address: {
    first_name: 'Accounts',
    last_name: 'Payable',
    street: '12 Canal Wharf',
    city: 'Leeds',
    state: null,
    postal_code: 'LS1 4AB',
    country: 'United Kingdom',
    telephone_number: '+441130000000',
  },
  accounts_email: 'accounts@acme.example',
  requested_credit_limit: '5000.00',
  decline_reason: null,
  role: 'buyer',
  order_limit: null,
  po_required: true,
  pay_on_account: true,
  on_hold: false,
  hold_reason: null,
  credit_limit: null,
  balance: null,
  overdue: null,
  aged: null,
  available_credit: null,
  payment_terms: null,
  created_at: '2026-11-01T10:00:00Z',
  ...overrides,
});

function shop(routes: Record<string, Route> = {}) {
  return stubApi({
    'GET /api/ecommerce/carts/current/': cart(),
    'GET /api/addresses/': { count: 2, next: null, previous: null, results: [HOME, WORK] },
    'GET /api/payments/config/': { provider: 'test', publishable_key: null },
    ...routes,
  });
}

beforeEach(() => localStorage.setItem(ACCESS_TOKEN_KEY, 'token'));
afterEach(() => vi.restoreAllMocks());

describe('loadCheckout', () => {
  it('has no company for a buyer without one (404), and asks for nothing more', async () => {
    const api = shop();
    const data = await loadCheckout();
    expect(data.company).toBeNull();
    expect(data.addresses.map((entry) => entry.id)).toEqual([HOME.id, WORK.id]);
    expect(api.called('GET', '/api/account/trade-account/')).toHaveLength(1);
    expect(api.called('GET', '/api/account/company/addresses/')).toEqual([]);
  });

  it('reads an approved company and its complete shared addresses, each offered once', async () => {
    shop({
      'GET /api/account/trade-account/': { company: company() },
      'GET /api/account/company/addresses/': [
        { ...depotView, shared: true },
        { ...depotView, id: 41, telephone_number: '', shared: true },
      ],
      // An address book that also lists the shared one still offers it only under the company.
      'GET /api/addresses/': { count: 3, next: null, previous: null, results: [HOME, WORK, DEPOT] },
    });
    const data = await loadCheckout();
    expect(data.company?.company).toMatchObject({
      trading_name: 'Acme Packaging',
      po_required: true,
      pay_on_account: true,
    });
    expect(data.company?.addresses.map((entry) => entry.id)).toEqual([40]);
    expect(data.addresses.map((entry) => entry.id)).toEqual([HOME.id, WORK.id]);
  });

  it('takes the shared addresses as a page too', async () => {
    shop({
      'GET /api/account/trade-account/': { company: company() },
      'GET /api/account/company/addresses/': { count: 1, next: null, previous: null, results: [depotView] },
    });
    expect((await loadCheckout()).company?.addresses.map((entry) => entry.id)).toEqual([40]);
  });

  it('is the card checkout for an application still pending', async () => {
    const api = shop({
      'GET /api/account/trade-account/': { company: company({ status: 'pending', pay_on_account: false }) },
    });
    expect((await loadCheckout()).company).toBeNull();
    expect(api.called('GET', '/api/account/company/addresses/')).toEqual([]);
  });

  it('reads the cart it is given by id (an accepted quote’s), not the buyer’s own', async () => {
    const api = shop({
      'GET /api/ecommerce/carts/55/': cart({ id: 55, quote: { id: 12, number: 'Q-000012' } }),
    });
    const data = await loadCheckout(undefined, 55);
    expect(data.cart).toMatchObject({ id: 55, quote: { number: 'Q-000012' } });
    expect(api.called('GET', '/api/ecommerce/carts/current/')).toEqual([]);
  });

  it('fails, to be tried again, when the company cannot be read', async () => {
    shop({ 'GET /api/account/trade-account/': json(undefined, 500) });
    await expect(loadCheckout()).rejects.toBeInstanceOf(ApiError);
  });
});
