import type { CartItemView, CartView as Cart } from '@shop/domain';
import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CartView } from './cart-view';

function line(overrides: Partial<CartItemView> = {}): CartItemView {
  return {
    id: 7,
    cart: 3,
    item: {
      id: 11,
      title: 'Clear Hand Pallet Wrap 400mm x 250m, 17mu',
      sku: 'PW-HAND-400-CL',
      units_per_pack: 6,
      images: [{ image: '/images/products/pallet-wraps.svg', alt_text: 'Roll of clear wrap' }],
      product_variant: {
        id: 5,
        name: 'Hand Pallet Wrap',
        product: { name: 'Pallet Wraps', slug: 'pallet-wraps', category: { slug: 'wraps' } },
      },
      track_inventory: true,
      stock: 1440,
    },
    pack_quantity: 3,
    unit_type: 'pack',
    pricing_tier: { id: 1, tier_type: 'pack', range_start: 1, range_end: 9, no_end_range: false },
    user_exclusive_price: null,
    price_per_pack: '29.94',
    price_per_unit: '4.99',
    subtotal: '89.82',
    total: '89.82',
    weight: 39.6,
    discount_percentage: 0,
    ...overrides,
  };
}

function cart(overrides: Partial<Cart> = {}): Cart {
  return {
    id: 3,
    items: [line()],
    subtotal: '89.82',
    discount: '0.00',
    vat: 20,
    vat_amount: '19.35',
    shipping_cost: '6.95',
    total: '116.12',
    total_units: 18,
    total_packs: 3,
    total_weight: 39.6,
    shipping_details: { parcel_type: 'parcel', parcels_needed: 2, explanation: 'Parcels of up to 30 kg.' },
    ...overrides,
  };
}

function renderCart(value: Cart) {
  const Stub = createRoutesStub([{ path: '/cart', Component: () => <CartView cart={value} /> }]);
  return render(<Stub initialEntries={['/cart']} />);
}

const row = (label: string) => screen.getByRole('row', { name: new RegExp(`^${label}`) });

describe('CartView', () => {
  it('says so when the cart is empty', () => {
    renderCart(cart({ items: [] }));
    expect(screen.getByText('You have no items.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('lists each line with a link to its product and the server’s money', () => {
    renderCart(cart());
    const table = screen.getByRole('table', { name: 'Items in your cart' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '',
      'PW-HAND-400-CL',
      'Clear Hand Pallet Wrap 400mm x 250m, 17mu',
      '3',
      '18',
      '£29.94',
      '£89.82',
      '£89.82',
    ]);
    expect(within(table).getByRole('link')).toHaveAttribute('href', '/details/wraps/pallet-wraps');
    expect(within(table).getByRole('img', { name: 'Roll of clear wrap' })).toBeInTheDocument();
  });

  it('sums up without a discount line when there is none, with parcels, weight to 3 decimals and VAT', () => {
    renderCart(cart());
    expect(screen.queryByRole('row', { name: /^Discount/ })).not.toBeInTheDocument();
    expect(row('Total Items')).toHaveTextContent('1');
    expect(row('Total Boxes')).toHaveTextContent('3');
    expect(row('VAT \\(20%\\)')).toHaveTextContent('£19.35');
    expect(row('Shipping')).toHaveTextContent('£6.95 (2 × parcel)');
    expect(row('Weight')).toHaveTextContent('39.600 kg');
    expect(row('Total £')).toHaveTextContent('£116.12');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('shows the percent-off tag, the discount line, FREE shipping and the pallet note at 750 kg', () => {
    renderCart(
      cart({
        items: [line({ discount_percentage: 10, total: '80.84' })],
        discount: '8.98',
        shipping_cost: '0.00',
        total_weight: 750,
      }),
    );
    expect(screen.getByText('−10%')).toBeInTheDocument();
    expect(row('Discount')).toHaveTextContent('−£8.98');
    expect(row('Shipping')).toHaveTextContent('FREE');
    expect(screen.getByText(/pallet prices apply/)).toBeInTheDocument();
  });

  it('says Image Not Available for a line without an image', () => {
    renderCart(cart({ items: [line({ item: { ...line().item, images: [] } })] }));
    expect(screen.getByText('Image Not Available')).toBeInTheDocument();
  });
});
