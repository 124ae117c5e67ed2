import {
  CART_MESSAGES,
  insufficientStockDetail,
  MAX_LINES_PER_ADD,
  penceToDecimal,
  QUICK_ORDER_MESSAGES,
  type QuickOrderCheckResult,
  type QuickOrderLine,
  type QuickOrderLineResult,
} from '@shop/domain';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCartCount, setCartCount } from '~/lib/current-cart';
import { ACCESS_TOKEN_KEY } from '~/lib/session';
import { json } from '~test/stub-api';
import { makeCart, makeCartLine } from '~test/fake-cart';
import { routeStub } from '~test/route-stub';
import { CHECK_DEBOUNCE_MS } from '~/features/commerce/hooks/use-quick-order-check';
import { QuickOrder, QUICK_ORDER_PAGE_MESSAGES } from './quick-order';

/** The fake catalogue: each SKU's item, tier for any packs, and price per pack in pence. */
const CATALOGUE: Record<string, { id: number; title: string; pence: number; discount?: number }> = {
  'PW-HAND-400-CL': { id: 11, title: 'Clear Hand Pallet Wrap 400mm', pence: 2750 },
  'TD-PRO-75': { id: 12, title: 'Heavy Duty Tape Gun 75mm', pence: 1595, discount: 10 },
};

/** A check's answer as the server gives it: unknown SKUs are errors, the others are priced in 10–49. */
function answerCheck(lines: QuickOrderLine[]): QuickOrderCheckResult {
  let total = 0;
  const results = lines.map((line, index): QuickOrderLineResult => {
    const found = CATALOGUE[line.sku];
    if (!found) {
      return {
        line: index + 1,
        sku: line.sku,
        packs: line.packs,
        ok: false,
        errors: [QUICK_ORDER_MESSAGES.noItem(line.sku)],
        item: null,
        pricing_tier: null,
        user_exclusive_price: null,
        discount_percentage: 0,
        price_per_pack: null,
        total: null,
        // The server's closest SKUs: here, any catalogue SKU sharing the typed one's first 6 characters.
        suggestions: Object.entries(CATALOGUE)
          .filter(([sku]) => sku.slice(0, 6) === line.sku.toUpperCase().slice(0, 6))
          .map(([sku, item]) => ({ id: item.id, sku, title: item.title, product_name: item.title })),
      };
    }
    const discount = found.discount ?? 0;
    const pence = Math.round(line.packs * found.pence * (1 - discount / 100));
    total += pence;
    return {
      line: index + 1,
      sku: line.sku,
      packs: line.packs,
      ok: true,
      errors: [],
      item: {
        id: found.id,
        title: found.title,
        sku: line.sku,
        units_per_pack: 6,
        stock: 1440,
        track_inventory: true,
        product_slug: 'pallet-wraps',
        category_slug: 'wraps',
      },
      pricing_tier: { id: 2, tier_type: 'pack', range_start: 10, range_end: 49, no_end_range: false },
      user_exclusive_price: discount ? 9 : null,
      discount_percentage: discount,
      price_per_pack: penceToDecimal(found.pence),
      total: penceToDecimal(pence),
      suggestions: [],
    };
  });
  return { lines: results, valid_count: results.filter((r) => r.ok).length, total: penceToDecimal(total) };
}

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

