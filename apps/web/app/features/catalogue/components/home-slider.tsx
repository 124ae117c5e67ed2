import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { usePrefersReducedMotion } from '~/lib/use-prefers-reduced-motion';

/** How long each slide shows while the slider rotates (spec 1, §9). */
export const SLIDE_INTERVAL_MS = 5_000;

export interface HomeSlide {
  id: number;
  title: string;
  text: string;
  href: string;
  linkText: string;
  /** A 1600 x 500 image. */
  image: string;
  alt: string;
}

/**
 * The home page's carousel (WAI-ARIA APG "auto-rotating carousel"): a rotation control first, previous and
 * next buttons, rotation that stops while the pointer or keyboard focus is inside, and no rotation for
 * visitors who prefer reduced motion unless they start it. The server renders the first slide; the timer
 * exists only after hydration.
 */
export function HomeSlider({ slides, label }: { slides: readonly HomeSlide[]; label: string }) {
  const slidesId = useId();
  const count = slides.length;
  const [current, setCurrent] = useState(0);
  const prefersReducedMotion = usePrefersReducedMotion();
  // null: follow the motion preference; true/false: the visitor pressed stop/start.
  const [stoppedByVisitor, setStoppedByVisitor] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const rotating = count > 1 && !(stoppedByVisitor ?? prefersReducedMotion);
  const advancing = rotating && !hovered && !focused;

  useEffect(() => {
    if (!advancing) return;
    // A new timer after every change, so a slide chosen by hand also gets its full five seconds.
    const timer = window.setTimeout(() => setCurrent((index) => (index + 1) % count), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [advancing, current, count]);

  if (count === 0) return null;

  const toggleRotation = () => {
    if (rotating) {
      setStoppedByVisitor(true);
    } else {
      setStoppedByVisitor(false);
      // Starting is an explicit request: rotate even though the pointer and focus are on the button.
      setHovered(false);
      setFocused(false);
    }
  };
  const show = (step: number) => setCurrent((index) => (index + step + count) % count);

  return (
    <section
      className="slider"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {count > 1 ? (
        <div className="slider__controls">
          <button
            type="button"
            className="slider__button"
            aria-controls={slidesId}
            aria-label={rotating ? 'Stop automatic slide show' : 'Start automatic slide show'}
            onClick={toggleRotation}
          >
            {rotating ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button
            type="button"
            className="slider__button"
            aria-controls={slidesId}
            aria-label="Previous slide"
            onClick={() => show(-1)}
          >
            <ChevronIcon direction="left" />
          </button>
          <span className="slider__position" aria-hidden="true">
            {current + 1} / {count}
          </span>
          <button
            type="button"
            className="slider__button"
            aria-controls={slidesId}
            aria-label="Next slide"
            onClick={() => show(1)}
          >
            <ChevronIcon direction="right" />
          </button>
        </div>
      ) : null}
      <div id={slidesId} className="slider__slides" aria-live={advancing ? 'off' : 'polite'}>
        {slides.map((slide, index) => {
          const active = index === current;
          return (
            <div
              key={slide.id}
              className="slider__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={active ? undefined : true}
              inert={!active}
              data-active={active ? '' : undefined}
            >
              <img
                className="slider__image"
                src={slide.image}
                alt={slide.alt}
                width={1600}
                height={500}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'low'}
                decoding={index === 0 ? 'sync' : 'async'}
              />
              <div className="slider__caption">
                <p className="slider__title">{slide.title}</p>
                <p className="slider__text">{slide.text}</p>
                <Link className="button button--accent slider__link" to={slide.href}>
                  {slide.linkText}
                </Link>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}

function SliderIcon({ children }: { children: React.ReactNode }) {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="currentColor"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

function PauseIcon() {
  return (
    <SliderIcon>
      <path d="M8 5v14M16 5v14" fill="none" strokeWidth={3} />
    </SliderIcon>
  );
}

function PlayIcon() {
  return (
    <SliderIcon>
      <path d="M7 4.5v15l12-7.5z" />
    </SliderIcon>
  );
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <SliderIcon>
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} fill="none" strokeWidth={2.5} />
    </SliderIcon>
  );
}
