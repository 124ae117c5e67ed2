/** Trade account answers as the API gives them, for the My account screens' tests. */
import type {
  ApprovalView,
  CompanyAddressView,
  CompanyInvitationView,
  CompanyMemberView,
  CompanyOrderView,
  CompanyView,
  MyInvitationView,
} from '@shop/domain';
import { order } from './fake-checkout';

const snapshot = {
  first_name: 'Ann',
  last_name: 'Smith',
  street: '1 Dock Road',
  city: 'Leeds',
  state: null,
  postal_code: 'LS1 4AP',
  country: 'UK',
  telephone_number: '+441132000000',
};

export const page = <T>(results: T[], more: { next?: string | null; previous?: string | null } = {}) => ({
  count: results.length,
  next: more.next ?? null,
  previous: more.previous ?? null,
  results,
});

export function company(overrides: Partial<CompanyView> = {}): CompanyView {
  return {
    id: 42,
    account_number: 'TA-000042',
    status: 'approved',
    legal_name: 'Acme Packaging Ltd',
    trading_name: 'Acme Packaging',
    business_type: 'limited_company',
    company_number: '01234567',
    vat_number: 'GB123456782',
    registered_address: snapshot,
    invoice_address: snapshot,
    accounts_email: 'accounts@acme.example',
    requested_credit_limit: '5000.00',
    decline_reason: null,
    role: 'administrator',
    order_limit: null,
    po_required: false,
    pay_on_account: true,
    on_hold: false,
    hold_reason: null,
    credit_limit: '5000.00',
    balance: '1200.00',
    overdue: '200.00',
    aged: { current: '1000.00', '1_30': '150.00', '31_60': '50.00', '61_90': '0.00', over_90: '0.00' },
    available_credit: '3800.00',
    payment_terms: { kind: 'days', days: 30, label: '30 days from the invoice date' },
    created_at: '2026-01-05T10:00:00Z',
    ...overrides,
  };
}

/** A buyer's (or approver's) view: no credit figures. */
export const buyerCompany = (overrides: Partial<CompanyView> = {}) =>
  company({
    role: 'buyer',
    order_limit: '500.00',
    credit_limit: null,
    balance: null,
    overdue: null,
    aged: null,
    available_credit: null,
    payment_terms: null,
    ...overrides,
  });

export function member(overrides: Partial<CompanyMemberView> = {}): CompanyMemberView {
  return {
    id: 7,
    user: 70,
    email: 'bob@acme.example',
    first_name: 'Bob',
    last_name: 'Jones',
    role: 'buyer',
    order_limit: '500.00',
    joined_at: '2026-01-10T10:00:00Z',
    ...overrides,
  };
}

export function invitation(overrides: Partial<CompanyInvitationView> = {}): CompanyInvitationView {
  return {
    id: 3,
    email: 'cat@acme.example',
    role: 'approver',
    order_limit: null,
    invited_by: { user: 70, name: 'Bob Jones', email: 'bob@acme.example' },
    expires_at: '2026-02-01T10:00:00Z',
    created_at: '2026-01-18T10:00:00Z',
    ...overrides,
  };
}

export function myInvitation(overrides: Partial<MyInvitationView> = {}): MyInvitationView {
  return {
    id: 9,
    company: 'Acme Packaging',
    role: 'buyer',
    order_limit: '500.00',
    invited_by: 'Ann Smith',
    expires_at: '2026-02-01T10:00:00Z',
    ...overrides,
  };
}

export function companyAddress(overrides: Partial<CompanyAddressView> = {}): CompanyAddressView {
  return { id: 21, ...snapshot, shared: true, ...overrides };
}

export function companyOrder(overrides: Partial<CompanyOrderView> = {}): CompanyOrderView {
  return {
    ...order({ id: 301, payment_status: 'ON_ACCOUNT' }),
    purchase_order_number: 'PO-778',
    invoice_due_date: '2026-02-14',
    payment_terms: null,
    company: null,
    buyer: { id: 70, email: 'bob@acme.example', name: 'Bob Jones' },
    ...overrides,
  } as CompanyOrderView;
}

export function approval(overrides: Partial<ApprovalView> = {}): ApprovalView {
  return {
    id: 11,
    reference: 'AR-000011',
    status: 'awaiting_approval',
    buyer: { id: 70, email: 'bob@acme.example', name: 'Bob Jones' },
    purchase_order_number: 'PO-901',
    subtotal: '800.00',
    vat_amount: '161.39',
    shipping_cost: '6.95',
    total: '968.34',
    lines: [
      {
        item: 11,
        sku: 'PW-HAND-400-CL',
        title: 'Clear Hand Pallet Wrap 400mm x 250m',
        pack_quantity: 20,
        price_per_pack: '40.00',
        total: '800.00',
      },
    ],
    shipping_address: snapshot,
    order: null,
    reason: null,
    created_at: '2026-01-20T09:30:00Z',
    decided_at: null,
    can_put_back: false,
    ...overrides,
  };
}
