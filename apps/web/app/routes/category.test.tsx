import type { CatalogueReader } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeContext, makeProduct, TEST_ORIGIN } from '~test/fake-catalogue';
import { routeStub } from '~test/route-stub';
import * as category from './category';

const loaderArgs = (slug: string, url: string, catalogue: Partial<CatalogueReader> = {}) =>
  ({
    context: fakeContext(catalogue),
    params: { slug },
    request: new Request(url),
  }) as unknown as Parameters<typeof category.loader>[0];

function renderCategory(path: string, catalogue: Partial<CatalogueReader> = {}) {
  const Stub = routeStub(
    [
      {
        path: '/category/:slug',
        loader: category.loader,
        Component: category.default,
        ErrorBoundary: category.ErrorBoundary,
        HydrateFallback: () => null,
      },
    ],
    fakeContext(catalogue),
  );
  return render(<Stub initialEntries={[path]} />);
}

const failing = () => Promise.reject(new Error('database is down'));

describe('category page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the products with an image and a uniquely named View Details link', async () => {
    renderCategory('/category/wraps');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wraps' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'View Details of Product 2' });
    expect(link).toHaveAttribute('href', '/details/wraps/product-2');
    expect(link).toHaveTextContent('View Details');
    expect(screen.getByAltText('Photo of product 1')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Wraps pages' })).not.toBeInTheDocument();
  });

  it('pages through long listings with prev and next links', async () => {
    const listProductsByCategory = vi.fn(async () => ({
      count: 60,
      results: [makeProduct(25), makeProduct(26)],
    }));
    renderCategory('/category/wraps?page=2', { listProductsByCategory });
    const pages = await screen.findByRole('navigation', { name: 'Wraps pages' });
    expect(listProductsByCategory).toHaveBeenCalledWith('wraps', { page: 2, page_size: 24 });
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/category/wraps',
    );
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute('rel', 'prev');
    expect(within(pages).getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/category/wraps?page=3',
    );
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('says "No products found." for an empty category', async () => {
    renderCategory('/category/wraps', { listProductsByCategory: async () => ({ count: 0, results: [] }) });
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
  });

  it('says "Category not found." with HTTP 404 for an unknown slug', async () => {
    renderCategory('/category/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found.' })).toBeInTheDocument();
    const response = await category.loader(loaderArgs('nope', `${TEST_ORIGIN}/category/nope`));
    expect(response.init?.status).toBe(404);
  });

  it('says "Failed to load category." with HTTP 500 when the category cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCategory('/category/wraps', { getCategoryBySlug: failing });
    expect(await screen.findByRole('heading', { name: 'Failed to load category.' })).toBeInTheDocument();
    expect(screen.queryByText(/database is down/)).not.toBeInTheDocument();
    const response = await category.loader(
      loaderArgs('wraps', `${TEST_ORIGIN}/category/wraps`, { getCategoryBySlug: failing }),
    );
    expect(response.init?.status).toBe(500);
  });

  it('says "Failed to load products." under the category when only the products cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCategory('/category/wraps', { listProductsByCategory: failing });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load products.');
    expect(screen.getByRole('heading', { level: 1, name: 'Wraps' })).toBeInTheDocument();
    const response = await category.loader(
      loaderArgs('wraps', `${TEST_ORIGIN}/category/wraps`, { listProductsByCategory: failing }),
    );
    expect(response.init?.status).toBe(500);
  });

  it('answers 404 for a page past the end', async () => {
    const response = await category.loader(loaderArgs('wraps', `${TEST_ORIGIN}/category/wraps?page=9`));
    expect(response.init?.status).toBe(404);
  });

  it('adds a Home > Category BreadcrumbList', async () => {
    const { container } = renderCategory('/category/wraps');
    await screen.findByRole('heading', { level: 1, name: 'Wraps' });
    const json = JSON.parse(container.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(json).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.test/' },
        { '@type': 'ListItem', position: 2, name: 'Wraps', item: 'https://shop.test/category/wraps' },
      ],
    });
  });
});
