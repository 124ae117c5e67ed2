import type { CatalogueReader } from '@shop/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeContext, makeProductDetail, TEST_ORIGIN } from '~test/fake-catalogue';
import { routeStub } from '~test/route-stub';
import * as details from './product-details';

function load(search: string, catalogue: Partial<CatalogueReader> = {}) {
  return details.loader({
    context: fakeContext(catalogue),
    params: {},
    request: new Request(`${TEST_ORIGIN}/product-details${search}`),
  } as unknown as Parameters<typeof details.loader>[0]);
}

async function redirectOf(search: string, catalogue: Partial<CatalogueReader> = {}) {
  try {
    await load(search, catalogue);
  } catch (thrown) {
    const response = thrown as Response;
    return { status: response.status, location: response.headers.get('Location') };
  }
  return null;
}

describe('/product-details', () => {
  it('sends a product to its one address', async () => {
    expect(await redirectOf('?category=wraps&product=pallet-wraps')).toEqual({
      status: 301,
      location: '/details/wraps/pallet-wraps',
    });
  });

  it('finds the category of a product given by slug alone', async () => {
    const getProduct: CatalogueReader['getProduct'] = async (category, slug) =>
      category === 'bags' && slug === 'mailing-bags'
        ? makeProductDetail({ slug, category: { name: 'Bags', slug: 'bags' } })
        : null;
    expect(await redirectOf('?slug=mailing-bags', { getProduct })).toEqual({
      status: 301,
      location: '/details/bags/mailing-bags',
    });
    const missing = await load('?slug=nope', { getProduct });
    expect('init' in missing && missing.init?.status).toBe(404);
  });

  it('says "Invalid product slug." without a product', async () => {
    const Stub = routeStub(
      [
        {
          path: '/product-details',
          loader: details.loader,
          Component: details.default,
          HydrateFallback: () => null,
        },
      ],
      fakeContext(),
    );
    render(<Stub initialEntries={['/product-details']} />);
    expect(await screen.findByText('Invalid product slug.')).toBeInTheDocument();
  });
});
