import type { CatalogueReader, SizeSearchItem } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeContext } from '~test/fake-catalogue';
import { routeStub } from '~test/route-stub';
import * as search from './search';

const QUERY =
  'width=30&height=20&length=0&measurement_unit=CM&category=boxes&approx_size=true&minimum_size=false';

function sizeItem(id: number, distance: number): SizeSearchItem {
  return {
    id,
    sku: `SWB-${id}`,
    title: `Single wall box ${id}`,
    units_per_pack: 25,
    measurement_unit: 'MM',
    width: 300,
    height: 200,
    length: 150,
    dimensions_mm: [150, 200, 300],
    images: [{ image: `/images/products/box-${id}.svg`, alt_text: `Box ${id}` }],
    product: { id: 3, name: 'Single Wall Boxes', slug: 'single-wall-boxes' },
    category: { name: 'Boxes', slug: 'boxes' },
    distance,
  };
}

function renderSearch(path: string, catalogue: Partial<CatalogueReader> = {}) {
  const Stub = routeStub(
    [
      {
        path: '/search',
        loader: search.loader,
        Component: search.default,
        HydrateFallback: () => null,
      },
    ],
    fakeContext(catalogue),
  );
  return render(<Stub initialEntries={[path]} />);
}

const loaderArgs = (url: string, catalogue: Partial<CatalogueReader> = {}) =>
  ({ context: fakeContext(catalogue), params: {}, request: new Request(url) }) as unknown as Parameters<
    typeof search.loader
  >[0];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/search', () => {
  it('searches the catalogue in-process with the parsed query and shows the items, nearest first', async () => {
    const searchItemsBySize = vi.fn(async () => ({ count: 2, results: [sizeItem(1, 0), sizeItem(2, 0.1)] }));
    renderSearch(`/search?${QUERY}`, { searchItemsBySize });
    expect(await screen.findByText('Boxes, approximately 30 × 20 cm')).toBeInTheDocument();
    expect(searchItemsBySize).toHaveBeenCalledWith(
      { unit: 'CM', category: 'boxes', width: 30, height: 20, length: 0, mode: 'approx' },
      { page: 1, page_size: 20 },
    );
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Single wall box 1' })).toHaveAttribute(
      'href',
      '/details/boxes/single-wall-boxes',
    );
    expect(within(items[0]!).getByAltText('Box 1')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('SWB-1');
    expect(items[0]).toHaveTextContent('30 × 20 × 15 cm');
    expect(items[0]).toHaveTextContent('Exact size');
    expect(items[1]).toHaveTextContent('±5% from your size');
  });

  it('pages with previous and next links that keep the search', async () => {
    const searchItemsBySize = vi.fn(async () => ({ count: 45, results: [sizeItem(21, 0.2)] }));
    renderSearch(`/search?${QUERY}&page=2`, { searchItemsBySize });
    const pages = await screen.findByRole('navigation', { name: 'Result pages' });
    expect(searchItemsBySize).toHaveBeenCalledWith(expect.anything(), { page: 2, page_size: 20 });
    expect(pages).toHaveTextContent('Page 2 of 3');
    expect(within(pages).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', `/search?${QUERY}`);
    expect(within(pages).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      `/search?${QUERY}&page=3`,
    );
  });

  it('says so when nothing matches', async () => {
    renderSearch(`/search?${QUERY}`, { searchItemsBySize: async () => ({ count: 0, results: [] }) });
    expect(await screen.findByText('No items match that size.')).toBeInTheDocument();
    expect(screen.getByText(/Tip:/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Result pages' })).not.toBeInTheDocument();
  });

  it("shows 'Search failed.' with HTTP 500 when the read throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = { searchItemsBySize: () => Promise.reject(new Error('database is down')) };
    renderSearch(`/search?${QUERY}`, failing);
    expect(await screen.findByText('Search failed.')).toBeInTheDocument();
    const result = await search.loader(loaderArgs(`https://shop.test/search?${QUERY}`, failing));
    expect(result).toMatchObject({ init: { status: 500 } });
  });

  it.each([
    ['', 'Missing: measurement_unit, category'],
    ['measurement_unit=FT&category=boxes&width=1&height=2', 'Invalid unit'],
    ['measurement_unit=MM&category=tubes&width=1&height=2', 'Invalid category'],
    ['measurement_unit=MM&category=boxes&width=1', 'Two dimensions must be positive.'],
  ])("shows the validation message for '%s' with HTTP 400", async (query, message) => {
    const searchItemsBySize = vi.fn();
    renderSearch(`/search?${query}`, { searchItemsBySize });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(searchItemsBySize).not.toHaveBeenCalled();
    const result = await search.loader(loaderArgs(`https://shop.test/search?${query}`));
    expect(result).toMatchObject({ init: { status: 400 }, data: { message } });
  });

  it('keeps result pages out of search engines', () => {
    const tags = search.meta({ loaderData: undefined } as unknown as Parameters<typeof search.meta>[0]);
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});

describe('/search past the last page', () => {
  it('redirects to the last page that has items', async () => {
    const result = await search.loader(
      loaderArgs(`https://shop.test/search?${QUERY}&page=9`, {
        searchItemsBySize: async () => ({ count: 45, results: [] }),
      }),
    );
    expect(result).toBeInstanceOf(Response);
    expect((result as unknown as Response).headers.get('Location')).toBe(`/search?${QUERY}&page=3`);
  });
});
