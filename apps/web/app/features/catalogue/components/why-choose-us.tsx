import { REASONS } from '../home-content';

/** 'Why Choose Us': six reasons, each with a tick. */
export function WhyChooseUs({ headingId }: { headingId: string }) {
  return (
    <section className="home-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        Why Choose Us
      </h2>
      <ul className="reasons">
        {REASONS.map((reason) => (
          <li key={reason.title} className="reason">
            <svg
              className="reason__tick"
              width={24}
              height={24}
              viewBox="0 0 24 24"
              aria-hidden="true"
              focusable="false"
            >
              <circle cx="12" cy="12" r="11" fill="currentColor" />
              <path
                d="M7 12.5l3.2 3.2L17 9"
                fill="none"
                stroke="#fff"
                strokeWidth={2.2}
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <div>
              <h3 className="reason__title">{reason.title}</h3>
              <p className="reason__text">{reason.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
