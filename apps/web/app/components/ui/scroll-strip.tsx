import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

/** Which ways a strip can still scroll; both false when everything fits (and before hydration). */
interface Overflow {
  before: boolean;
  after: boolean;
}

/** A pixel of rounding either way is not more to see. */
const SLACK = 1;

/**
 * A row of links (tabs) that scrolls sideways when it is wider than its place, and shows that it does: the
 * edge that hides more fades out, and arrow buttons at its ends scroll it by most of its width. The buttons are
 * there only while the row overflows, in the tab order (each link also scrolls itself into view when
 * focused), named by `label`; the one with nothing more its way says so (aria-disabled), keeping focus.
 * The link marked `aria-current="page"` is centred in the row when it first shows.
 */
export function ScrollStrip({
  label,
  className,
  children,
}: {
  /** What scrolls, for the buttons' names: 'categories' gives 'Scroll categories left'. */
  label: string;
  className?: string;
  /** The row itself: a list laid out in one line. */
  children: ReactNode;
}) {
  const rowRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ before: false, after: false });

  const measure = useCallback(() => {
    const row = rowRef.current;
    if (!row) return;
    const before = row.scrollLeft > SLACK;
    const after = row.scrollLeft + row.clientWidth < row.scrollWidth - SLACK;
    setOverflow((current) =>
      current.before === before && current.after === after ? current : { before, after },
    );
  }, []);

  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    measure();
    // Where there is no ResizeObserver (old browsers, jsdom), the row is measured when it scrolls.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(row);
    row.addEventListener('scroll', measure, { passive: true });
    return () => {
      resize?.disconnect();
      row.removeEventListener('scroll', measure);
    };
  }, [measure]);

  const scrolls = overflow.before || overflow.after;

  // The page's own tab starts in view (on a phone the Postal tab sat past the row's right edge): centred once
  // the row is laid out, and again once the arrow buttons have taken their room from it.
  useEffect(() => {
    const row = rowRef.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current) return;
    const rowBox = row.getBoundingClientRect();
    const box = current.getBoundingClientRect();
    row.scrollLeft += box.left - rowBox.left - (row.clientWidth - box.width) / 2;
  }, [scrolls]);
  const page = (direction: -1 | 1) => {
    const row = rowRef.current;
    if (!row) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    row.scrollBy({ left: direction * row.clientWidth * 0.8, behavior: reduced ? 'auto' : 'smooth' });
  };

  return (
    <div
      className={`scroll-strip${className ? ` ${className}` : ''}`}
      data-more-before={overflow.before || undefined}
      data-more-after={overflow.after || undefined}
    >
      {scrolls ? (
        <StripButton side="before" label={`Scroll ${label} left`} more={overflow.before} onPage={page} />
      ) : null}
      <div ref={rowRef} className="scroll-strip__row">
        {children}
      </div>
      {scrolls ? (
        <StripButton side="after" label={`Scroll ${label} right`} more={overflow.after} onPage={page} />
      ) : null}
    </div>
  );
}

function StripButton({
  side,
  label,
  more,
  onPage,
}: {
  side: 'before' | 'after';
  label: string;
  more: boolean;
  onPage: (direction: -1 | 1) => void;
}) {
  const Icon = side === 'before' ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <button
      type="button"
      className={`scroll-strip__button scroll-strip__button--${side}`}
      aria-label={label}
      aria-disabled={more ? undefined : true}
      onClick={() => {
        if (more) onPage(side === 'before' ? -1 : 1);
      }}
    >
      <Icon size={20} />
    </button>
  );
}
