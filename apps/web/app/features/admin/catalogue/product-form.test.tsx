import type { AdminCategory, AdminProductDetail, ProductCreate } from '@shop/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { ProductForm, slugify } from './product-form';

const categories: AdminCategory[] = [
  {
    id: 1,
    name: 'Wraps',
    slug: 'wraps',
    description: '',
    image: null,
    slider_image: null,
    position: 0,
    product_count: 3,
  },
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
];

const product: AdminProductDetail = {
  id: 9,
  name: 'Tape Dispenser',
  slug: 'tape-dispenser',
  category: 4,
  category_name: 'Tapes',
  category_slug: 'tapes',
  featured_rank: 3,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-02T00:00:00.000Z',
  description: '<p>Seal cartons.</p>',
  images: [],
  variants: [],
};

describe('ProductForm', () => {
  it('creates a product: the slug follows the name, the category and rank are sent as numbers', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn<(body: ProductCreate) => Promise<unknown>>().mockResolvedValue(undefined);
    const { container } = render(
      <ProductForm categories={categories} submitLabel="Create product" onSave={onSave} />,
    );
    await user.type(screen.getByLabelText('Name'), 'Kraft Paper Tape');
    expect(screen.getByLabelText('Slug')).toHaveValue('kraft-paper-tape');
    await user.selectOptions(screen.getByLabelText('Category'), 'Tapes');
    await user.type(screen.getByLabelText('Place on the home page (optional)'), '7');
    await user.type(screen.getByLabelText('Description (HTML)'), '<p>Strong</p>');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(onSave).toHaveBeenCalledWith({
      category: 4,
      name: 'Kraft Paper Tape',
      slug: 'kraft-paper-tape',
      description: '<p>Strong</p>',
      featured_rank: 7,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Product saved.');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });

  it('asks for a category before sending anything', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<ProductForm categories={categories} submitLabel="Create product" onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Choose a category.');
  });

  it('edits an existing product, keeping its slug when the name changes', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(
      <ProductForm categories={categories} product={product} submitLabel="Save product" onSave={onSave} />,
    );
    expect(screen.getByLabelText('Category')).toHaveValue('4');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Tape Guns');
    await user.clear(screen.getByLabelText('Place on the home page (optional)'));
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(onSave).toHaveBeenCalledWith({
      category: 4,
      name: 'Tape Guns',
      slug: 'tape-dispenser',
      description: '<p>Seal cartons.</p>',
      featured_rank: null,
    });
  });

  it('shows the server’s field errors under their fields', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn().mockRejectedValue(
      new ApiError({
        kind: 'response',
        status: 400,
        message: 'Please check the form.',
        generic: true,
        fields: {
          slug: ['Another entry already uses this slug.'],
          featured_rank: ['Another product already has this place on the home page.'],
        },
      }),
    );
    render(
      <ProductForm categories={categories} product={product} submitLabel="Save product" onSave={onSave} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the highlighted fields.');
    expect(screen.getByLabelText('Slug')).toHaveAccessibleDescription(
      "The product's address: lower-case letters, digits and hyphens. Another entry already uses this slug.",
    );
    expect(screen.getByLabelText('Place on the home page (optional)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});

describe('slugify', () => {
  it.each([
    ['Pallet Wraps', 'pallet-wraps'],
    ['  Tape & Dispensers! ', 'tape-dispensers'],
    ['Café Boxes 2', 'cafe-boxes-2'],
  ])('makes %j into %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});
