import type { CatalogueReader } from '@shop/domain';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Link, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeContext, makeProductDetail, makeProductPage, TEST_ORIGIN } from '~test/fake-catalogue';
import { routeStub } from '~test/route-stub';
import { stubApi } from '~test/stub-api';
import * as product from './product';
import { PRODUCT_READ_RETRIES, PRODUCT_RETRY_DELAY_MS } from '~/features/product/api/get-product-page';

function renderProduct(path: string, catalogue: Partial<CatalogueReader> = {}) {
  const Stub = routeStub(
    [
      {
        path: '/details/:categorySlug/:productSlug',
        loader: product.loader,
        Component: product.default,
        ErrorBoundary: product.ErrorBoundary,
        HydrateFallback: () => null,
      },
    ],
    fakeContext(catalogue),
  );
  return render(<Stub initialEntries={[path]} />);
}

type ProductDetail = ReturnType<typeof makeProductDetail>;
const pageOf = (product: ProductDetail) => async () => makeProductPage({ product });

/** The loader's arguments for /details/{categorySlug}/pallet-wraps with the given reads. */
const loaderArgs = (
  categorySlug: string,
  getProductPage: CatalogueReader['getProductPage'],
  catalogue: Partial<CatalogueReader> = {},
) =>
  ({
    context: fakeContext({ getProductPage, ...catalogue }),
    params: { categorySlug, productSlug: 'pallet-wraps' },
    request: new Request(`${TEST_ORIGIN}/details/${categorySlug}/pallet-wraps`),
  }) as unknown as Parameters<typeof product.loader>[0];

