import type { VatReturnView } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as vatRoute from './vat-return';
import { recentVatPeriods, ukToday, vatPeriodBounds, vatPeriodLabel } from '@shop/domain';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const LABELS = [
  'VAT due in the period on sales and other outputs',
  'VAT due in the period on acquisitions of goods made in Northern Ireland from EU Member States',
  'Total VAT due (the sum of boxes 1 and 2)',
  'VAT reclaimed in the period on purchases and other inputs',
  'Net VAT to pay to HMRC or reclaim',
  'Total value of sales and all other outputs excluding any VAT',
  'Total value of purchases and all other inputs excluding any VAT',
  'Total value of dispatches',
  'Total value of acquisitions',
];
const VALUES = ['36.00', '0.00', '36.00', null, null, '180.00', null, '0.00', '0.00'];

const view = (quarter: string, period: string, documents = 2): VatReturnView => ({
  quarter,
  period,
  label: vatPeriodLabel(period),
  ...vatPeriodBounds(period),
  boxes: LABELS.map((label, i) => ({ box: i + 1, label, value: VALUES[i]!, source: `Source ${i + 1}` })),
  documents: Array.from({ length: documents }, (_, i) =>
    i === 0
      ? {
          kind: 'credit_note',
          number: 3,
          order: 7,
          issued_on: '2025-08-15',
          net: '-10.00',
          vat: '-2.00',
          gross: '-12.00',
        }
      : {
          kind: 'invoice',
          number: 40 + i,
          order: 8 + i,
          issued_on: '2025-07-01',
          net: '190.00',
          vat: '38.00',
          gross: '228.00',
        },
  ),
});

function renderPage(url: string, documents = 2) {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'staff-token');
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const quarter = /\/api\/administration\/vat-return\/\?quarter=(\d{4})-Q(\d)/.exec(href);
    if (quarter) {
      const period = `${quarter[1]}-${String(Number(quarter[2]) * 3).padStart(2, '0')}`;
      return json(view(`${quarter[1]}-Q${quarter[2]}`, period, documents));
    }
    const period = /\/api\/administration\/vat-return\/\?period=(\d{4}-\d{2})/.exec(href);
    if (period) return json(view(period[1]!, period[1]!, documents));
    if (href.includes('.csv'))
      return new Response('Box,Label\r\n', { headers: { 'Content-Type': 'text/csv' } });
    return json({ detail: 'Not found.' }, 404);
  });
  const Stub = routeStub([
    {
      path: '/admin/vat-return',
      Component: vatRoute.default,
      loader: vatRoute.clientLoader,
      HydrateFallback: vatRoute.HydrateFallback,
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return fetch;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin/vat-return', () => {
  it('opens on the last complete calendar quarter and shows the nine boxes and the documents as money', async () => {
    const fetch = renderPage('/admin/vat-return');
    const last = recentVatPeriods(1, ukToday(), 1)[1]!;
    const boxes = await screen.findByRole('table', {
      name: new RegExp(`VAT return for ${vatPeriodLabel(last)}`),
    });
    const rows = within(boxes).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(9);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([LABELS[0], '£36.00', 'Source 1']);
    expect(within(rows[3]!).getAllByRole('cell')[1]).toHaveTextContent('Not from the shop');
    expect(screen.getByText(/round them down/)).toBeInTheDocument();
    expect(screen.getByLabelText('VAT quarters')).toHaveValue('1');
    expect(screen.getByLabelText('Period')).toHaveValue(last);
    const documents = screen.getByRole('table', { name: 'Documents behind boxes 1 and 6' });
    expect(within(documents).getByRole('row', { name: /Credit note 3/ })).toHaveTextContent('-£12.00');
    expect(fetch.mock.calls[0]![0]).toContain(`vat-return/?period=${last}`);
  });

  it('offers the staggered quarters, and shows the period chosen', async () => {
    const fetch = renderPage('/admin/vat-return?period=2025-10');
    await screen.findByRole('table', { name: /VAT return for August to October 2025/ });
    expect(fetch.mock.calls[0]![0]).toContain('vat-return/?period=2025-10');
    expect(screen.getByLabelText('VAT quarters')).toHaveValue('2');
    expect(screen.getByLabelText('Period')).toHaveValue('2025-10');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('VAT quarters'), '3');
    const offered = within(screen.getByLabelText('Period'))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(offered.every((p) => ['02', '05', '08', '11'].includes(p.slice(5)))).toBe(true);
    const lastComplete = recentVatPeriods(3, ukToday(), 1)[1]!;
    expect(screen.getByRole('option', { name: vatPeriodLabel(lastComplete) })).toBeInTheDocument();
  });

  it('still reads an older link’s calendar quarter', async () => {
    renderPage('/admin/vat-return?quarter=2025-Q3');
    await screen.findByRole('table', { name: /VAT return for July to September 2025/ });
    expect(screen.getByLabelText('Period')).toHaveValue('2025-09');
  });

  it('caps a long list of documents with the count', async () => {
    renderPage('/admin/vat-return?quarter=2025-Q3', vatRoute.DOCUMENTS_SHOWN + 5);
    expect(
      await screen.findByText(
        `Showing the first ${vatRoute.DOCUMENTS_SHOWN} of ${vatRoute.DOCUMENTS_SHOWN + 5} documents; the CSV has them all.`,
      ),
    ).toBeInTheDocument();
    const documents = screen.getByRole('table', { name: 'Documents behind boxes 1 and 6' });
    expect(within(documents).getAllByRole('row')).toHaveLength(vatRoute.DOCUMENTS_SHOWN + 1);
  });

  it('downloads the quarter’s CSV and the accounts exports with the staff token', async () => {
    const create = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const fetch = renderPage('/admin/vat-return?quarter=2025-Q3');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(
      await screen.findByText('The VAT return for July to September 2025 is downloading.'),
    ).toBeInTheDocument();
    const csvCall = fetch.mock.calls.find(([input]) => String(input).includes('vat-return.csv'))!;
    expect(csvCall[0]).toBe('/api/administration/vat-return.csv?quarter=2025-Q3');
    expect((csvCall[1]!.headers as Record<string, string>).Authorization).toBe('Bearer staff-token');

    await user.selectOptions(screen.getByLabelText('Accounts package'), 'quickbooks');
    await user.click(screen.getByRole('button', { name: 'Download credit notes (CSV)' }));
    expect(
      await screen.findByText('Credit notes for QuickBooks Online are downloading.'),
    ).toBeInTheDocument();
    const exportCall = fetch.mock.calls.find(([input]) => String(input).includes('/exports/'))!;
    expect(exportCall[0]).toMatch(
      /^\/api\/administration\/exports\/credit-notes\.csv\?format=quickbooks&from=\d{4}-\d{2}-01&to=/,
    );
    expect(create).toHaveBeenCalledTimes(2);
  });
});
