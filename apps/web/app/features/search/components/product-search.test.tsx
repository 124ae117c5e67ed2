import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { Outlet, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeStub } from '~test/route-stub';
import type { ProductSummary } from '@shop/domain';
import { ProductSearch } from './product-search';

const product = (id: number, name: string, category: string, slug = name.toLowerCase().replace(/ /g, '-')) =>
  ({
    id,
    name,
    slug,
    description: '',
    category: { name: category, slug: category.toLowerCase() },
    images: [],
  }) satisfies ProductSummary;

const PALLET_WRAPS = product(1, 'Pallet Wraps', 'Wraps');
const PALLET_COVERS = product(2, 'Pallet Covers', 'Wraps');
const PAPER_CUPS = product(3, 'Paper Cups', 'Food Packaging');

function page(results: ProductSummary[]): Response {
  return new Response(JSON.stringify({ count: results.length, next: null, previous: null, results }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** fetch answered by hand: each call waits until the test resolves it, and rejects when aborted. */
function controlledFetch() {
  const calls: { url: string; signal: AbortSignal; answer: (response: Response) => void }[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(
    (input, init) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init!.signal!;
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        calls.push({ url: String(input), signal, answer: resolve });
      }),
  );
  return { spy, calls };
}

function Search() {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <ProductSearch id="search" inputRef={inputRef} advancedOpen={false} onAdvancedToggle={() => undefined} />
  );
}

function ProductPage() {
  const { categorySlug, productSlug } = useParams();
  return <h1>{`Product ${categorySlug}/${productSlug}`}</h1>;
}

function renderSearch() {
  const Stub = routeStub([
    {
      path: '/',
      Component: () => (
        <>
          <Search />
          <Outlet />
        </>
      ),
      children: [
        { index: true, Component: () => <h1>Home</h1> },
        { path: 'details/:categorySlug/:productSlug', Component: ProductPage },
      ],
    },
  ]);
  render(<Stub initialEntries={['/']} />);
  return screen.getByRole('combobox', { name: 'Search products' });
}

const settle = () => act(async () => undefined);

describe('header search suggestions', () => {
  let user: ReturnType<typeof userEvent.setup>;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Testing Library waits with setTimeout(0) and advances fake timers only when it sees Jest's API.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('has the spec placeholder and starts closed', () => {
    const input = renderSearch();
    expect(input).toHaveAttribute('placeholder', 'Search Bags, Pallet Wraps, etc.');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });

  it('is an APG combobox on a text input (valid HTML) that controls the listbox, in a search form', () => {
    const input = renderSearch();
    // HTML allows role="combobox" on type="text", not on type="search" (the Nu Html Checker reports it).
    expect(input.tagName).toBe('INPUT');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('role', 'combobox');
    expect(input).toHaveAttribute('inputmode', 'search');
    expect(input).toHaveAttribute('enterkeyhint', 'search');
    expect(input).toHaveAttribute('name', 'q');
    const listbox = document.getElementById(input.getAttribute('aria-controls')!);
    expect(listbox).toHaveAttribute('role', 'listbox');
    expect(listbox).toHaveAttribute('aria-label', 'Product suggestions');
    expect(input.closest('form')).toBe(screen.getByRole('search', { name: 'Products' }));
  });

  it('makes one request 300 ms after the last keystroke, however fast the typing', async () => {
    const { spy, calls } = controlledFetch();
    const input = renderSearch();
    await user.type(input, 'pallet');
    expect(spy).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(spy).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(calls[0]!.url).toBe('/api/products/?search=pallet&page_size=10');
  });

  it('does not search under two characters, and closes and clears when the text gets that short', async () => {
    const { spy, calls } = controlledFetch();
    const input = renderSearch();
    await user.type(input, 'p');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(spy).not.toHaveBeenCalled();

    await user.type(input, 'a');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(async () => calls[0]!.answer(page([PALLET_WRAPS])));
    expect(screen.getByRole('option', { name: /Pallet Wraps/ })).toBeInTheDocument();

    await user.type(input, '{Backspace}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    // Typing two characters again starts from nothing, not from the old list.
    await user.type(input, 'a');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('shows a loading state, then the products with the typed text highlighted and their categories', async () => {
    const { calls } = controlledFetch();
    const input = renderSearch();
    await user.type(input, 'pal');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.getByRole('status')).toHaveTextContent('Loading suggestions…');

    await act(async () => calls[0]!.answer(page([PALLET_WRAPS, PALLET_COVERS])));
    const listbox = screen.getByRole('listbox', { name: 'Product suggestions' });
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('Pallet Wraps');
    expect(options[0]).toHaveTextContent('in Wraps');
    expect(options[0]!.querySelector('mark')).toHaveTextContent('Pal');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getByRole('status')).toHaveTextContent('2 products found');
  });

  it('cancels the older request when a newer text is typed, and ignores its late answer', async () => {
    const { spy, calls } = controlledFetch();
    const input = renderSearch();
    await user.type(input, 'pa');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(spy).toHaveBeenCalledTimes(1);

    await user.type(input, 'p');
    expect(calls[0]!.signal.aborted).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(spy).toHaveBeenCalledTimes(2);
    expect(calls[1]!.url).toContain('search=pap');

    await act(async () => calls[1]!.answer(page([PAPER_CUPS])));
    await act(async () => calls[0]!.answer(page([PALLET_WRAPS])));
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(screen.getByRole('option')).toHaveTextContent('Paper Cups');
  });

  it("says 'No products found' when nothing matches", async () => {
    const { calls } = controlledFetch();
    const input = renderSearch();
    await user.type(input, 'zzz');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(async () => calls[0]!.answer(page([])));
    expect(screen.getByRole('status')).toHaveTextContent('No products found');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it("says 'Failed to fetch suggestions' when the request fails", async () => {
    const { calls } = controlledFetch();
    const input = renderSearch();
    await user.type(input, 'tape');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(async () => calls[0]!.answer(new Response('{"detail":"boom"}', { status: 500 })));
    expect(screen.getByRole('status')).toHaveTextContent('Failed to fetch suggestions');
  });

  it('moves with the arrow keys, chooses with Enter, then clears the box and opens the product', async () => {
    const { calls } = controlledFetch();
    const input = renderSearch();
    await user.type(input, 'pal');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(async () => calls[0]!.answer(page([PALLET_WRAPS, PALLET_COVERS])));
    const [wraps, covers] = screen.getAllByRole('option');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', wraps!.id);
    expect(wraps).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', covers!.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', wraps!.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', covers!.id);
    expect(input).toHaveFocus();

    await user.keyboard('{Enter}');
    await settle();
    expect(screen.getByRole('heading', { name: 'Product wraps/pallet-covers' })).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and opens again with ArrowDown', async () => {
    const { calls } = controlledFetch();
    const input = renderSearch();
    await user.type(input, 'pal');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(async () => calls[0]!.answer(page([PALLET_WRAPS])));
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('pal');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the product chosen with the pointer', async () => {
    const { calls } = controlledFetch();
    const input = renderSearch();
    await user.type(input, 'cup');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(async () => calls[0]!.answer(page([PAPER_CUPS])));
    await user.click(screen.getByRole('option', { name: /Paper Cups/ }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Product food packaging/paper-cups' })).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('the search button takes the first suggestion', async () => {
    const { calls } = controlledFetch();
    const input = renderSearch();
    await user.type(input, 'pal');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(async () => calls[0]!.answer(page([PALLET_WRAPS, PALLET_COVERS])));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'Product wraps/pallet-wraps' })).toBeInTheDocument();
  });

  it('the search button shows the suggestions when none is there to take', async () => {
    const { calls } = controlledFetch();
    const input = renderSearch();
    await user.type(input, 'pal');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(async () => calls[0]!.answer(page([PALLET_WRAPS])));
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});
