import type { LedgerView } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '~test/stub-api';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import { LedgerSection } from './ledger-section';
import { suggestedLines } from './record-payment-form';
import { ukToday } from '@shop/domain';

const invoice = (id: number, due: string, open: string, total = open) => ({
  id,
  number: id,
  purchase_order_number: id === 7 ? 'PO-REC-1' : null,
  issued_on: '2026-10-01',
  due_on: due,
  total,
  credited: '0.00',
  paid: (Number(total) - Number(open)).toFixed(2),
  open,
  days_past_due: 0,
});

const LEDGER: LedgerView = {
  balance: '350.00',
  overdue: '100.00',
  unapplied_credit: '0.00',
  aged: { current: '250.00', '1_30': '100.00', '31_60': '0.00', '61_90': '0.00', over_90: '0.00' },
  invoices: [
    invoice(7, '2026-12-20', '200.00'),
    invoice(5, '2026-11-10', '100.00'),
    invoice(6, '2026-12-01', '50.00', '80.00'),
    invoice(4, '2026-10-01', '0.00', '30.00'),
  ],
  payments: [
    {
      id: 90,
      received_on: '2026-11-20',
      amount: '30.00',
      method: 'cheque',
      reference: 'CHQ-1',
      allocated: '30.00',
      allocations: [{ invoice: 6, number: 6, amount: '30.00' }],
      reversed: null,
    },
  ],
  credit_notes: [],
  entries: [],
};

const PAYMENTS = '/api/administration/companies/42/payments/';

beforeEach(() => localStorage.setItem(ACCESS_TOKEN_KEY, 'token'));
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('suggestedLines', () => {
  it('sets an amount against the open invoices oldest due first, as the API would, the rest as credit', () => {
    expect(suggestedLines(LEDGER.invoices, '120')).toEqual({ 5: '100.00', 6: '20.00', 7: '' });
    expect(suggestedLines(LEDGER.invoices, '1000.00')).toEqual({ 5: '100.00', 6: '50.00', 7: '200.00' });
    expect(suggestedLines(LEDGER.invoices, 'abc')).toEqual({ 5: '', 6: '', 7: '' });
  });
});

