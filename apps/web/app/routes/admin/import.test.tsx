import type { ImportPreview } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import AdminImport from './import';

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers the screen's calls by `METHOD url`, keeping each call with the text of its body. */
function stubApi(routes: Record<string, () => Response>) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body = init?.body instanceof Blob ? await init.body.text() : null;
    calls.push({ method, url, headers: (init?.headers ?? {}) as Record<string, string>, body });
    const route = routes[`${method} ${url}`];
    return route ? route() : json({ detail: 'Not found.' }, 404);
  });
  return calls;
}

function preview(overrides: Partial<ImportPreview> = {}): ImportPreview {
  return {
    sha256: 'a'.repeat(64),
    rows: 2,
    counts: { create: 0, update: 1, unchanged: 0, invalid: 1, errors: 2 },
    errors: [
      { line: 3, column: 'stock', message: 'Stock must be a whole number from 0 to 100,000,000.' },
      { line: 3, column: 'price_pack_1', message: 'Price must be in pounds.' },
    ],
    errors_truncated: false,
    changes: [
      {
        line: 2,
        sku: 'PW-HAND-400-CL',
        action: 'update',
        fields: [{ field: 'stock', before: '1440', after: '100' }],
      },
    ],
    changes_truncated: false,
    ...overrides,
  };
}

const PREVIEW = 'POST /api/administration/import-export/items/preview/';
const CSV = 'sku,stock,price_pack_1\nPW-HAND-400-CL,100,\nPW-HAND-400-BK,-5,x\n';

function renderPage() {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'staff-token');
  const Stub = routeStub([{ path: '/admin/import', Component: AdminImport }]);
  render(<Stub initialEntries={['/admin/import']} />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** The outcome line of a panel ('Import' or 'Export'): role alert for a failure, status for a success. */
const outcome = (panel: 'Import' | 'Export', role: 'alert' | 'status') =>
  within(screen.getByRole('region', { name: panel })).getByRole(role);

describe('/admin/import', () => {
  it('previews pasted CSV and lists its errors by line and column, with Apply disabled', async () => {
    const calls = stubApi({ [PREVIEW]: () => json(preview()) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Import and export' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Or paste the CSV'));
    await user.paste(CSV);
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const errors = await screen.findByRole('table', { name: 'Errors by line and column' });
    const rows = within(errors).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['3', 'stock', 'Stock must be a whole number from 0 to 100,000,000.'],
      ['3', 'price_pack_1', 'Price must be in pounds.'],
    ]);
    expect(outcome('Import', 'alert')).toHaveTextContent(
      'The file has 2 errors. Correct them and preview it again; nothing can be applied until then.',
    );
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(screen.getByText('Apply is available once the file has no errors.')).toBeInTheDocument();

    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/administration/import-export/items/preview/',
        headers: { 'Content-Type': 'text/csv', Authorization: 'Bearer staff-token' },
        body: CSV,
      },
    ]);
  });

  it('applies a clean file with the preview’s hash and announces the outcome', async () => {
    const clean = preview({
      counts: { create: 1, update: 1, unchanged: 3, invalid: 0, errors: 0 },
      errors: [],
      changes: [
        ...preview().changes,
        {
          line: 3,
          sku: 'NEW-1',
          action: 'create',
          fields: [{ field: 'title', before: null, after: 'New box' }],
        },
      ],
    });
    const calls = stubApi({
      [PREVIEW]: () => json(clean),
      [`POST /api/administration/import-export/items/apply/?sha256=${clean.sha256}`]: () =>
        json({ sha256: clean.sha256, counts: { create: 1, update: 1, unchanged: 3 }, stock_movements: 1 }),
    });
    renderPage();
    const user = userEvent.setup();
    const file = new File(['sku,title\nNEW-1,New box\n'], 'items.csv', { type: 'application/vnd.ms-excel' });
    await user.upload(screen.getByLabelText('CSV file'), file);
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const changes = await screen.findByRole('table', { name: 'Changes by line' });
    expect(within(changes).getByRole('rowheader', { name: 'NEW-1' })).toBeInTheDocument();
    expect(within(changes).getByText('title: — → New box')).toBeInTheDocument();
    expect(within(changes).getByText('stock: 1440 → 100')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Preview of items.csv' })).toBeInTheDocument();
    expect(outcome('Import', 'status')).toHaveTextContent(
      'Previewed 2 rows: 1 new, 1 to update, 3 unchanged.',
    );

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Applied: 1 item created, 1 updated, 1 stock movement recorded.')).toBe(
      outcome('Import', 'status'),
    );
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(calls.map((call) => [call.method, call.url, call.headers['Content-Type'], call.body])).toEqual([
      ['POST', '/api/administration/import-export/items/preview/', 'text/csv', 'sku,title\nNEW-1,New box\n'],
      [
        'POST',
        `/api/administration/import-export/items/apply/?sha256=${clean.sha256}`,
        'text/csv',
        'sku,title\nNEW-1,New box\n',
      ],
    ]);
  });

  it('shows the errors the server found when it refuses to apply', async () => {
    const clean = preview({
      counts: { create: 0, update: 1, unchanged: 0, invalid: 0, errors: 0 },
      errors: [],
    });
    const now = [{ line: 2, column: 'variant_id', message: 'There is no variant with id 9.' }];
    stubApi({
      [PREVIEW]: () => json(clean),
      [`POST /api/administration/import-export/items/apply/?sha256=${clean.sha256}`]: () =>
        json(
          {
            detail: 'The file has errors; nothing was changed. Correct them and preview the file again.',
            counts: { create: 0, update: 0, unchanged: 0, invalid: 1, errors: 1 },
            errors: now,
            errors_truncated: false,
          },
          400,
        ),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Or paste the CSV'));
    await user.paste(CSV);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(/^Nothing was changed: The file has errors; nothing was changed\./)).toBe(
      outcome('Import', 'alert'),
    );
    const errors = screen.getByRole('table', { name: 'Errors by line and column' });
    expect(within(errors).getByText('There is no variant with id 9.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('downloads the export with the bearer token and saves it under the server’s file name', async () => {
    const calls = stubApi({
      'GET /api/administration/import-export/items.csv': () =>
        new Response('\uFEFFsku,title\r\nA,B\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="items-2025-07-01.csv"',
          },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:items');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.getAttribute('href')}`);
    });
    renderPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download items.csv' }));

    expect(await screen.findByText('Downloaded items-2025-07-01.csv.')).toBe(outcome('Export', 'status'));
    expect(clicked).toEqual(['items-2025-07-01.csv blob:items']);
    expect(calls[0]).toMatchObject({ method: 'GET', headers: { Authorization: 'Bearer staff-token' } });
    const saved = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    // The bytes as served, the byte-order mark included (text() would drop it).
    expect(Array.from(new Uint8Array(await saved.arrayBuffer()))).toEqual(
      Array.from(new TextEncoder().encode('\uFEFFsku,title\r\nA,B\r\n')),
    );
  });

  it('asks for a file or text before previewing', async () => {
    const calls = stubApi({});
    renderPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Preview' }));
    expect(outcome('Import', 'alert')).toHaveTextContent('Choose a CSV file or paste its text first.');
    expect(calls).toEqual([]);
  });
});
