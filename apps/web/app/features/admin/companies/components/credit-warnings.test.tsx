import { type AdminCompanyDetail, BANK_DETAILS_MISSING } from '@shop/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '~test/stub-api';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import { CreditTermsForm } from './credit-terms-form';

beforeEach(() => localStorage.setItem(ACCESS_TOKEN_KEY, 'staff-token'));

const address = {
  first_name: 'Tara',
  last_name: 'Trader',
  street: '1 Dock Road',
  city: 'Hull',
  state: null,
  postal_code: 'HU1 1AA',
  country: 'United Kingdom',
  telephone_number: '+447700900123',
};

/** A pending application while the shop has no bank details set. */
const pending: AdminCompanyDetail = {
  id: 42,
  account_number: 'TA-000042',
  status: 'pending',
  legal_name: 'Crates and Co Ltd',
  trading_name: 'Crates',
  business_type: 'limited_company',
  applicant_email: 'tara@crates.example',
  members: 1,
  credit_limit: '0.00',
  requested_credit_limit: '5000.00',
  on_hold: false,
  created_at: '2026-11-20T09:30:00Z',
  company_number: '01234567',
  vat_number: 'GB123456782',
  registered_address: address,
  invoice_address: address,
  accounts_email: 'accounts@crates.example',
  trade_references: [],
  decline_reason: null,
  payment_terms: null,
  pay_on_account: false,
  po_required: false,
  hold_reason: null,
  hold_set_by: null,
  balance: '0.00',
  overdue: '0.00',
  aged: { current: '0.00', '1_30': '0.00', '31_60': '0.00', '61_90': '0.00', over_90: '0.00' },
  available_credit: '0.00',
  decided_at: null,
  member_list: [],
  warnings: [BANK_DETAILS_MISSING],
};
afterEach(() => localStorage.clear());

describe('the approve form without bank details', () => {
  it('warns before approving credit, and repeats the answer’s warning once approved', async () => {
    const company = pending;
    stubApi({
      [`POST /api/administration/companies/${company.id}/approve/`]: () =>
        json({ ...company, status: 'approved', warnings: [BANK_DETAILS_MISSING] }),
    });
    render(<CreditTermsForm company={company} action="approve" onDone={() => {}} />);
    expect(screen.getByRole('note')).toHaveTextContent(BANK_DETAILS_MISSING);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Credit limit (£)'));
    await user.type(screen.getByLabelText('Credit limit (£)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent(BANK_DETAILS_MISSING);
  });

  it('does not warn for card payment only', async () => {
    const company = pending;
    render(<CreditTermsForm company={company} action="approve" onDone={() => {}} />);
    await userEvent.setup().click(screen.getByLabelText('Card payment only, no credit'));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
