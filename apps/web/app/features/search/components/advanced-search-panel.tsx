import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { SIZE_SEARCH_MESSAGES, SIZE_UNITS, type SizeUnit } from '@shop/domain';
import {
  sizeSearchFormFromParams,
  validateSizeSearchForm,
  type SizeCategoryChoice,
  type SizeSearchFormValues,
} from '../size-search-form';

const DIMENSIONS = [
  { name: 'height', short: 'H', long: 'Height' },
  { name: 'width', short: 'W', long: 'Width' },
  { name: 'length', short: 'L', long: 'Length' },
] as const;

const CATEGORIES: readonly { value: SizeCategoryChoice; label: string }[] = [
  { value: 'boxes', label: 'Boxes' },
  { value: 'bags', label: 'Bags' },
  { value: 'postal', label: 'Postal' },
];

const UNIT_NAMES: Record<SizeUnit, string> = {
  MM: 'millimetres',
  CM: 'centimetres',
  IN: 'inches',
  M: 'metres',
};

const SIZES = [
  { value: 'approx', label: 'Approx Size' },
  { value: 'minimum', label: 'Minimum Size' },
] as const;

/**
 * The Advanced Search panel (spec 1, §2): a size search by dimensions, type, unit and Approx or Minimum
 * size. It reads the current /search query to prefill itself and submits to /search.
 */
export function AdvancedSearchPanel({ open }: { open: boolean }) {
  const { search } = useLocation();
  // A new query (another search) starts the form afresh from it.
  return <AdvancedSearchForm key={search} search={search} open={open} />;
}

function AdvancedSearchForm({ search, open }: { search: string; open: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const firstInputRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<SizeSearchFormValues>(() =>
    sizeSearchFormFromParams(new URLSearchParams(search)),
  );
  const [error, setError] = useState('');
  const busy = navigation.state !== 'idle' && navigation.location?.pathname === '/search';

  useEffect(() => {
    if (open) firstInputRef.current?.focus();
  }, [open]);

  // Any change clears the error (spec 1, §4).
  const change = (patch: Partial<SizeSearchFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setError('');
  };

  return (
    <form
      className="advanced-search__form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const result = validateSizeSearchForm(values);
        if (!result.ok) {
          setError(result.message);
          return;
        }
        void navigate(`/search?${result.params}`);
      }}
    >
      <h2 id={`${id}-title`} className="advanced-search__title">
        Search by size
      </h2>
      <fieldset className="advanced-search__group">
        <legend className="advanced-search__legend">Size</legend>
        <div className="advanced-search__dimensions">
          {DIMENSIONS.map((dimension, index) => (
            <div key={dimension.name} className="advanced-search__dimension">
              <label htmlFor={`${id}-${dimension.name}`} className="advanced-search__dimension-label">
                {dimension.short}
              </label>
              <input
                ref={index === 0 ? firstInputRef : undefined}
                id={`${id}-${dimension.name}`}
                className="advanced-search__input"
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step="any"
                name={dimension.name}
                // The box shows only "H"; its spoken name says what H means and keeps the visible letter.
                aria-label={`${dimension.long} (${dimension.short})`}
                value={values[dimension.name]}
                aria-invalid={error === SIZE_SEARCH_MESSAGES.twoDimensions ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => change({ [dimension.name]: event.target.value })}
                onKeyDown={(event) => {
                  // Enter in a size box does not submit (spec 1, §2); the Search button does.
                  if (event.key === 'Enter') event.preventDefault();
                }}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className="advanced-search__group">
        <legend className="advanced-search__legend">Type</legend>
        <div className="advanced-search__choices">
          {CATEGORIES.map((category) => (
            <button
              key={category.value}
              type="button"
              className="chip"
              aria-pressed={values.category === category.value}
              onClick={() => change({ category: values.category === category.value ? '' : category.value })}
            >
              {category.label}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="advanced-search__group">
        <legend className="advanced-search__legend">Measurement</legend>
        <div className="advanced-search__choices">
          {SIZE_UNITS.map((unit) => (
            <label key={unit} className="radio-chip">
              <input
                type="radio"
                name="measurement_unit"
                value={unit}
                checked={values.measurement_unit === unit}
                onChange={() => change({ measurement_unit: unit })}
              />
              <span aria-hidden="true">{unit}</span>
              <span className="visually-hidden">{`${unit} (${UNIT_NAMES[unit]})`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="advanced-search__group">
        <legend className="advanced-search__legend">Product size</legend>
        <div className="advanced-search__choices">
          {SIZES.map((size) => (
            <label key={size.value} className="radio-chip">
              <input
                type="radio"
                name="size"
                value={size.value}
                checked={values.size === size.value}
                onChange={() => change({ size: size.value })}
              />
              <span>{size.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p id={`${id}-error`} className="advanced-search__error" role="alert">
        {error}
      </p>
      <button type="submit" className="button button--primary advanced-search__submit" disabled={busy}>
        {busy ? 'Searching...' : 'Search'}
      </button>
    </form>
  );
}
