// Test support for trade accounts: apply, approve, and bring people into a company through the API,
// as a buyer and staff would. Each helper takes the app (or a test context) and bearer tokens, so any test file
// can call it; each fails the test with the answer when the API refuses.
import type { AdminCompanyDetail, CompanyRole, CompanyView } from '@shop/domain';
import type { App } from '../../src/app';
import { createAccount } from './accounts';
import type { TestContext } from '../helper';

type AppLike = App | TestContext;
const appOf = (target: AppLike): App => ('app' in target ? target.app : target);

/** An address in the address book's fields, as the application takes it. */
export const COMPANY_ADDRESS = {
  first_name: 'Ann',
  last_name: 'Smith',
  street: '1 Mill Lane',
  city: 'Leeds',
  postal_code: 'LS1 1AA',
  country: 'UK',
  telephone_number: '0113 496 0000',
};

/** A complete application that passes every check (the VAT number's check digits included). */
export const APPLICATION = {
  legal_name: 'Boxes Limited',
  trading_name: 'Boxes',
  company_number: '01234567',
  vat_number: 'GB123456782',
  registered_address: COMPANY_ADDRESS,
  invoice_address: COMPANY_ADDRESS,
  accounts_email: 'accounts@boxes.example',
  requested_credit_limit: '5000.00',
  trade_references: [
    { name: 'Tapes Ltd', email: 'ref@tapes.example' },
    { name: 'Wraps Ltd', email: 'ref@wraps.example' },
  ],
};

/** Staff's usual decision: £5,000 of credit, 30 days. */
export const APPROVAL = { credit_limit: '5000.00', payment_terms_days: 30 };

async function call(
  target: AppLike,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  ip?: string,
) {
  return appOf(target).inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
    ...(ip === undefined ? {} : { remoteAddress: ip }),
  });
}

/** Applies for a trade account as the token's user; answers the pending company as GET account/company/ does. */
export async function applyForCompany(
  target: AppLike,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<CompanyView> {
  const res = await call(target, token, 'POST', '/api/account/company/', { ...APPLICATION, ...overrides });
  if (res.statusCode !== 201) throw new Error(`application refused: ${res.statusCode} ${res.body}`);
  return res.json<CompanyView>();
}

/** Approves a pending company as staff (default APPROVAL: £5,000, 30 days); answers the back office's detail. */
export async function approveCompany(
  target: AppLike,
  staffToken: string,
  companyId: number,
  body: object = APPROVAL,
): Promise<AdminCompanyDetail> {
  const res = await call(
    target,
    staffToken,
    'POST',
    `/api/administration/companies/${companyId}/approve/`,
    body,
  );
  if (res.statusCode !== 200) throw new Error(`approval refused: ${res.statusCode} ${res.body}`);
  return res.json<AdminCompanyDetail>();
}

/** A new account for `email`, signed in; answers its access token (made in the database: createAccount). */
export async function signUpAs(
  ctx: TestContext,
  email: string,
  password = 'correct horse battery',
): Promise<string> {
  const { access } = await createAccount(ctx, email, { password, firstName: 'Ben', lastName: 'Member' });
  return access;
}

/**
 * Invites `email` to the administrator's company with a role (and an order limit in pounds, e.g. '100.00'),
 * signs up a new account with that address and accepts the invitation as it; answers the new member's token.
 */
export async function inviteAndJoin(
  target: TestContext,
  adminToken: string,
  email: string,
  role: CompanyRole,
  orderLimit?: string | number | null,
): Promise<string> {
  const invited = await call(target, adminToken, 'POST', '/api/account/company/invitations/', {
    email,
    role,
    ...(orderLimit === undefined ? {} : { order_limit: orderLimit }),
  });
  if (invited.statusCode !== 201)
    throw new Error(`invitation refused: ${invited.statusCode} ${invited.body}`);
  const token = await signUpAs(target, email);
  const accepted = await call(
    target,
    token,
    'POST',
    `/api/account/invitations/${invited.json<{ id: number }>().id}/accept/`,
  );
  if (accepted.statusCode !== 200)
    throw new Error(`acceptance refused: ${accepted.statusCode} ${accepted.body}`);
  return token;
}