/** The API at the network boundary: the check, the SKU suggestions, the current cart and the add. */
function mockApi(options: { addResponse?: () => Response } = {}) {
  const seen: Seen[] = [];
  let cart = makeCart({ items: [makeCartLine()] });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    seen.push({ method, path, body });
    if (path === '/api/ecommerce/quick-order/check/' && method === 'POST') {
      return json(answerCheck((body as { lines: QuickOrderLine[] }).lines));
    }
    if (path.startsWith('/api/ecommerce/quick-order/skus/?')) {
      const search = new URL(path, 'http://shop').searchParams.get('search')!.toUpperCase();
      const results = Object.entries(CATALOGUE)
        .filter(([sku]) => sku.includes(search))
        .map(([sku, item]) => ({ id: item.id, sku, title: item.title, product_name: 'Wraps' }));
      return json({ count: results.length, next: null, previous: null, results });
    }
    if (path === '/api/ecommerce/carts/current/') return json(cart);
    if (path === '/api/ecommerce/cart-items/' && method === 'POST') {
      if (options.addResponse) return options.addResponse();
      const lines = body as { item: number }[];
      cart = {
        ...cart,
        items: [
          ...cart.items,
          ...lines.map((line, i) =>
            makeCartLine({ id: 100 + i, item: { ...cart.items[0]!.item, id: line.item } }),
          ),
        ],
      };
      return json([], 201);
    }
    return json({ detail: 'Not found.' }, 404);
  });
  return {
    seen,
    checks: () =>
      seen.filter((request) => request.path.endsWith('/quick-order/check/')).map((request) => request.body),
  };
}

function renderPage() {
  const Stub = routeStub([
    { path: '/quick-order', Component: QuickOrder },
    { path: '/cart', Component: () => <p>At /cart</p> },
  ]);
  render(<Stub initialEntries={['/quick-order']} />);
}

const linesBox = () => screen.getByRole('textbox', { name: 'SKU and packs, one item a line' });
const summary = () =>
  screen.getAllByRole('status').find((node) => node.classList.contains('quick-order__summary'))!;

beforeEach(() => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setCartCount(null);
});

