import type { AdminOrderDetail } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '~test/stub-api';
import { order } from '~test/fake-checkout';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as orderRoute from './order';

const URL_OF = '/api/administration/orders/101/';

/** An order as the back office reads it: the buyer's view and the staff's extras. */
function detail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  const base = order({ total: '116.12' });
  return {
    ...base,
    items: [
      {
        ...base.items[0]!,
        id: 1,
        sku: 'PW-HAND-400-CL',
        pack_quantity: 3,
        total: '89.82',
        refunded_packs: 1,
      },
      {
        ...base.items[0]!,
        id: 2,
        sku: 'TD-PRO-75',
        title: 'Tape',
        pack_quantity: 2,
        total: '10.00',
        price_per_pack: '5.00',
        refunded_packs: 0,
      },
    ],
    is_test: false,
    carrier: null,
    tracking_number: null,
    refunded: '35.93',
    status_history: [
      { status: 'pending', note: 'Order placed', created_at: '2025-03-05T10:15:00Z', actor_email: null },
    ],
    customer: { id: 7, email: 'jane@example.com', first_name: 'Jane', last_name: 'Doe' },
    refundable: '80.19',
    refundable_pence: 8019,
    next_statuses: ['processing', 'cancelled'],
    payments: [
      {
        id: 3,
        provider: 'test',
        provider_payment_id: 'pi_test_1',
        amount: '116.12',
        refunded: '35.93',
        status: 'succeeded',
        created_at: '2025-03-05T10:14:00Z',
      },
    ],
    refunds: [
      {
        id: 9,
        amount: '35.93',
        amount_pence: 3593,
        reason: 'One pack damaged',
        lines: [{ order_item_id: 1, pack_quantity: 1, amount: '35.93' }],
        status: 'succeeded',
        provider_refund_id: 're_test_1',
        actor_email: 'staff@example.com',
        created_at: '2025-03-06T11:00:00Z',
      },
    ],
    audit: [
      {
        id: 1,
        action: 'order.refund',
        actor_email: 'staff@example.com',
        before: { refunded: '0.00' },
        after: { refunded: '35.93' },
        created_at: '2025-03-06T11:00:00Z',
      },
    ],
    ...overrides,
  };
}

function renderScreen() {
  const Stub = routeStub([
    {
      path: '/admin/orders/:id',
      Component: orderRoute.default,
      loader: orderRoute.clientLoader,
      HydrateFallback: () => <p>Loading</p>,
    },
  ]);
  render(<Stub initialEntries={['/admin/orders/101']} />);
  return userEvent.setup();
}

