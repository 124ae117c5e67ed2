import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** Spec 2, §9: scroll offset 60 px, highlight lock 1000 ms, observer delay 150 ms, threshold 0.1. */
export const VARIANT_SCROLL_OFFSET_PX = 60;
export const HIGHLIGHT_LOCK_MS = 1_000;
export const OBSERVER_DELAY_MS = 150;
export const OBSERVER_THRESHOLD = 0.1;

/** How far from the top of the window the sticky navigation starts (below the sticky site header). */
function stickyTop(nav: HTMLElement | null): number {
  if (!nav) return 0;
  return Number.parseFloat(getComputedStyle(nav).top) || 0;
}

/**
 * The sticky variant navigation's behaviour (spec 2, §2): `scrollTo` moves smoothly (instantly when the
 * visitor prefers reduced motion) to a section, 60 px below the sticky header, and highlights its link
 * at once; while that scroll runs (1 s) the observer does not overrule it. Otherwise, of the sections in
 * view (at least 10 % visible), the one filling most of the window is highlighted 150 ms after
 * scrolling settles.
 */
export function useVariantSpy(
  sectionIds: readonly string[],
  navRef: RefObject<HTMLElement | null>,
  reducedMotion: boolean,
): { activeId: string | null; scrollTo: (id: string) => void } {
  const [activeId, setActiveId] = useState<string | null>(sectionIds[0] ?? null);
  const lockedUntil = useRef(0);
  const idsKey = sectionIds.join(' ');

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined' || !idsKey) return;
    const ids = idsKey.split(' ');
    const visible = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offset = () => stickyTop(navRef.current) + VARIANT_SCROLL_OFFSET_PX;

    // Of the sections in view, the one that fills most of the window below the sticky bars.
    const highlight = () => {
      if (Date.now() < lockedUntil.current) return;
      let best: { id: string; height: number } | null = null;
      for (const id of ids) {
        const box = visible.has(id) ? document.getElementById(id)?.getBoundingClientRect() : undefined;
        if (!box) continue;
        const height = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, offset());
        if (!best || height > best.height) best = { id, height };
      }
      if (best) setActiveId(best.id);
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(highlight, OBSERVER_DELAY_MS);
    };

    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        schedule();
      },
      {
        threshold: OBSERVER_THRESHOLD,
        // Sections under the sticky header and navigation are out of view.
        rootMargin: `-${Math.round(offset())}px 0px 0px 0px`,
      },
    );
    for (const id of ids) {
      const section = document.getElementById(id);
      if (section) observer.observe(section);
    }
    // Two sections can stay in view while the larger one changes; scrolling settles the choice too.
    window.addEventListener('scroll', schedule, { passive: true });
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      window.removeEventListener('scroll', schedule);
    };
  }, [idsKey, navRef]);

  const scrollTo = useCallback(
    (id: string) => {
      const section = document.getElementById(id);
      if (!section) return;
      setActiveId(id);
      lockedUntil.current = Date.now() + HIGHLIGHT_LOCK_MS;
      const top =
        section.getBoundingClientRect().top +
        window.scrollY -
        stickyTop(navRef.current) -
        VARIANT_SCROLL_OFFSET_PX;
      window.scrollTo({ top: Math.max(0, top), behavior: reducedMotion ? 'auto' : 'smooth' });
      // Keyboard and screen-reader users continue from the section they chose.
      section.focus({ preventScroll: true });
    },
    [navRef, reducedMotion],
  );

  return { activeId, scrollTo };
}
