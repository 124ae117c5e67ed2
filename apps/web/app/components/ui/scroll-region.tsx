import type { ReactNode } from 'react';

type Name = { label: string; labelledBy?: undefined } | { labelledBy: string; label?: undefined };

/**
 * A region a wide table scrolls in, sideways, inside the page. Keyboard users must be able to focus it to
 * scroll it (WCAG 2.1.1; axe's scrollable-region-focusable), so it takes focus although it is not a control:
 * jsx-a11y allows tabIndex only on interactive elements, and this is the one place that says why.
 */
export function ScrollRegion({
  className,
  children,
  label,
  labelledBy,
}: { className: string; children: ReactNode } & Name) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={className} role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}
