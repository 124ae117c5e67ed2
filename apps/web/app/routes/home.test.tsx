import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NonceProvider } from '~/lib/nonce';
import { fakeContext } from '~test/fake-catalogue';
import { routeStub } from '~test/route-stub';
import * as home from './home';

function renderHome() {
  const Stub = routeStub(
    [
      {
        path: '/',
        loader: home.loader,
        Component: home.default,
        HydrateFallback: () => null,
      },
    ],
    fakeContext(),
  );
  return render(
    <NonceProvider value="test-nonce">
      <Stub initialEntries={['/']} />
    </NonceProvider>,
  );
}

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('home page', () => {
  it('says the shop is the UK’s leading packaging supplier', async () => {
    renderHome();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      "PackRight Supplies — the UK's leading packaging supplier",
    );
  });

  it('shows spec 1’s five home categories first, in its order, then the catalogue’s others', async () => {
    renderHome();
    const categories = await screen.findByRole('region', { name: 'Shop by category' });
    expect(
      within(categories)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Wraps', 'Bags', 'Food Packaging', 'Tapes', 'Labels', 'Boxes', 'Postal']);
  });

  it('lists the 15 featured products, each linking to its details page with an image', async () => {
    renderHome();
    const products = await screen.findByRole('region', { name: 'Find Your Perfect Packing Solutions' });
    const links = within(products).getAllByRole('link');
    expect(links).toHaveLength(15);
    expect(links[0]).toHaveAccessibleName('Product 1');
    expect(links[0]).toHaveAttribute('href', '/details/wraps/product-1');
    const image = within(products).getByAltText('Photo of product 1');
    expect(image).toHaveAttribute('width', '300');
    expect(image).toHaveAttribute('height', '300');
  });

  it('names four industries and six reasons to choose us', async () => {
    renderHome();
    await screen.findByRole('heading', { level: 1 });
    expect(
      within(section('Industries We Serve'))
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['E-commerce', 'Food & Beverage', 'Retail Packaging', 'Logistics & Shipping']);
    expect(within(section('Why Choose Us')).getAllByRole('listitem')).toHaveLength(6);
  });

  it('offers a call and the contact page in the quote banner', async () => {
    renderHome();
    await screen.findByRole('heading', { level: 1 });
    const banner = section('Request a Quote');
    expect(within(banner).getByRole('link', { name: 'Call +44 116 496 0123' })).toHaveAttribute(
      'href',
      'tel:+441164960123',
    );
    expect(within(banner).getByRole('link', { name: 'Send us your requirements' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  it('describes the shop as a schema.org Organization with its nonce', async () => {
    const { container } = renderHome();
    await screen.findByRole('heading', { level: 1 });
    const script = container.querySelector('script[type="application/ld+json"]');
    expect(script).toHaveAttribute('nonce', 'test-nonce');
    const json = JSON.parse(script!.textContent!);
    expect(json).toMatchObject({
      '@type': 'Organization',
      name: 'PackRight Supplies',
      url: 'https://shop.test/',
      telephone: '+44 116 496 0123',
      address: { addressLocality: 'Leicester', postalCode: 'LE19 1WZ', addressCountry: 'GB' },
    });
    expect(json.sameAs).toHaveLength(4);
  });
});
