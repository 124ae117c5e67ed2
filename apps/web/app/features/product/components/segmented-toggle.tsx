export interface ToggleOption<T extends string> {
  value: T;
  label: string;
}

interface SegmentedToggleProps<T extends string> {
  legend: string;
  /** Shown to screen readers only when the context says it visually (the legend stays in the tree). */
  legendHidden?: boolean;
  /** The radio group's name; unique on the page. */
  name: string;
  options: readonly ToggleOption<T>[];
  value: T;
  onChange: (value: T) => void;
}

/**
 * A choice of two or three (Box/Pallet, in/cm/mm, ex/inc VAT) as a native radio group: arrow keys move
 * between the options, and the legend names the group for screen readers.
 */
export function SegmentedToggle<T extends string>({
  legend,
  legendHidden = false,
  name,
  options,
  value,
  onChange,
}: SegmentedToggleProps<T>) {
  return (
    <fieldset className="toggle">
      <legend className={legendHidden ? 'visually-hidden' : 'toggle__legend'}>{legend}</legend>
      <div className="toggle__options">
        {options.map((option) => (
          <label key={option.value} className="toggle__option">
            <input
              className="toggle__input"
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span className="toggle__label">{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
