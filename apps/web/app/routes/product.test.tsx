import type { CatalogueReader } from '@shop/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub, Link, Outlet, type LoaderFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeContext, makeProductDetail, makeProductPage, TEST_ORIGIN } from '../../test/fake-catalogue';
import * as product from './product';

function renderProduct(path: string, catalogue: Partial<CatalogueReader> = {}) {
  const Stub = createRoutesStub(
    [
      {
        path: '/details/:categorySlug/:productSlug',
        loader: product.loader as unknown as LoaderFunction,
        Component: product.default as unknown as React.ComponentType,
        ErrorBoundary: product.ErrorBoundary as unknown as React.ComponentType,
        HydrateFallback: () => null,
      },
    ],
    fakeContext(catalogue),
  );
  return render(<Stub initialEntries={[path]} />);
}

const pageOf = (product: ReturnType<typeof makeProductDetail>) => async () => makeProductPage({ product });

const withImages = makeProductDetail({
  description: '<p onclick="x()">Cast <strong>stretch</strong> film.</p><script>alert(1)</script>',
  images: [
    { id: 1, image: '/images/products/pallet-wraps.svg', alt_text: 'Roll of hand wrap' },
    { id: 2, image: '/images/products/pallet-wraps-machine.svg', alt_text: 'Machine film' },
  ],
});

afterEach(() => {
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

  it('answers 404 "Product not found" for an unknown product or one in another category', async () => {
    renderProduct('/details/wraps/nope', { getProductPage: async () => null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();

    const args = (categorySlug: string, getProductPage: CatalogueReader['getProductPage']) =>
      ({
        context: fakeContext({ getProductPage }),
        params: { categorySlug, productSlug: 'pallet-wraps' },
        request: new Request(`${TEST_ORIGIN}/details/${categorySlug}/pallet-wraps`),
      }) as unknown as Parameters<typeof product.loader>[0];
    const missing = await product.loader(args('wraps', async () => null));
    expect('init' in missing && missing.init?.status).toBe(404);
    const elsewhere = await product.loader(args('bags', async () => makeProductPage()));
    expect('init' in elsewhere && elsewhere.init?.status).toBe(404);
  });

  it('says "Failed to fetch product data" when the product cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProduct('/details/wraps/pallet-wraps', {
      getProductPage: async () => {
        throw new Error('database down');
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Failed to fetch product data' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/database down/)).not.toBeInTheDocument();
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
    const Stub = createRoutesStub(
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
              loader: (async (args) => {
                if (args.params.productSlug === 'pallet-covers') {
                  await new Promise<void>((resolve) => (release = resolve));
                }
                return product.loader(args as unknown as Parameters<typeof product.loader>[0]);
              }) as LoaderFunction,
              Component: product.default as unknown as React.ComponentType,
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
