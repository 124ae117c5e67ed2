import type { AdminCategory, AdminProductDetail } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import * as productNew from './products-new';
import * as productScreen from './product';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers fetch from `routes` ('METHOD /api/...'), recording every call with its JSON body. */
function stubApi(routes: Record<string, unknown>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const answer = routes[`${method} ${url}`];
    return answer === undefined ? json({ detail: 'Not found.' }, 404) : json(answer);
  });
  return calls;
}

const categories = {
  count: 1,
  next: null,
  previous: null,
  count_capped: false,
  results: [
    {
      id: 4,
      name: 'Tapes',
      slug: 'tapes',
      description: '',
      image: null,
      slider_image: null,
      position: 3,
      product_count: 5,
    },
  ] satisfies AdminCategory[],
};

const product: AdminProductDetail = {
  id: 9,
  name: 'Tape Dispenser',
  slug: 'tape-dispenser',
  category: 4,
  category_name: 'Tapes',
  category_slug: 'tapes',
  featured_rank: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-02T00:00:00.000Z',
  description: '<p>Seal cartons.</p>',
  images: [{ id: 31, image: '/uploads/products/abc-960.webp', alt_text: 'A tape gun', position: 0 }],
  variants: [
    {
      id: 7,
      product: 9,
      name: 'Hand Tape Dispensers',
      units_per_pallet: null,
      show_units_per: 'pack',
      position: 0,
      tier_count: 3,
      table_fields: [{ id: 70, name: 'Tape width', field_type: 'text', long_field: false, position: 0 }],
      items: [
        {
          id: 101,
          sku: 'TD-PRO-75',
          title: 'Heavy Duty Tape Gun 75mm',
          stock: 40,
          track_inventory: true,
          status: 'active',
        },
      ],
    },
  ],
};

function Where() {
  return <p>At {useLocation().pathname}</p>;
}

function renderAt(path: string) {
  const Stub = routeStub([
    {
      path: '/admin/products/new',
      Component: productNew.default,
      loader: productNew.clientLoader,
    },
    {
      path: '/admin/products/:id',
      Component: productScreen.default,
      loader: productScreen.clientLoader,
    },
    { path: '/admin/items/new', Component: Where },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin/products/:id', () => {
  it('shows the product form, its images, its variants with items, table fields and links to prices', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    stubApi({
      'GET /api/administration/products/9/': product,
      'GET /api/administration/categories/?page_size=100': categories,
    });
    const { container } = renderAt('/admin/products/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tape Dispenser' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByLabelText('Name')).toHaveValue('Tape Dispenser');
    expect(screen.getByRole('img', { name: 'A tape gun' })).toHaveAttribute(
      'src',
      '/uploads/products/abc-960.webp',
    );
    const variant = screen.getByRole('region', { name: 'Variant: Hand Tape Dispensers' });
    expect(within(variant).getByRole('link', { name: 'TD-PRO-75' })).toHaveAttribute(
      'href',
      '/admin/items/101',
    );
    expect(
      within(variant).getByRole('link', { name: /Edit prices of Hand Tape Dispensers/ }),
    ).toHaveAttribute('href', '/admin/variants/7/prices');
    expect(within(variant).getByRole('button', { name: 'Delete Tape width' })).toBeInTheDocument();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    // axe walks the whole screen in jsdom, which takes a few seconds on a busy machine.
  }, 30_000);

  it('adds a variant and reloads the product', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const calls = stubApi({
      'GET /api/administration/products/9/': product,
      'GET /api/administration/categories/?page_size=100': categories,
      'POST /api/administration/products/9/variants/': { ...product.variants[0], id: 8, name: 'Bench' },
    });
    renderAt('/admin/products/9');
    const user = userEvent.setup();
    const form = (await screen.findByRole('heading', { name: 'Add a variant' })).closest('form')!;
    await user.type(within(form).getByLabelText('Variant name'), 'Bench');
    await user.type(within(form).getByLabelText('Units per pallet (optional)'), '240');
    await user.click(within(form).getByRole('button', { name: 'Add variant' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Variant added.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Bench',
      units_per_pallet: 240,
      show_units_per: 'pack',
      position: 0,
    });
    expect(calls.filter((call) => call.url === '/api/administration/products/9/').length).toBeGreaterThan(1);
  });
});

describe('/admin/products/new', () => {
  it('creates a product and opens its screen', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const calls = stubApi({
      'GET /api/administration/categories/?page_size=100': categories,
      'POST /api/administration/products/': product,
      'GET /api/administration/products/9/': product,
    });
    renderAt('/admin/products/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Tape Dispenser');
    await user.selectOptions(screen.getByLabelText('Category'), 'Tapes');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tape Dispenser' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      category: 4,
      name: 'Tape Dispenser',
      slug: 'tape-dispenser',
      description: '',
      featured_rank: null,
    });
  });
});
