import { useEffect, useId, useRef, useState } from 'react';
import { convertLength, formatConverted, LENGTH_UNITS, type LengthUnit } from '@shop/domain';
import { CheckIcon, CopyIcon } from '~/components/ui/icons';

const UNIT_LABELS: Record<LengthUnit, string> = {
  micron: 'Micron',
  gauge: 'Gauge',
  mm: 'Millimetres (mm)',
  inch: 'Inches (in)',
  cm: 'Centimetres (cm)',
  ft: 'Feet (ft)',
  m: 'Metres (m)',
  yd: 'Yards (yd)',
};

type Values = Record<LengthUnit, string>;

const EMPTY: Values = Object.fromEntries(LENGTH_UNITS.map((unit) => [unit, ''])) as Values;

/** The values of every unit after typing `raw` into `unit`; null when the input is to be ignored. */
export function convertAll(unit: LengthUnit, raw: string): Values | null {
  const value = raw.trim() === '' ? Number.NaN : Number(raw);
  if (!Number.isFinite(value)) return EMPTY;
  if (value < 0) return null;
  const next = { ...EMPTY };
  for (const other of LENGTH_UNITS) {
    next[other] = other === unit ? raw : formatConverted(convertLength(value, unit, other));
  }
  return next;
}

/** Eight linked inputs (spec 1, "Unit Conversion panel"): typing in one recalculates the others. */
export function UnitConverterPanel({ open }: { open: boolean }) {
  const headingId = useId();
  const firstInputRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [copied, setCopied] = useState<LengthUnit | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(resetTimer.current), []);
  useEffect(() => {
    if (open) firstInputRef.current?.focus();
  }, [open]);

  const copy = async (unit: LengthUnit) => {
    try {
      await navigator.clipboard.writeText(values[unit]);
      setCopied(unit);
      clearTimeout(resetTimer.current);
      resetTimer.current = setTimeout(() => setCopied(null), 2000);
    } catch {
      setCopied(null);
    }
  };

  return (
    <section aria-labelledby={headingId} className="converter">
      <h2 id={headingId} className="converter__title">
        Unit converter
      </h2>
      <p className="converter__hint">Type a length in any unit; the others follow, to 4 decimals.</p>
      <div className="converter__rows">
        {LENGTH_UNITS.map((unit, index) => (
          <div key={unit} className="converter__row">
            <label htmlFor={`${headingId}-${unit}`} className="converter__label">
              {UNIT_LABELS[unit]}
            </label>
            <input
              ref={index === 0 ? firstInputRef : undefined}
              id={`${headingId}-${unit}`}
              className="converter__input"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              value={values[unit]}
              onChange={(event) => {
                const next = convertAll(unit, event.target.value);
                if (next) setValues(next);
              }}
            />
            <button
              type="button"
              className="converter__copy"
              aria-label={`Copy ${UNIT_LABELS[unit]}`}
              disabled={values[unit] === ''}
              onClick={() => void copy(unit)}
            >
              {copied === unit ? <CheckIcon size={18} /> : <CopyIcon size={18} />}
            </button>
          </div>
        ))}
      </div>
      <p className="visually-hidden" role="status">
        {copied ? `Copied ${values[copied]} ${UNIT_LABELS[copied]}.` : ''}
      </p>
    </section>
  );
}