describe('checking lines', () => {
  it('checks typed lines once, 300 ms after typing stops, with one request for all of them', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = mockApi();
    renderPage();
    // Keystrokes as change events (user-event waits on timers, which are fake here), 100 ms apart.
    for (const value of [
      'PW-HAND-400-CL, 12',
      'PW-HAND-400-CL, 12\nTD-PRO-75',
      'PW-HAND-400-CL, 12\nTD-PRO-75 3',
    ]) {
      fireEvent.change(linesBox(), { target: { value } });
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    expect(api.checks()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(CHECK_DEBOUNCE_MS - 101));
    expect(api.checks()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.checks()).toEqual([
      {
        lines: [
          { sku: 'PW-HAND-400-CL', packs: 12 },
          { sku: 'TD-PRO-75', packs: 3 },
        ],
      },
    ]);
  });

  it('checks a paste at once, without the debounce', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = mockApi();
    renderPage();
    fireEvent.paste(linesBox());
    fireEvent.change(linesBox(), { target: { value: 'TD-PRO-75, 2' } });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.checks()).toEqual([{ lines: [{ sku: 'TD-PRO-75', packs: 2 }] }]);
  });

  it('checks a paste at once, then shows each line’s item, tier, prices, status and the problems', async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderPage();
    linesBox().focus();
    await user.paste('sku,packs\nPW-HAND-400-CL, 12\nTD-PRO-75, lots\n\nXYZ\nTD-PRO-75;3');

    await waitFor(() => expect(summary()).toHaveTextContent('2 of 4 lines are ready to add.'));
    // 12 x £27.50 = £330.00; 3 x £15.95 less 10 % = £43.07; together £373.07.
    expect(summary()).toHaveTextContent('Total of the ready lines: £373.07 (ex VAT).');
    expect(api.checks()).toEqual([
      {
        lines: [
          { sku: 'PW-HAND-400-CL', packs: 12 },
          { sku: 'XYZ', packs: 1 },
          { sku: 'TD-PRO-75', packs: 3 },
        ],
      },
    ]);

    const table = screen.getByRole('table', { name: 'Your lines, checked' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['2', '3', '5', '6']);
    const [wrap, bad, unknown, tape] = rows.map((row) => within(row).getAllByRole('cell'));
    expect(wrap!.map((cell) => cell.textContent)).toEqual([
      '2',
      'PW-HAND-400-CL',
      'Clear Hand Pallet Wrap 400mm',
      '12',
      '10–49 packs',
      '£27.50',
      '£330.00',
      'Ready',
    ]);
    expect(within(wrap![2]!).getByRole('link')).toHaveAttribute('href', '/details/wraps/pallet-wraps');
    expect(tape![6]).toHaveTextContent('£43.07' + '10% off');
    expect(bad![7]).toHaveTextContent('Not added');
    expect(unknown![7]).toHaveTextContent('Not added');

    const problems = screen.getByRole('region', { name: '2 problems' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Line 3: ${QUICK_ORDER_MESSAGES.packsInvalid}`, "Line 5: No item with SKU 'XYZ'."]);
    // The problems are a list of their own: the field itself is not marked invalid.
    expect(linesBox()).not.toHaveAttribute('aria-invalid');
  });

  it('refuses more than 200 lines on the form, without asking the server', async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderPage();
    linesBox().focus();
    await user.paste(Array.from({ length: MAX_LINES_PER_ADD + 1 }, (_, i) => `SKU-${i}, 1`).join('\n'));
    expect(await screen.findByText(QUICK_ORDER_MESSAGES.tooManyLines)).toBeInTheDocument();
    expect(linesBox()).toHaveAttribute('aria-invalid', 'true');
    expect(linesBox()).toHaveAccessibleDescription(
      expect.stringContaining(QUICK_ORDER_MESSAGES.tooManyLines),
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add all to cart' })).toBeDisabled();
    await new Promise((resolve) => setTimeout(resolve, CHECK_DEBOUNCE_MS + 50));
    expect(api.checks()).toEqual([]);
  });

  it('reads a CSV file into the lines and checks them at once', async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderPage();
    const file = new File(['\uFEFF"sku","packs"\r\n"PW-HAND-400-CL","12"\r\n'], 'order.csv', {
      type: 'text/csv',
    });
    await user.upload(screen.getByLabelText('Or upload a CSV file'), file);
    await waitFor(() => expect(api.checks()).toEqual([{ lines: [{ sku: 'PW-HAND-400-CL', packs: 12 }] }]));
    // A text box's value has its line ends as LF.
    expect(linesBox()).toHaveValue('"sku","packs"\n"PW-HAND-400-CL","12"\n');
    expect(await screen.findByText(QUICK_ORDER_PAGE_MESSAGES.read('order.csv'))).toBeInTheDocument();
    await waitFor(() => expect(summary()).toHaveTextContent('1 of 1 line is ready to add.'));
  });

  it('refuses a file that is not a CSV', async () => {
    mockApi();
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    const input = screen.getByLabelText('Or upload a CSV file');
    await user.upload(input, new File(['x'], 'order.xlsx', { type: 'application/vnd.ms-excel' }));
    expect(await screen.findByText(QUICK_ORDER_PAGE_MESSAGES.notCsv)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(linesBox()).toHaveValue('');
  });
});

describe('adding to the cart', () => {
  it('adds the ready lines in one request, says so with a link to the cart and updates the cart count', async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderPage();
    linesBox().focus();
    await user.paste('PW-HAND-400-CL, 12\nXYZ, 2\nTD-PRO-75, 3');
    await waitFor(() => expect(summary()).toHaveTextContent('2 of 3 lines are ready to add.'));

    await user.click(screen.getByRole('button', { name: 'Add all to cart' }));
    expect(await screen.findByText(CART_MESSAGES.added(2))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your cart' })).toHaveAttribute('href', '/cart');
    const adds = api.seen.filter((request) => request.path === '/api/ecommerce/cart-items/');
    expect(adds.map((request) => request.body)).toEqual([
      [
        {
          cart: 3,
          item: 11,
          pricing_tier: 2,
          pack_quantity: 12,
          unit_type: 'pack',
          user_exclusive_price: null,
        },
        { cart: 3, item: 12, pricing_tier: 2, pack_quantity: 3, unit_type: 'pack', user_exclusive_price: 9 },
      ],
    ]);
    // The header's count: one line before, three after (the cart read again after the add).
    expect(getCartCount()).toBe(3);
    // The added lines leave the text; the one with a problem stays, checked again.
    expect(linesBox()).toHaveValue('XYZ, 2');
    await waitFor(() => expect(api.checks().at(-1)).toEqual({ lines: [{ sku: 'XYZ', packs: 2 }] }));
  });

  it('offers the server’s closest SKUs for an unknown one; picking one puts it on the line and checks it', async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderPage();
    linesBox().focus();
    await user.paste('td-pro-57, 4');
    const pick = await screen.findByRole('button', {
      name: 'Use TD-PRO-75 (Heavy Duty Tape Gun 75mm) on line 1',
    });
    await user.click(pick);
    expect(linesBox()).toHaveValue('TD-PRO-75, 4');
    await waitFor(() => expect(api.checks().at(-1)).toEqual({ lines: [{ sku: 'TD-PRO-75', packs: 4 }] }));
    await waitFor(() => expect(summary()).toHaveTextContent('1 of 1 line is ready to add.'));
  });

  it('shows the server’s message when it refuses, and checks the lines again', async () => {
    const refusal = insufficientStockDetail('TD-PRO-75', 2);
    const api = mockApi({ addResponse: () => json({ detail: refusal }, 400) });
    const user = userEvent.setup();
    renderPage();
    linesBox().focus();
    await user.paste('TD-PRO-75, 3');
    await waitFor(() => expect(summary()).toHaveTextContent('1 of 1 line is ready to add.'));
    await user.click(screen.getByRole('button', { name: 'Add all to cart' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(api.checks()).toHaveLength(2));
    expect(linesBox()).toHaveValue('TD-PRO-75, 3');
  });

  it('shows a field message the server gives for a line', async () => {
    mockApi({ addResponse: () => json({ item: ['Item TD-PRO-75 is no longer available.'] }, 400) });
    const user = userEvent.setup();
    renderPage();
    linesBox().focus();
    await user.paste('TD-PRO-75, 3');
    await waitFor(() => expect(summary()).toHaveTextContent('1 of 1 line is ready to add.'));
    await user.click(screen.getByRole('button', { name: 'Add all to cart' }));
    expect(await screen.findByText('Item TD-PRO-75 is no longer available.')).toBeInTheDocument();
  });
});

describe('adding a line by SKU', () => {
  const skuBox = () => screen.getByRole('combobox', { name: 'SKU' });

  it('suggests items as you type; arrows and Enter pick one, which adds a line of 1 pack', async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderPage();
    await user.type(skuBox(), 'pw-h');
    const list = await screen.findByRole('listbox', { name: 'Items matching the SKU' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['PW-HAND-400-CLClear Hand Pallet Wrap 400mm']);
    expect(skuBox()).toHaveAttribute('aria-expanded', 'true');
    expect(api.seen.filter((request) => request.path.includes('/skus/')).at(-1)!.path).toBe(
      '/api/ecommerce/quick-order/skus/?search=pw-h&page_size=10',
    );
    await user.keyboard('{ArrowDown}');
    const option = within(list).getByRole('option');
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(skuBox()).toHaveAttribute('aria-activedescendant', option.id);
    await user.keyboard('{Enter}');
    expect(linesBox()).toHaveValue('PW-HAND-400-CL, 1\n');
    expect(skuBox()).toHaveValue('');
    expect(skuBox()).toHaveFocus();
    await waitFor(() => expect(api.checks()).toEqual([{ lines: [{ sku: 'PW-HAND-400-CL', packs: 1 }] }]));
  });

  it('closes the list on Escape, and adds a typed SKU with the button', async () => {
    mockApi();
    const user = userEvent.setup();
    renderPage();
    await user.type(skuBox(), 'td-pro');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(skuBox()).toHaveAttribute('aria-expanded', 'false');
    expect(skuBox()).toHaveValue('td-pro');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    expect(linesBox()).toHaveValue('td-pro, 1\n');
  });

  it('says a SKU is needed when the field is empty', async () => {
    mockApi();
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    expect(skuBox()).toHaveAttribute('aria-invalid', 'true');
    expect(skuBox()).toHaveAccessibleDescription(expect.stringContaining(QUICK_ORDER_MESSAGES.skuRequired));
    expect(linesBox()).toHaveValue('');
  });
});
