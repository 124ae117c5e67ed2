// First: Zod must be in jitless mode before the schemas below are built (see the module).
import '~/lib/jitless-validation';
import {
  dimensionsAreValid,
  SIZE_CATEGORIES,
  SIZE_SEARCH_MESSAGES,
  SIZE_UNITS,
  SizeSearchFormSchema,
  type SizeSearchForm,
  type SizeUnit,
} from '@shop/domain';

export type SizeCategoryChoice = SizeSearchForm['category'];

/** What the Advanced Search panel holds: dimensions as typed; no unit or category when deselected. */
export interface SizeSearchFormValues {
  width: string;
  height: string;
  length: string;
  measurement_unit: SizeUnit | '';
  category: SizeCategoryChoice | '';
  size: SizeSearchForm['size'];
}

/** Spec 1, §5: unit MM, category boxes, Approx Size. */
export const DEFAULT_SIZE_SEARCH: SizeSearchFormValues = {
  width: '',
  height: '',
  length: '',
  measurement_unit: 'MM',
  category: 'boxes',
  size: 'approx',
};

const isTrue = (value: string | null) =>
  value !== null && ['true', '1', 'yes', 'on'].includes(value.toLowerCase());

/** A dimension from the URL; a 0 shows as an empty box (empty counts as 0). */
function dimensionFromParam(value: string | null): string {
  const trimmed = (value ?? '').trim();
  return trimmed === '' || Number(trimmed) === 0 ? '' : trimmed;
}

/** The form prefilled from the /search query; missing or invalid unit and category fall back to the defaults. */
export function sizeSearchFormFromParams(params: URLSearchParams): SizeSearchFormValues {
  const unit = (params.get('measurement_unit') ?? '').trim().toUpperCase();
  const category = (params.get('category') ?? '').trim().toLowerCase();
  return {
    width: dimensionFromParam(params.get('width')),
    height: dimensionFromParam(params.get('height')),
    length: dimensionFromParam(params.get('length')),
    measurement_unit: (SIZE_UNITS as readonly string[]).includes(unit)
      ? (unit as SizeUnit)
      : DEFAULT_SIZE_SEARCH.measurement_unit,
    category:
      category in SIZE_CATEGORIES
        ? SIZE_CATEGORIES[category as keyof typeof SIZE_CATEGORIES]
        : DEFAULT_SIZE_SEARCH.category,
    size: isTrue(params.get('minimum_size')) && !isTrue(params.get('approx_size')) ? 'minimum' : 'approx',
  };
}

/** The /search query of a valid form: the seven parameters, empty dimensions as 0. */
export function sizeSearchParams(form: SizeSearchForm): URLSearchParams {
  const dimension = (value: string) => value.trim() || '0';
  return new URLSearchParams({
    width: dimension(form.width),
    height: dimension(form.height),
    length: dimension(form.length),
    measurement_unit: form.measurement_unit,
    category: form.category,
    approx_size: String(form.size === 'approx'),
    minimum_size: String(form.size === 'minimum'),
  });
}

// When several things are wrong, the message for the one the spec lists first is shown.
const MESSAGE_ORDER = [
  SIZE_SEARCH_MESSAGES.twoDimensions,
  SIZE_SEARCH_MESSAGES.selectCategory,
  SIZE_SEARCH_MESSAGES.selectUnit,
] as const;

export type SizeSearchValidation = { ok: true; params: URLSearchParams } | { ok: false; message: string };

/** Checks the form on submit with the shared schema; the /search query when valid, else one message. */
export function validateSizeSearchForm(values: SizeSearchFormValues): SizeSearchValidation {
  // The schema checks the dimensions only once the rest is valid; the spec names them first.
  if (!dimensionsAreValid(values.width, values.height, values.length)) {
    return { ok: false, message: SIZE_SEARCH_MESSAGES.twoDimensions };
  }
  const result = SizeSearchFormSchema.safeParse(values);
  if (result.success) return { ok: true, params: sizeSearchParams(result.data) };
  const messages = result.error.issues.map((issue) => issue.message);
  const message = MESSAGE_ORDER.find((candidate) => messages.includes(candidate)) ?? messages[0]!;
  return { ok: false, message };
}
