import type { AdminItem } from '@shop/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as itemScreen from './item';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const item: AdminItem = {
  id: 101,
  sku: 'TD-PRO-75',
  title: 'Heavy Duty Tape Gun 75mm',
  stock: 3,
  track_inventory: true,
  low_stock_threshold: 10,
  status: 'active',
  variant: 7,
  created_at: '2025-01-01T00:00:00.000Z',
  units_per_pack: 1,
  weight: 0.95,
  weight_unit: 'kg',
  measurement_unit: null,
  width: null,
  height: null,
  length: null,
  variant_name: 'Hand Tape Dispensers',
  product: 9,
  product_name: 'Tape Dispenser',
  table_fields: [{ id: 70, name: 'Tape width', field_type: 'text', long_field: false, position: 0 }],
  data_entries: [{ field: 70, value_text: 'Up to 75mm', value_number: null, value_image: null }],
};

const movements = {
  count: 1,
  count_capped: false,
  next: null,
  previous: null,
  results: [
    {
      id: 1,
      delta: 3,
      stock_after: 3,
      reason: 'Opening stock',
      actor_email: 'staff@example.com',
      order: null,
      created_at: '2025-01-01T10:00:00.000Z',
    },
  ],
};

function stubApi(answer: (method: string, url: string, body: unknown) => Response) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    return answer(method, url, body);
  });
  return calls;
}

function renderItem() {
  const Stub = routeStub([
    {
      path: '/admin/items/:id',
      Component: itemScreen.default,
      HydrateFallback: itemScreen.HydrateFallback,
      loader: itemScreen.clientLoader,
    },
  ]);
  return render(<Stub initialEntries={['/admin/items/101']} />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin/items/:id', () => {
  it('shows the item form, its stock and movements, and adjusts stock with a reason', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const calls = stubApi((method, url) => {
      if (url === '/api/administration/items/101/') return json(item);
      if (url === '/api/administration/items/101/stock-movements/?page_size=50') return json(movements);
      if (method === 'POST' && url === '/api/administration/items/101/stock-adjustments/') {
        return json({ delta: ['Stock cannot go below 0 (there are 3 in stock).'] }, 400);
      }
      return json({ detail: 'Not found.' }, 404);
    });
    const { container } = renderItem();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'TD-PRO-75: Heavy Duty Tape Gun 75mm' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Tape width')).toHaveValue('Up to 75mm');
    // Stock moves only through adjustments once the item exists.
    expect(screen.queryByLabelText('Opening stock (units)')).toBeNull();
    expect(screen.getByRole('cell', { name: 'Opening stock' })).toBeInTheDocument();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Units to add (negative to remove)'), '-5');
    await user.type(screen.getByLabelText('Reason'), 'Damaged');
    await user.click(screen.getByRole('button', { name: 'Adjust stock' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ delta: -5, reason: 'Damaged' });
    expect(await screen.findByText('Stock cannot go below 0 (there are 3 in stock).')).toBeInTheDocument();
    expect(screen.getByLabelText('Units to add (negative to remove)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  }, 30_000);
});
