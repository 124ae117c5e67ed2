import type { CatalogueReader } from '@shop/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub, type LoaderFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeContext, makeProductDetail, TEST_ORIGIN } from '../../test/fake-catalogue';
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

const withImages = makeProductDetail({
  description: '<p onclick="x()">Cast <strong>stretch</strong> film.</p><script>alert(1)</script>',
  images: [
    { id: 1, image: '/images/products/pallet-wraps.svg', alt_text: 'Roll of hand wrap' },
    { id: 2, image: '/images/products/pallet-wraps-machine.svg', alt_text: 'Machine film' },
  ],
});

describe('product page', () => {
  it('shows the name, the sanitised description, the price from and an honest ordering note', async () => {
    const { container } = renderProduct('/details/wraps/pallet-wraps', {
      getProduct: async () => withImages,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pallet Wraps' })).toBeInTheDocument();
    expect(screen.getByText('From £12.99 per pack')).toBeInTheDocument();
    expect(screen.getByText('Prices by quantity and ordering open soon.')).toBeInTheDocument();
    const description = container.querySelector('.product__description')!;
    expect(description.innerHTML).toBe('<p>Cast <strong>stretch</strong> film.</p>');
  });

  it('switches the large image from the thumbnails', async () => {
    renderProduct('/details/wraps/pallet-wraps', { getProduct: async () => withImages });
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
      getProduct: async () => makeProductDetail({ description: '<p> </p><script>x()</script>' }),
    });
    expect(await screen.findByText('No description available.')).toBeInTheDocument();
  });

  it('describes the product as schema.org Product with an AggregateOffer in GBP', async () => {
    const { container } = renderProduct('/details/wraps/pallet-wraps', {
      getProduct: async () => makeProductDetail({ in_stock: false }),
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
    renderProduct('/details/wraps/nope', { getProduct: async () => null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();

    const args = (categorySlug: string, getProduct: CatalogueReader['getProduct']) =>
      ({
        context: fakeContext({ getProduct }),
        params: { categorySlug, productSlug: 'pallet-wraps' },
        request: new Request(`${TEST_ORIGIN}/details/${categorySlug}/pallet-wraps`),
      }) as unknown as Parameters<typeof product.loader>[0];
    const missing = await product.loader(args('wraps', async () => null));
    expect('init' in missing && missing.init?.status).toBe(404);
    const elsewhere = await product.loader(args('bags', async () => makeProductDetail()));
    expect('init' in elsewhere && elsewhere.init?.status).toBe(404);
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
