import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeSlider, SLIDE_INTERVAL_MS, type HomeSlide } from './home-slider';

const SLIDES: HomeSlide[] = ['Wraps', 'Bags', 'Tapes'].map((title, index) => ({
  id: index + 1,
  title,
  text: `${title} for UK businesses.`,
  href: `/category/${title.toLowerCase()}`,
  linkText: `Shop ${title}`,
  image: `/images/slider/${title.toLowerCase()}.svg`,
  alt: `${title} packaging`,
}));

function renderSlider() {
  return render(
    <MemoryRouter>
      <HomeSlider slides={SLIDES} label="Our packaging ranges" />
    </MemoryRouter>,
  );
}

/** The slide a visitor sees: the others are hidden from assistive technology too. */
function shownSlide() {
  return screen.getByRole('group');
}

function wait(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe('HomeSlider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is a labelled carousel whose first slide has its size set', () => {
    renderSlider();
    const carousel = screen.getByRole('region', { name: 'Our packaging ranges' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
    const image = screen.getByAltText('Wraps packaging');
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '500');
  });

  it('advances every five seconds and wraps round to the first slide', () => {
    renderSlider();
    wait(SLIDE_INTERVAL_MS - 1);
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
    wait(1);
    expect(shownSlide()).toHaveAccessibleName('2 of 3');
    wait(SLIDE_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName('3 of 3');
    wait(SLIDE_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
  });

  it('stops when the stop button is pressed, and starts again from the same button', () => {
    renderSlider();
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    wait(SLIDE_INTERVAL_MS * 3);
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
    // While stopped, slide changes are announced.
    expect(document.getElementById(shownSlide().parentElement!.id)).toHaveAttribute('aria-live', 'polite');

    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    wait(SLIDE_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName('2 of 3');
  });

  it('moves with the previous and next buttons', () => {
    renderSlider();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(shownSlide()).toHaveAccessibleName('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
  });

  it('pauses while the pointer is over it and while focus is inside', () => {
    renderSlider();
    const carousel = screen.getByRole('region', { name: 'Our packaging ranges' });
    fireEvent.mouseEnter(carousel);
    wait(SLIDE_INTERVAL_MS * 2);
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
    fireEvent.mouseLeave(carousel);

    fireEvent.focus(screen.getByRole('link', { name: 'Shop Wraps' }));
    wait(SLIDE_INTERVAL_MS * 2);
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
    fireEvent.blur(screen.getByRole('link', { name: 'Shop Wraps' }), { relatedTarget: document.body });
    wait(SLIDE_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName('2 of 3');
  });

  it('does not move on its own for visitors who prefer reduced motion', () => {
    preferReducedMotion(true);
    renderSlider();
    wait(SLIDE_INTERVAL_MS * 3);
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
    expect(screen.getByRole('button', { name: 'Start automatic slide show' })).toBeInTheDocument();
  });

  it('rotates when the motion preference allows it', () => {
    preferReducedMotion(false);
    renderSlider();
    wait(SLIDE_INTERVAL_MS);
    expect(shownSlide()).toHaveAccessibleName('2 of 3');
  });
});
