// First: Zod must be in jitless mode before the schemas below are built (see the module).
import '~/lib/jitless-validation';
import { type AddressView, CompanyViewSchema, type Page } from '@shop/domain';
import { usableAddresses } from '../checkout-rules';
import { ApiError, request } from '~/lib/api-client';

/**
 * What the checkout reads of the buyer's trade account (GET account/company/): the fields it acts on, so a
 * field it does not use never stops the page. The credit figures are there for administrators only.
 */
export const CheckoutCompanySchema = CompanyViewSchema.pick({
  id: true,
  account_number: true,
  status: true,
  legal_name: true,
  trading_name: true,
  invoice_address: true,
  role: true,
  order_limit: true,
  po_required: true,
  pay_on_account: true,
  on_hold: true,
  hold_reason: true,
  available_credit: true,
});

export interface CheckoutCompany {
  company: ReturnType<typeof CheckoutCompanySchema.parse>;
  /** The company's shared delivery addresses, complete ones only, usable wherever an address id is. */
  addresses: AddressView[];
}

/** The company's shared addresses (GET account/company/addresses/), as the address choice shows them. */
async function getCompanyAddresses(signal?: AbortSignal): Promise<AddressView[]> {
  const answer = await request<unknown[] | Page<unknown>>('account/company/addresses/', { signal });
  const list = Array.isArray(answer) ? answer : answer.results;
  // A shared address has no default flags: it is nobody's default.
  return usableAddresses(
    list.map((entry) =>
      typeof entry === 'object' && entry !== null
        ? { is_default_billing: false, is_default_shipping: false, ...entry }
        : entry,
    ),
  );
}

/**
 * The caller's approved trade account and its shared addresses, or null for a buyer with none, an
 * application still pending or declined, or an answer the page cannot read: the checkout is then the card
 * checkout everyone else has. Any other failure fails the checkout's load, to be tried again.
 */
export async function getCheckoutCompany(signal?: AbortSignal): Promise<CheckoutCompany | null> {
  // GET account/trade-account/ answers 200 with null for a buyer with none (GET account/company/'s 404 would
  // be logged by the browser as an error on every checkout).
  let answer: { company: unknown };
  try {
    answer = await request<{ company: unknown }>('account/trade-account/', { signal });
  } catch (error) {
    // A shop without trade accounts (an older API) answers 404: the card checkout, as for anyone else.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  if (answer.company === null) return null;
  const parsed = CheckoutCompanySchema.safeParse(answer.company);
  if (!parsed.success || parsed.data.status !== 'approved') return null;
  return { company: parsed.data, addresses: await getCompanyAddresses(signal) };
}
