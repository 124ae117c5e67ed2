import { z } from 'zod';
import { toMillimetres, type LengthUnit } from '../units/length';

/** Units of the size search (spec 1, §9), which are also the units an item's dimensions are given in. */
export const SIZE_UNITS = ['MM', 'CM', 'IN', 'M'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];
/** Each size unit's name in the unit converter (LENGTH_UNITS_IN_MM). */
export const SIZE_UNIT_LENGTH: Record<SizeUnit, LengthUnit> = { MM: 'mm', CM: 'cm', IN: 'inch', M: 'm' };

/** The size search's category words and the category slug each means. */
export const SIZE_CATEGORIES = {
  box: 'boxes',
  boxes: 'boxes',
  bag: 'bags',
  bags: 'bags',
  postal: 'postal',
  postals: 'postal',
} as const;
export type SizeCategory = (typeof SIZE_CATEGORIES)[keyof typeof SIZE_CATEGORIES];

export const SIZE_SEARCH_MESSAGES = {
  twoDimensions: 'Two dimensions must be positive.',
  invalidUnit: 'Invalid unit',
  invalidCategory: 'Invalid category',
  missing: (names: string[]) => `Missing: ${names.join(', ')}`,
  selectCategory: 'Select a category.',
  selectUnit: 'Select a unit.',
} as const;

/** Approx Size accepts items within this share of each searched dimension (DESIGN §4.7). */
export const APPROX_TOLERANCE = 0.15;
export const MAX_DIMENSION = 100;

export interface SizeSearch {
  unit: SizeUnit;
  category: SizeCategory;
  width: number;
  height: number;
  length: number;
  mode: 'approx' | 'minimum';
}

/** Plain decimals only: `Number()` alone would also read '0x10', '1e1' and '1e999'. */
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

/** A dimension as typed: empty counts as 0; anything else must be a number from 0 to 100. */
function parseDimension(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 && raw <= MAX_DIMENSION ? raw : null;
  const text = raw === undefined || raw === null ? '' : String(raw).trim();
  if (text === '') return 0;
  if (!DECIMAL.test(text)) return null;
  const value = Number(text);
  return value <= MAX_DIMENSION ? value : null;
}

/** DESIGN §4.7: every dimension a number from 0 to 100, at least two positive. */
export function dimensionsAreValid(width: unknown, height: unknown, length: unknown): boolean {
  const values = [width, height, length].map(parseDimension);
  if (values.some((value) => value === null)) return false;
  return values.filter((value) => (value as number) > 0).length >= 2;
}

function flag(raw: unknown): boolean {
  return raw === true || (typeof raw === 'string' && ['true', '1', 'yes', 'on'].includes(raw.toLowerCase()));
}

export type SizeSearchResult = { ok: true; value: SizeSearch } | { ok: false; message: string };

/**
 * Validates the /search query (spec 1, §5) in the order the spec gives its messages:
 * missing parameters, the unit, the category, then the dimensions.
 */
export function parseSizeSearch(params: Record<string, unknown>): SizeSearchResult {
  const missing = (['measurement_unit', 'category'] as const).filter(
    (name) => params[name] === undefined || params[name] === null || String(params[name]).trim() === '',
  );
  if (missing.length > 0) return { ok: false, message: SIZE_SEARCH_MESSAGES.missing([...missing]) };
  const unit = String(params.measurement_unit).trim().toUpperCase();
  if (!(SIZE_UNITS as readonly string[]).includes(unit))
    return { ok: false, message: SIZE_SEARCH_MESSAGES.invalidUnit };
  const categoryWord = String(params.category).trim().toLowerCase();
  if (!(categoryWord in SIZE_CATEGORIES)) return { ok: false, message: SIZE_SEARCH_MESSAGES.invalidCategory };
  if (!dimensionsAreValid(params.width, params.height, params.length)) {
    return { ok: false, message: SIZE_SEARCH_MESSAGES.twoDimensions };
  }
  // Minimum Size only when asked for and Approx Size is not; Approx is the default.
  const mode = flag(params.minimum_size) && !flag(params.approx_size) ? 'minimum' : 'approx';
  return {
    ok: true,
    value: {
      unit: unit as SizeUnit,
      category: SIZE_CATEGORIES[categoryWord as keyof typeof SIZE_CATEGORIES],
      width: parseDimension(params.width) as number,
      height: parseDimension(params.height) as number,
      length: parseDimension(params.length) as number,
      mode,
    },
  };
}

/** The searched dimensions that are positive, in millimetres, smallest first. */
export function searchedMillimetres(search: SizeSearch): number[] {
  const unit = SIZE_UNIT_LENGTH[search.unit];
  return [search.width, search.height, search.length]
    .filter((value) => value > 0)
    .map((value) => toMillimetres(value, unit))
    .sort((a, b) => a - b);
}

/** An item's dimensions in millimetres, smallest first (orientation does not matter). */
export type SortedDimensions = readonly [number, number, number];

/** The ways to lay the searched dimensions against an item's: all three, or any two of them. */
function candidatePairs(item: SortedDimensions, count: number): number[][] {
  if (count >= 3) return [[item[0], item[1], item[2]]];
  return [
    [item[1], item[2]],
    [item[0], item[2]],
    [item[0], item[1]],
  ];
}

/** How far an item is from the searched size: the sum of relative differences (0 = exact). */
export function sizeDistance(searched: number[], candidate: number[]): number {
  return searched.reduce((sum, wanted, i) => sum + Math.abs((candidate[i] ?? 0) - wanted) / wanted, 0);
}

/**
 * Whether an item matches, and how near it is. Approx: each dimension within 15 %.
 * Minimum: at least as large in every compared dimension. Orientation is ignored (sorted comparison).
 */
export function matchSize(
  searched: number[],
  item: SortedDimensions,
  mode: SizeSearch['mode'],
): { matches: boolean; distance: number } {
  let best: number | null = null;
  for (const candidate of candidatePairs(item, searched.length)) {
    const fits = searched.every((wanted, i) => {
      const have = candidate[i] ?? 0;
      return mode === 'minimum'
        ? have >= wanted
        : have >= wanted * (1 - APPROX_TOLERANCE) && have <= wanted * (1 + APPROX_TOLERANCE);
    });
    if (!fits) continue;
    const distance = sizeDistance(searched, candidate);
    if (best === null || distance < best) best = distance;
  }
  return best === null ? { matches: false, distance: Infinity } : { matches: true, distance: best };
}

/** The same rules as a Zod schema, for the advanced search form's resolver. */
export const SizeSearchFormSchema = z
  .object({
    width: z.string(),
    height: z.string(),
    length: z.string(),
    measurement_unit: z.enum(SIZE_UNITS, { message: SIZE_SEARCH_MESSAGES.selectUnit }),
    category: z.enum(['boxes', 'bags', 'postal'], { message: SIZE_SEARCH_MESSAGES.selectCategory }),
    size: z.enum(['approx', 'minimum']),
  })
  .refine((form) => dimensionsAreValid(form.width, form.height, form.length), {
    message: SIZE_SEARCH_MESSAGES.twoDimensions,
    path: ['dimensions'],
  });
export type SizeSearchForm = z.infer<typeof SizeSearchFormSchema>;