const withImages = makeProductDetail({
  description: '<p onclick="x()">Cast <strong>stretch</strong> film.</p><script>alert(1)</script>',
  images: [
    { id: 1, image: '/images/products/pallet-wraps.svg', alt_text: 'Roll of hand wrap' },
    { id: 2, image: '/images/products/pallet-wraps-machine.svg', alt_text: 'Machine film' },
  ],
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('product page', () => {
  it('shows the name, the sanitised description, the price from and the variant tables', async () => {
    const { container } = renderProduct('/details/wraps/pallet-wraps', {
      getProductPage: pageOf(withImages),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pallet Wraps' })).toBeInTheDocument();
    expect(screen.getByText('From £12.99 per pack')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /^Hand Pallet Wrap/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /^Machine Pallet Wrap/ })).toBeInTheDocument();
    const description = container.querySelector('.product__description')!;
    expect(description.innerHTML).toBe('<p>Cast <strong>stretch</strong> film.</p>');
  });

  it('switches the large image from the thumbnails', async () => {
    renderProduct('/details/wraps/pallet-wraps', { getProductPage: pageOf(withImages) });
    const large = await screen.findByRole('img', { name: 'Roll of hand wrap' });
    expect(large).toHaveAttribute('width', '600');
    fireEvent.click(screen.getByRole('button', { name: 'Show image 2: Machine film' }));
    expect(screen.getByRole('img', { name: 'Machine film' })).toHaveAttribute(
      'src',
      '/images/products/pallet-wraps-machine.svg',
    );
    expect(screen.getByRole('button', { name: 'Show image 2: Machine film' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('falls back to "No description available." when the description has no text', async () => {
    renderProduct('/details/wraps/pallet-wraps', {
      getProductPage: pageOf(makeProductDetail({ description: '<p> </p><script>x()</script>' })),
    });
    expect(await screen.findByText('No description available.')).toBeInTheDocument();
  });

  it('describes the product as schema.org Product with an AggregateOffer in GBP', async () => {
    const { container } = renderProduct('/details/wraps/pallet-wraps', {
      getProductPage: pageOf(makeProductDetail({ in_stock: false })),
    });
    await screen.findByRole('heading', { level: 1 });
    const blocks = [...container.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
      JSON.parse(s.textContent!),
    );
    const productJson = blocks.find((b) => b['@type'] === 'Product');
    expect(productJson).toMatchObject({
      name: 'Pallet Wraps',
      url: 'https://shop.test/details/wraps/pallet-wraps',
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: 'GBP',
        lowPrice: '12.99',
        highPrice: '456.00',
        availability: 'https://schema.org/OutOfStock',
        url: 'https://shop.test/details/wraps/pallet-wraps',
      },
    });
    expect(blocks.find((b) => b['@type'] === 'BreadcrumbList').itemListElement).toHaveLength(3);
  });

  it('keeps the delivery promise out of its HTML: a neutral line, then the browser asks', async () => {
    const promised = stubApi({
      'GET /api/ecommerce/delivery-promise/': {
        postal_code: null,
        zone: 'mainland',
        zone_label: 'Mainland Great Britain',
        reason: null,
        delivery_date: '2099-11-27',
        delivery_date_label: 'Friday 27 November',
        order_by: '2099-11-26T14:00:00Z',
        order_by_label: '14:00 on Thursday',
        parcel_price: '6.95',
        parcel_max_weight_kg: 30,
        free_over: '150.00',
        pallet_price: '45.00',
        pallet_from_weight_kg: 750,
      },
    });
    const loaded = await product.loader(loaderArgs('wraps', pageOf(withImages)));
    expect(JSON.stringify(loaded)).not.toMatch(/delivery|order_by/i);
    renderProduct('/details/wraps/pallet-wraps', { getProductPage: pageOf(withImages) });
    const box = await screen.findByRole('region', { name: 'Delivery' });
    expect(await within(box).findByText(/for delivery on Friday 27 November$/)).toBeInTheDocument();
    expect(promised.called('GET', '/api/ecommerce/delivery-promise/')).toHaveLength(1);
  });

  it('promises nothing for a product out of stock', async () => {
    renderProduct('/details/wraps/pallet-wraps', {
      getProductPage: pageOf(makeProductDetail({ in_stock: false })),
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Delivery' })).not.toBeInTheDocument();
  });

  it('answers 404 "Product not found" for an unknown product', async () => {
    const getProductCategorySlug = async () => null;
    renderProduct('/details/wraps/nope', { getProductPage: async () => null, getProductCategorySlug });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();

    const missing = await product.loader(loaderArgs('wraps', async () => null, { getProductCategorySlug }));
    expect('init' in missing && missing.init?.status).toBe(404);
  });

  it('sends a product asked for under another category to its one address with a 301', async () => {
    /** The page read finds a product in its own category only; its category is found by its slug. */
    const getProductPage: CatalogueReader['getProductPage'] = async (category) =>
      category === 'wraps' ? makeProductPage() : null;
    const getProductCategorySlug = async (slug: string) => (slug === 'pallet-wraps' ? 'wraps' : null);
    const redirectOf = async (categorySlug: string, read = getProductPage) => {
      try {
        await product.loader(loaderArgs(categorySlug, read, { getProductCategorySlug }));
      } catch (thrown) {
        const response = thrown as Response;
        return { status: response.status, location: response.headers.get('Location') };
      }
      return null;
    };
    const canonical = { status: 301, location: '/details/wraps/pallet-wraps' };
    expect(await redirectOf('bags')).toEqual(canonical);
    expect(await redirectOf('no-such-category')).toEqual(canonical);
    // A page read that names another category than the address's is sent there too.
    expect(await redirectOf('bags', async () => makeProductPage())).toEqual(canonical);
  });

  it('reads again up to 3 times, 500 ms apart, then says "Failed to fetch product data"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const read = vi.fn(async () => {
      throw new Error('database down');
    });
    renderProduct('/details/wraps/pallet-wraps', { getProductPage: read });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(read).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(PRODUCT_RETRY_DELAY_MS - 1));
    expect(read).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(read).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(2 * PRODUCT_RETRY_DELAY_MS));
    expect(read).toHaveBeenCalledTimes(4);
    await act(() => vi.advanceTimersByTimeAsync(10 * PRODUCT_RETRY_DELAY_MS));
    expect(read).toHaveBeenCalledTimes(1 + PRODUCT_READ_RETRIES);
    vi.useRealTimers();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Failed to fetch product data' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/database down/)).not.toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Product read failed', expect.any(Error));
  });

  it('shows the product a later read gets, on this visit and the next', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let reads = 0;
    const read = async () => {
      reads += 1;
      // Every read fails but the third and the sixth.
      if (reads !== 3 && reads !== 6) throw new Error('connection reset');
      return makeProductPage();
    };
    renderProduct('/details/wraps/pallet-wraps', { getProductPage: read });
    await act(() => vi.advanceTimersByTimeAsync(2 * PRODUCT_RETRY_DELAY_MS));
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pallet Wraps' })).toBeInTheDocument();
    expect(reads).toBe(3);

    const loaded = await product.loader(loaderArgs('wraps', read));
    expect(loaded).toMatchObject({ state: 'loaded' });
    expect(reads).toBe(6);
  });

  it('never reads again for a missing product', async () => {
    const read = vi.fn(async () => null);
    const answer = await product.loader(loaderArgs('wraps', read));
    expect('init' in answer && answer.init?.status).toBe(404);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('offers to try again after a failed read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let down = true;
    renderProduct('/details/wraps/pallet-wraps', {
      getProductPage: async () => {
        if (down) throw new Error('database down');
        return makeProductPage();
      },
    });
    await act(() => vi.advanceTimersByTimeAsync(PRODUCT_READ_RETRIES * PRODUCT_RETRY_DELAY_MS));
    vi.useRealTimers();
    await screen.findByRole('heading', { level: 1, name: 'Failed to fetch product data' });
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pallet Wraps' })).toBeInTheDocument();
  });

  it('says "Error: Something went wrong" when the page itself breaks, never the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = { ...makeProductDetail(), images: undefined } as unknown as ProductDetail;
    renderProduct('/details/wraps/pallet-wraps', { getProductPage: pageOf(broken) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Error: Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/undefined|TypeError/)).not.toBeInTheDocument();
  });

  it('says "No product variants available" for a product without variants', async () => {
    renderProduct('/details/wraps/pallet-wraps', {
      getProductPage: async () => makeProductPage({ variants: [] }),
    });
    expect(await screen.findByText('No product variants available')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Product variants' })).not.toBeInTheDocument();
  });

  it('names a nameless variant "Unnamed Variant" and says when a variant has no items', async () => {
    const base = makeProductPage();
    const [hand, machine] = base.variants;
    renderProduct('/details/wraps/pallet-wraps', {
      getProductPage: async () => ({
        ...base,
        variants: [
          { ...hand!, name: '  ' },
          { ...machine!, items: [] },
        ],
      }),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Unnamed Variant' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unnamed Variant' })).toHaveAttribute('href', '#variant-11');
    const machineSection = screen
      .getByRole('heading', { level: 2, name: 'Machine Pallet Wrap' })
      .closest('section')!;
    expect(within(machineSection).getByText('No ItemData entries found')).toBeInTheDocument();
    expect(within(machineSection).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the shape of the page while another product loads', async () => {
    let release: () => void = () => undefined;
    const covers = makeProductDetail({ id: 2, name: 'Pallet Covers', slug: 'pallet-covers' });
    const Stub = routeStub(
      [
        {
          Component: () => (
            <>
              <Link to="/details/wraps/pallet-covers">Pallet Covers</Link>
              <Outlet />
            </>
          ),
          children: [
            {
              path: '/details/:categorySlug/:productSlug',
              loader: async (args: Parameters<typeof product.loader>[0]) => {
                if (args.params.productSlug === 'pallet-covers') {
                  await new Promise<void>((resolve) => (release = resolve));
                }
                return product.loader(args);
              },
              Component: product.default,
              HydrateFallback: () => null,
            },
          ],
        },
      ],
      fakeContext({
        getProductPage: async (_category, slug) =>
          makeProductPage({ product: slug === 'pallet-covers' ? covers : makeProductDetail() }),
      }),
    );
    render(<Stub initialEntries={['/details/wraps/pallet-wraps']} />);
    await screen.findByRole('heading', { level: 1, name: 'Pallet Wraps' });
    fireEvent.click(screen.getByRole('link', { name: 'Pallet Covers' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading product…');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pallet Covers' })).toBeInTheDocument();
  });

  it('makes the title of a missing product from its slug', () => {
    const tags = product.meta({
      loaderData: { state: 'not-found', origin: TEST_ORIGIN },
      params: { categorySlug: 'wraps', productSlug: 'heavy-duty-film' },
    } as unknown as Parameters<typeof product.meta>[0]);
    expect(tags).toContainEqual({ title: 'Heavy duty film | PackRight Supplies' });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});

describe('product page data fetched in the browser (client-side navigation)', () => {
  const loaded = { state: 'loaded', page: makeProductPage(), origin: TEST_ORIGIN } as const;
  const routeError = (status: number) => ({ status, statusText: '', internal: true, data: '' });

  function navigate(serverLoader: () => Promise<unknown>, signal = new AbortController().signal) {
    return product.clientLoader({
      serverLoader,
      request: new Request(`${TEST_ORIGIN}/details/wraps/pallet-wraps`, { signal }),
      params: { categorySlug: 'wraps', productSlug: 'pallet-wraps' },
    } as unknown as Parameters<typeof product.clientLoader>[0]);
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });

  it('fetches again up to 3 times, 500 ms apart, when no answer comes, then says it failed', async () => {
    const fetchData = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const outcome = navigate(fetchData);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchData).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PRODUCT_RETRY_DELAY_MS - 1);
    expect(fetchData).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchData).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10 * PRODUCT_RETRY_DELAY_MS);
    expect(fetchData).toHaveBeenCalledTimes(1 + PRODUCT_READ_RETRIES);
    await expect(outcome).resolves.toEqual({ state: 'failed', origin: window.location.origin });
  });

  it('fetches again after a 5xx from in front of the server, and shows what a later fetch gets', async () => {
    const fetchData = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(routeError(502))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(loaded);
    const outcome = navigate(fetchData);
    await vi.advanceTimersByTimeAsync(2 * PRODUCT_RETRY_DELAY_MS);
    await expect(outcome).resolves.toBe(loaded);
    expect(fetchData).toHaveBeenCalledTimes(3);
  });

  it('never fetches again after a 4xx or an error of the server’s own, which has had its retries', async () => {
    for (const failure of [routeError(404), routeError(400), new Error('Unexpected Server Error')]) {
      const fetchData = vi.fn(() => Promise.reject(failure));
      await expect(navigate(fetchData)).rejects.toBe(failure);
      expect(fetchData).toHaveBeenCalledTimes(1);
    }
  });

  it('stops when the visitor navigates away', async () => {
    const leaving = new AbortController();
    const fetchData = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const outcome = navigate(fetchData, leaving.signal).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    leaving.abort();
    await vi.advanceTimersByTimeAsync(10 * PRODUCT_RETRY_DELAY_MS);
    expect(fetchData).toHaveBeenCalledTimes(1);
    expect(await outcome).toBe(leaving.signal.reason);
  });
});
