import {
  convertLength,
  searchedMillimetres,
  type LengthUnit,
  type SizeSearch,
  type SizeSearchItem,
  type SizeUnit,
} from '@shop/domain';
import type { SizeResultView } from './size-result-view';

const LENGTH_UNIT: Record<SizeUnit, LengthUnit> = { MM: 'mm', CM: 'cm', IN: 'inch', M: 'm' };
const UNIT_LABEL: Record<SizeUnit, string> = { MM: 'mm', CM: 'cm', IN: 'in', M: 'm' };
// Enough decimals to tell sizes apart in each unit, no more.
const DECIMALS: Record<SizeUnit, number> = { MM: 1, CM: 1, IN: 2, M: 3 };
const CATEGORY_LABEL: Record<SizeSearch['category'], string> = {
  boxes: 'Boxes',
  bags: 'Bags',
  postal: 'Postal',
};

function formatNumber(value: number, unit: SizeUnit): string {
  return new Intl.NumberFormat('en-GB', { maximumFractionDigits: DECIMALS[unit] }).format(value);
}

/** Lengths in millimetres shown in a unit, largest first; zero (flat items) left out. */
export function formatDimensions(millimetres: readonly number[], unit: SizeUnit): string {
  const values = millimetres
    .filter((value) => value > 0)
    .sort((a, b) => b - a)
    .map((value) => formatNumber(convertLength(value, 'mm', LENGTH_UNIT[unit]), unit));
  return values.length > 0 ? `${values.join(' × ')} ${UNIT_LABEL[unit]}` : 'Size not given';
}

function formatPercent(percent: number): string {
  return new Intl.NumberFormat('en-GB', { maximumFractionDigits: percent < 10 ? 1 : 0 }).format(percent);
}

/**
 * How close an item is: the API's distance is the sum of relative differences over the searched
 * dimensions, so the mean difference per dimension is distance / their number.
 */
export function describeCloseness(distance: number, search: SizeSearch): string {
  const count = Math.max(1, searchedMillimetres(search).length);
  const percent = (distance / count) * 100;
  if (percent < 0.05) return 'Exact size';
  return search.mode === 'minimum'
    ? `${formatPercent(percent)}% larger than your size`
    : `±${formatPercent(percent)}% from your size`;
}

/** The search in words, e.g. "Boxes, approximately 30 × 20 cm". */
export function describeSearch(search: SizeSearch): string {
  const sizes = [search.width, search.height, search.length]
    .filter((value) => value > 0)
    .map((value) => formatNumber(value, search.unit));
  const size = `${sizes.join(' × ')} ${UNIT_LABEL[search.unit]}`;
  return `${CATEGORY_LABEL[search.category]}, ${search.mode === 'minimum' ? 'at least' : 'approximately'} ${size}`;
}

export function toSizeResultView(item: SizeSearchItem, search: SizeSearch): SizeResultView {
  const image = item.images[0];
  return {
    id: item.id,
    sku: item.sku,
    title: item.title,
    productName: item.product.name,
    href: `/details/${item.category.slug}/${item.product.slug}`,
    image: image ? { src: image.image, alt: image.alt_text || item.title } : null,
    unitsPerPack: item.units_per_pack,
    dimensions: formatDimensions(item.dimensions_mm, search.unit),
    closeness: describeCloseness(item.distance, search),
  };
}

/** The /search URL of another page of the same search. */
export function pageHref(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return `/search?${next}`;
}

/** A page number from the query: a whole number from 1, else 1. */
export function pageNumber(raw: string | null): number {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 ? value : 1;
}
