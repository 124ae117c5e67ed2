import { describe, expect, it } from 'vitest';
import type { SizeSearch, SizeSearchItem } from '@shop/domain';
import {
  describeCloseness,
  describeSearch,
  formatDimensions,
  pageHref,
  pageNumber,
  toSizeResultView,
} from './size-search-page.server';

const search = (patch: Partial<SizeSearch> = {}): SizeSearch => ({
  unit: 'CM',
  category: 'boxes',
  width: 30,
  height: 20,
  length: 0,
  mode: 'approx',
  ...patch,
});

const item: SizeSearchItem = {
  id: 7,
  sku: 'SWB-305-205',
  title: 'Single wall box 305 x 205 x 150 mm',
  units_per_pack: 25,
  measurement_unit: 'MM',
  width: 305,
  height: 205,
  length: 150,
  dimensions_mm: [150, 205, 305],
  images: [{ image: '/images/products/single-wall-boxes.svg', alt_text: 'A brown single wall box' }],
  product: { id: 3, name: 'Single Wall Boxes', slug: 'single-wall-boxes' },
  category: { name: 'Boxes', slug: 'boxes' },
  distance: 0.0417,
};

describe('formatDimensions', () => {
  it('shows millimetres in the searched unit, largest first, without zeros', () => {
    expect(formatDimensions([150, 205, 305], 'CM')).toBe('30.5 × 20.5 × 15 cm');
    expect(formatDimensions([0, 250, 350], 'MM')).toBe('350 × 250 mm');
    expect(formatDimensions([0, 254, 304.8], 'IN')).toBe('12 × 10 in');
    expect(formatDimensions([150, 205, 305], 'M')).toBe('0.305 × 0.205 × 0.15 m');
  });
});

describe('describeCloseness', () => {
  it("says 'Exact size' for a distance of 0", () => {
    expect(describeCloseness(0, search())).toBe('Exact size');
  });

  it('gives the mean difference per searched dimension', () => {
    // Two dimensions searched: 0.0417 / 2 = 2.1 %.
    expect(describeCloseness(0.0417, search())).toBe('±2.1% from your size');
    expect(describeCloseness(0.3, search({ length: 10 }))).toBe('±10% from your size');
    expect(describeCloseness(0.2, search({ mode: 'minimum' }))).toBe('10% larger than your size');
  });
});

describe('describeSearch', () => {
  it('puts the search in words', () => {
    expect(describeSearch(search())).toBe('Boxes, approximately 30 × 20 cm');
    expect(describeSearch(search({ category: 'bags', mode: 'minimum', unit: 'IN', width: 10.5 }))).toBe(
      'Bags, at least 10.5 × 20 in',
    );
  });
});

describe('toSizeResultView', () => {
  it('links to the product and keeps the image alt text', () => {
    expect(toSizeResultView(item, search())).toEqual({
      id: 7,
      sku: 'SWB-305-205',
      title: 'Single wall box 305 x 205 x 150 mm',
      productName: 'Single Wall Boxes',
      href: '/details/boxes/single-wall-boxes',
      image: { src: '/images/products/single-wall-boxes.svg', alt: 'A brown single wall box' },
      unitsPerPack: 25,
      dimensions: '30.5 × 20.5 × 15 cm',
      closeness: '±2.1% from your size',
    });
  });

  it('falls back to the title for an image without alt text, and to no image', () => {
    expect(
      toSizeResultView({ ...item, images: [{ image: '/a.svg', alt_text: '' }] }, search()).image?.alt,
    ).toBe(item.title);
    expect(toSizeResultView({ ...item, images: [] }, search()).image).toBeNull();
  });
});

describe('paging', () => {
  it('links to another page of the same search', () => {
    const query = new URLSearchParams('width=30&height=20&category=boxes&measurement_unit=CM&page=2');
    expect(pageHref(query, 3)).toBe('/search?width=30&height=20&category=boxes&measurement_unit=CM&page=3');
    expect(pageHref(query, 1)).toBe('/search?width=30&height=20&category=boxes&measurement_unit=CM');
  });

  it('reads a page number, defaulting to 1', () => {
    expect(pageNumber('3')).toBe(3);
    expect(pageNumber(null)).toBe(1);
    expect(pageNumber('0')).toBe(1);
    expect(pageNumber('2.5')).toBe(1);
    expect(pageNumber('x')).toBe(1);
  });
});