beforeEach(() => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const panel = (name: string) => screen.getByRole('region', { name });

describe('/admin/orders/:id', () => {
  it('shows the delivery promised: service with extras, promised and dispatch-by days, zone', async () => {
    stubApi({
      [`GET ${URL_OF}`]: detail({
        delivery: {
          service: 'pallet_next_day',
          label: 'Pallet, next day',
          extras: [
            { code: 'am_slot', label: 'AM slot (before 12:00)' },
            { code: 'tail_lift', label: 'Tail lift (no forklift on site)' },
          ],
          zone: 'highlands',
          zone_label: 'Highlands and Islands',
          dispatch_by: '2026-11-27',
          delivery_date: '2026-11-30',
        },
      }),
    });
    renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Order #101' });
    const delivery = panel('Delivery');
    const facts = within(delivery)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Service', 'Pallet, next day, with AM slot (before 12:00) and Tail lift (no forklift on site)'],
      ['Promised delivery', 'Mon 30 Nov 2026'],
      ['Dispatch by', 'Fri 27 Nov 2026'],
      ['Zone', 'Highlands and Islands'],
    ]);
    expect(within(delivery).getByText('Fri 27 Nov 2026')).toHaveAttribute('dateTime', '2026-11-27');
  });

  it('says so when an order from before delivery dates has none', async () => {
    stubApi({ [`GET ${URL_OF}`]: detail({ delivery: null }) });
    renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Order #101' });
    expect(panel('Delivery')).toHaveTextContent(
      'No delivery date was promised: the order was placed before the shop promised dates.',
    );
    expect(within(panel('Delivery')).queryByRole('term')).not.toBeInTheDocument();
  });

  it('shows the order: summary, lines, addresses, payments, refunds, history and audit, one h1', async () => {
    stubApi({ [`GET ${URL_OF}`]: detail() });
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #101' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Summary',
      'Delivery',
      'Change status',
      'Refund',
      'Lines',
      'Addresses',
      'Documents',
      'Payments and refunds',
      'Status history',
      'Audit log',
    ]);
    const summary = panel('Summary');
    expect(summary).toHaveTextContent('Total£116.12');
    expect(summary).toHaveTextContent('Refunded£35.93');
    expect(summary).toHaveTextContent('Refundable£80.19');
    expect(summary).toHaveTextContent('Jane Doe (jane@example.com)');
    const lines = within(panel('Lines')).getByRole('table', { name: 'Lines of order #101' });
    expect(within(lines).getAllByRole('row')[1]).toHaveTextContent('PW-HAND-400-CL');
    expect(panel('Payments and refunds')).toHaveTextContent(
      '£35.93, succeeded (1 pack(s) of line 1) — One pack damaged',
    );
    expect(panel('Status history')).toHaveTextContent('5 Mar 2025, 10:15: Pending — Order placed');
    expect(panel('Audit log')).toHaveTextContent('order.refund by staff@example.com');
  });

  it('says an order paid through the test processor is a test, and marks its payment TEST', async () => {
    stubApi({ [`GET ${URL_OF}`]: detail({ is_test: true }) });
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #101' })).toBeInTheDocument();
    expect(screen.getByText(/^Test order:/)).toHaveTextContent(
      'Test order: paid through the test processor, no money was taken. It is left out of the dashboard’s revenue, and its documents say they are not VAT invoices.',
    );
    expect(panel('Summary')).toHaveTextContent('PaymentPaid TEST');
  });

  it('marks nothing TEST on an order paid for real', async () => {
    stubApi({ [`GET ${URL_OF}`]: detail() });
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #101' })).toBeInTheDocument();
    expect(screen.queryByText(/^Test order:/)).not.toBeInTheDocument();
    expect(screen.queryByText('TEST')).not.toBeInTheDocument();
    expect(panel('Summary')).toHaveTextContent('PaymentPaidPlaced');
  });

  it('downloads the order’s documents through the back office’s own paths', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const pdf = () =>
      new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    const base = detail();
    const api = stubApi({
      [`GET ${URL_OF}`]: detail({
        invoice: '/api/administration/orders/101/invoice.pdf',
        paid_receipt: '/api/administration/orders/101/receipt.pdf',
        invoice_number: 'INV-000042',
        receipt_number: 'RCT-000042',
        refunds: [
          { ...base.refunds[0]!, id: 8, status: 'failed', credit_note_number: null, credit_note: null },
          {
            ...base.refunds[0]!,
            credit_note_number: 'CN-000007',
            credit_note: '/api/administration/orders/101/refunds/1/credit-note.pdf',
          },
        ],
      }),
      'GET /api/administration/orders/101/invoice.pdf': pdf,
      'GET /api/administration/orders/101/refunds/1/credit-note.pdf': pdf,
    });
    const user = renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Order #101' });
    const documents = panel('Documents');
    expect(
      within(documents)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Download VAT invoice (INV-000042)',
      'Download receipt (RCT-000042)',
      'Credit note CN-000007',
    ]);
    await user.click(within(documents).getByRole('button', { name: 'Download VAT invoice (INV-000042)' }));
    await user.click(within(documents).getByRole('button', { name: 'Credit note CN-000007' }));
    await vi.waitFor(() => expect(saved).toEqual(['invoice-INV-000042.pdf', 'credit-note-CN-000007.pdf']));
    const downloads = api.spy.mock.calls.filter(([input]) => String(input).endsWith('.pdf'));
    expect(downloads.map(([input]) => input)).toEqual([
      '/api/administration/orders/101/invoice.pdf',
      '/api/administration/orders/101/refunds/1/credit-note.pdf',
    ]);
  });

  it('offers only the legal next statuses and sends the move', async () => {
    const api = stubApi({
      [`GET ${URL_OF}`]: (_body: unknown, calls: { method: string }[]) =>
        json(
          calls.some((call) => call.method === 'POST')
            ? detail({ status: 'processing', next_statuses: ['shipped', 'cancelled'] })
            : detail(),
        ),
      [`POST ${URL_OF}status/`]: detail({ status: 'processing' }),
    });
    const user = renderScreen();
    const select = await screen.findByRole('combobox', { name: 'New status' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Processing', 'Cancelled']);
    expect(screen.queryByRole('textbox', { name: 'Carrier' })).not.toBeInTheDocument();
    await user.type(
      screen.getByRole('textbox', { name: 'Note for the customer (optional)' }),
      'Picking today',
    );
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    expect(
      await screen.findByText('Order #101 is now processing. The customer has been e-mailed.'),
    ).toHaveAttribute('role', 'status');
    expect(api.called('POST', `${URL_OF}status/`).map((call) => call.body)).toEqual([
      { status: 'processing', note: 'Picking today' },
    ]);
    // The order is read again, and now offers its next moves.
    expect(
      await within(screen.getByRole('combobox', { name: 'New status' })).findByRole('option', {
        name: 'Shipped',
      }),
    ).toBeInTheDocument();
  });

  it('asks for the carrier and tracking number to ship, and shows the server’s field errors under them', async () => {
    const api = stubApi({
      [`GET ${URL_OF}`]: detail({ status: 'processing', next_statuses: ['shipped', 'cancelled'] }),
      [`POST ${URL_OF}status/`]: json(
        { tracking_number: ['Ensure this field has no more than 100 characters.'] },
        400,
      ),
    });
    const user = renderScreen();
    const select = await screen.findByRole('combobox', { name: 'New status' });
    expect(select).toHaveValue('shipped');
    const carrier = screen.getByRole('textbox', { name: 'Carrier' });
    const tracking = screen.getByRole('textbox', { name: 'Tracking number' });
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    // Checked in the browser with the API's own schema first: no call.
    expect(carrier).toHaveAccessibleDescription('Enter the carrier to ship the order.');
    expect(tracking).toHaveAccessibleDescription('Enter the tracking number to ship the order.');
    expect(api.called('POST', `${URL_OF}status/`)).toEqual([]);

    await user.type(carrier, 'Royal Mail');
    await user.type(tracking, 'RM123456789GB');
    await user.click(screen.getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('Ensure this field has no more than 100 characters.')).toBeInTheDocument();
    expect(tracking).toHaveAccessibleDescription('Ensure this field has no more than 100 characters.');
    expect(tracking).toHaveAttribute('aria-invalid', 'true');
    expect(carrier).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Check the highlighted fields.');
    expect(api.called('POST', `${URL_OF}status/`).map((call) => call.body)).toEqual([
      { status: 'shipped', carrier: 'Royal Mail', tracking_number: 'RM123456789GB' },
    ]);
  });

  it('says why a move was refused, and warns what cancelling does', async () => {
    stubApi({
      [`GET ${URL_OF}`]: detail(),
      [`POST ${URL_OF}status/`]: json(
        {
          detail:
            'An order cannot move from shipped to cancelled; from shipped it can only move to delivered.',
        },
        409,
      ),
    });
    const user = renderScreen();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'New status' }), 'cancelled');
    expect(
      screen.getByText(/Cancelling puts the items back in stock and refunds £80.19/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(
      await screen.findByText(
        'An order cannot move from shipped to cancelled; from shipped it can only move to delivered.',
      ),
    ).toHaveAttribute('role', 'alert');
  });

  it('says so when the order no longer changes status', async () => {
    stubApi({ [`GET ${URL_OF}`]: detail({ status: 'delivered', next_statuses: [] }) });
    renderScreen();
    expect(
      await screen.findByText(/This order is delivered; its status does not change any more./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'New status' })).not.toBeInTheDocument();
  });

  it('refunds an amount in pounds as pence, and shows the server’s error under the amount', async () => {
    let answer = json({ amount_pence: ['At most £80.19 can be refunded.'] }, 400);
    const api = stubApi({
      [`GET ${URL_OF}`]: detail(),
      [`POST ${URL_OF}refunds/`]: () => answer,
    });
    const user = renderScreen();
    const refund = await screen.findByRole('form', { name: 'Refund' });
    expect(refund).toHaveTextContent('Refundable: £80.19 of £116.12 paid.');
    const amount = within(refund).getByRole('textbox', { name: 'Amount (£)' });
    await user.type(amount, '90');
    await user.type(
      within(refund).getByRole('textbox', { name: 'Reason (the customer sees it)' }),
      'Late delivery',
    );
    await user.click(within(refund).getByRole('button', { name: 'Refund' }));
    expect(await within(refund).findByText('At most £80.19 can be refunded.')).toHaveAttribute(
      'id',
      'refund-amount-error',
    );
    expect(amount).toHaveAccessibleDescription('At most £80.19. At most £80.19 can be refunded.');

    answer = json(
      {
        id: 10,
        amount: '12.50',
        amount_pence: 1250,
        reason: 'Late delivery',
        lines: null,
        status: 'succeeded',
        provider_refund_id: 're_test_2',
        actor_email: 'staff@example.com',
        created_at: '2025-03-07T10:00:00Z',
      },
      201,
    );
    await user.clear(amount);
    await user.type(amount, '£12.5');
    await user.click(within(refund).getByRole('button', { name: 'Refund' }));
    expect(
      await within(refund).findByText('Refunded £12.50. The customer has been e-mailed.'),
    ).toHaveAttribute('role', 'status');
    expect(api.called('POST', `${URL_OF}refunds/`).map((call) => call.body)).toEqual([
      { amount_pence: 9000, reason: 'Late delivery' },
      { amount_pence: 1250, reason: 'Late delivery' },
    ]);
  });

  it('refuses an amount that is not money before calling the server', async () => {
    const api = stubApi({ [`GET ${URL_OF}`]: detail() });
    const user = renderScreen();
    const refund = await screen.findByRole('form', { name: 'Refund' });
    await user.type(within(refund).getByRole('textbox', { name: 'Amount (£)' }), '12.345');
    await user.click(within(refund).getByRole('button', { name: 'Refund' }));
    expect(within(refund).getByText('Enter an amount in pounds, such as 12.50.')).toBeInTheDocument();
    expect(api.called('POST', `${URL_OF}refunds/`)).toEqual([]);
  });

  it('refunds packs of lines, showing what they come to and the server’s errors for the lines', async () => {
    const api = stubApi({
      [`GET ${URL_OF}`]: detail(),
      [`POST ${URL_OF}refunds/`]: json({ lines: ['At most 2 packs of line 1 can be refunded.'] }, 400),
    });
    const user = renderScreen();
    const refund = await screen.findByRole('form', { name: 'Refund' });
    await user.click(within(refund).getByRole('radio', { name: 'Lines' }));
    const first = within(refund).getByRole('spinbutton', { name: 'PW-HAND-400-CL (2 of 3 left)' });
    expect(first).toHaveAttribute('max', '2');
    await user.type(first, '1');
    await user.type(within(refund).getByRole('spinbutton', { name: 'TD-PRO-75 (2 of 2 left)' }), '2');
    // 89.82 / 3 = 29.94 and 10.00, each with 20 % VAT: 35.93 + 12.00.
    expect(refund).toHaveTextContent('This refunds £47.93, VAT included.');
    await user.type(
      within(refund).getByRole('textbox', { name: 'Reason (the customer sees it)' }),
      'Returned',
    );
    await user.click(within(refund).getByRole('button', { name: 'Refund' }));
    expect(await within(refund).findByText('At most 2 packs of line 1 can be refunded.')).toHaveAttribute(
      'id',
      'refund-lines-error',
    );
    expect(within(refund).getByRole('group', { name: 'Packs to refund' })).toHaveAccessibleDescription(
      'At most 2 packs of line 1 can be refunded.',
    );
    expect(api.called('POST', `${URL_OF}refunds/`).map((call) => call.body)).toEqual([
      {
        lines: [
          { order_item_id: 1, pack_quantity: 1 },
          { order_item_id: 2, pack_quantity: 2 },
        ],
        reason: 'Returned',
      },
    ]);
  });

  it('says there is nothing to refund on a fully refunded order', async () => {
    stubApi({
      [`GET ${URL_OF}`]: detail({ refundable: '0.00', refundable_pence: 0, payment_status: 'REFUND' }),
    });
    renderScreen();
    expect(await screen.findByText('Nothing is left to refund on this order.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('says so for an order that does not exist', async () => {
    stubApi({});
    renderScreen();
    expect(await screen.findByText('There is no such order.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('heading', { level: 1, name: 'Order' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/admin/orders');
  });

  it('shows a trade order’s account (linked to the company), PO number, terms and due date', async () => {
    stubApi({
      [`GET ${URL_OF}`]: detail({
        payment_status: 'ON_ACCOUNT',
        company: 42,
        purchase_order_number: 'PO-7781',
        payment_terms: '30 days from the invoice date',
        invoice_due_date: '2026-12-27',
        payments: [],
      }),
    });
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #101' })).toBeInTheDocument();
    const summary = panel('Summary');
    expect(within(summary).getByRole('link', { name: 'TA-000042' })).toHaveAttribute(
      'href',
      '/admin/companies/42',
    );
    expect(summary).toHaveTextContent('PaymentOn account');
    expect(summary).toHaveTextContent('PO numberPO-7781');
    expect(summary).toHaveTextContent('Payment terms30 days from the invoice date');
    expect(summary).toHaveTextContent('Invoice due27 Dec 2026');
  });

  it('says nothing of trade accounts on a card order without a PO number', async () => {
    stubApi({ [`GET ${URL_OF}`]: detail() });
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #101' })).toBeInTheDocument();
    expect(panel('Summary')).not.toHaveTextContent(/Trade account|PO number|Invoice due|Payment terms/);
  });
});