describe('LedgerSection', () => {
  it('shows the figures, the aged buckets and the open invoices, and passes axe', async () => {
    stubApi({});
    const { container } = render(<LedgerSection companyId={42} ledger={LEDGER} onChanged={() => {}} />);
    expect(within(screen.getByText('Overdue').closest('div')!).getByText('£100.00')).toBeInTheDocument();
    const aged = screen.getByRole('table', { name: 'Aged debt' });
    expect(
      within(aged)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['£250.00', '£100.00', '£0.00', '£0.00', '£0.00']);
    const open = screen.getByRole('table', { name: 'Open invoices' });
    expect(
      within(open)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['INV-000007', 'INV-000005', 'INV-000006']);
    // Each open invoice with its PO number and due day, as the accounts-payable team matches them.
    expect(within(open).getAllByRole('row')[1]).toHaveTextContent(/INV-000007.*PO-REC-1.*20 Dec 2026/);
    expect(screen.getByLabelText('Date received')).toHaveValue(ukToday());
    expect(
      (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations,
    ).toEqual([]);
  }, 20_000);

  it('suggests the allocation as the amount is typed, takes an edited line, and sends the lines', async () => {
    const onChanged = vi.fn();
    const api = stubApi({
      [`POST ${PAYMENTS}`]: (body: { amount: string }) =>
        json({ ...LEDGER.payments[0], id: 91, amount: body.amount, allocated: '120.00' }, 201),
    });
    render(<LedgerSection companyId={42} ledger={LEDGER} onChanged={onChanged} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount (£)'), '150');
    const line = (n: number) => screen.getByLabelText(new RegExp(`^Invoice INV-00000${n}\\b`));
    expect(line(5)).toHaveValue('100.00');
    expect(line(6)).toHaveValue('50.00');
    expect(line(7)).toHaveValue('');
    await user.clear(line(6));
    await user.type(line(6), '20');
    expect(screen.getByText(/Allocated £120.00; £30.00 stays as credit/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reference'), 'BACS-9');
    await user.click(screen.getByRole('button', { name: 'Record the payment' }));
    expect(await screen.findByText(/Payment of £150.00 recorded/)).toBeInTheDocument();
    expect(api.called('POST', PAYMENTS)[0]!.body).toEqual({
      amount: '150',
      received_on: ukToday(),
      method: 'bank_transfer',
      reference: 'BACS-9',
      allocations: [
        { invoice: 5, amount: '100.00' },
        { invoice: 6, amount: '20' },
      ],
    });
    expect(onChanged).toHaveBeenCalledOnce();
  }, 20_000);

  it('shows the API’s errors on the line they are about', async () => {
    stubApi({
      [`POST ${PAYMENTS}`]: json(
        { 'allocations.1.amount': ['No more than the £50.00 open on this invoice.'] },
        400,
      ),
    });
    render(<LedgerSection companyId={42} ledger={LEDGER} onChanged={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount (£)'), '150');
    await user.click(screen.getByRole('button', { name: 'Record the payment' }));
    const field = await screen.findByLabelText(/^Invoice INV-000006\b/);
    expect(field).toHaveAccessibleDescription(/No more than the £50.00 open/);
  }, 20_000);

  it('sets a credit note’s credit against the oldest open invoices in one click', async () => {
    const onChanged = vi.fn();
    const url = '/api/administration/companies/42/credit-notes/31/allocate/';
    const note = {
      id: 31,
      number: 12,
      invoice: 4,
      issued_on: '2026-11-20',
      amount: '60.00',
      unallocated: '60.00',
      allocations: [],
    };
    const api = stubApi({
      [`POST ${url}`]: json({
        ...note,
        unallocated: '0.00',
        allocations: [{ invoice: 7, number: 7, amount: '60.00' }],
      }),
    });
    const ledger = { ...LEDGER, credit_notes: [note, { ...note, id: 32, number: 13, unallocated: '0.00' }] };
    render(<LedgerSection companyId={42} ledger={ledger} onChanged={onChanged} />);
    // Only a note with credit left is offered.
    expect(screen.getAllByRole('button', { name: /^Allocate to open invoices: credit note/ })).toHaveLength(
      1,
    );
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: 'Allocate to open invoices: credit note CN-000012 (£60.00)' }),
    );
    expect(
      await screen.findByText('£60.00 of credit note CN-000012 is set against the oldest open invoices.'),
    ).toBeInTheDocument();
    expect(api.called('POST', url)[0]!.body).toEqual({});
    expect(onChanged).toHaveBeenCalledOnce();
  }, 20_000);

  it('names an invoice or a credit note made before numbers were given by its order or its id', () => {
    stubApi({});
    const unnumbered = { ...invoice(8, '2026-12-25', '10.00', '40.00'), number: null };
    const ledger: LedgerView = {
      ...LEDGER,
      invoices: [...LEDGER.invoices, unnumbered],
      payments: [{ ...LEDGER.payments[0]!, allocations: [{ invoice: 8, number: null, amount: '30.00' }] }],
      credit_notes: [
        {
          id: 33,
          number: null,
          invoice: 4,
          issued_on: '2026-11-20',
          amount: '5.00',
          unallocated: '5.00',
          allocations: [],
        },
      ],
    };
    render(<LedgerSection companyId={42} ledger={ledger} onChanged={() => {}} />);
    const open = screen.getByRole('table', { name: 'Open invoices' });
    expect(within(open).getAllByRole('rowheader').at(-1)).toHaveTextContent(/^Order #8$/);
    expect(screen.getByRole('table', { name: 'Payments received' })).toHaveTextContent('Order #8: £30.00');
    expect(screen.getByLabelText(/^Order #8, due 25 Dec 2026, £10.00 open$/)).toBeInTheDocument();
    expect(screen.getByText(/^Credit note 33: £5.00 of £5.00 to allocate/)).toBeInTheDocument();
  });

  it('reverses a payment with the reason asked for', async () => {
    const onChanged = vi.fn();
    const api = stubApi({
      [`${'POST'} ${PAYMENTS}90/reverse/`]: json(
        { ...LEDGER.payments[0], reversed: { on: '2026-11-21', reason: 'Bounced' } },
        201,
      ),
    });
    render(<LedgerSection companyId={42} ledger={LEDGER} onChanged={onChanged} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Reverse the payment of £30.00/ }));
    await user.type(screen.getByLabelText('Reason'), 'Bounced');
    await user.click(screen.getByRole('button', { name: 'Reverse the payment' }));
    expect(await screen.findByText(/is reversed; the invoices it paid are open again/)).toBeInTheDocument();
    expect(api.called('POST', `${PAYMENTS}90/reverse/`)[0]!.body).toEqual({ reason: 'Bounced' });
    expect(onChanged).toHaveBeenCalledOnce();
  }, 20_000);
});

describe('the ledger entries', () => {
  it('lists every entry with its debit or credit and the running balance, ending at the balance owed', () => {
    const entry = (
      on: string,
      kind: 'invoice' | 'payment',
      id: number,
      description: string,
      amounts: string[],
    ) => ({
      on,
      kind,
      id,
      description,
      debit: amounts[0]!,
      credit: amounts[1]!,
      balance: amounts[2]!,
    });
    render(
      <LedgerSection
        companyId={42}
        ledger={{
          ...LEDGER,
          balance: '1650.00',
          entries: [
            entry('2026-10-01', 'invoice', 7, 'Invoice INV-000007 (PO PO-REC-1), due 20 December 2026', [
              '1680.00',
              '0.00',
              '1680.00',
            ]),
            entry('2026-11-20', 'payment', 90, 'Cheque CHQ-1', ['0.00', '30.00', '1650.00']),
          ],
        }}
        onChanged={() => undefined}
      />,
    );
    const table = screen.getByRole('table', { name: /^Ledger, oldest entry first/ });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateEntryDebitCreditBalance',
      '1 Oct 2026Invoice INV-000007 (PO PO-REC-1), due 20 December 2026£1,680.00£1,680.00',
      '20 Nov 2026Cheque CHQ-1£30.00£1,650.00',
      'Balance owed£1,650.00',
    ]);
    // The payment names the invoice it paid by number (this one has no PO).
    const payments = screen.getByRole('table', { name: 'Payments received' });
    expect(within(payments).getByText('INV-000006: £30.00')).toBeInTheDocument();
  });
});
