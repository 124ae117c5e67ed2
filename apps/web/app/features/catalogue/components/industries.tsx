import { INDUSTRIES, type IndustryIcon } from '../home-content';

/** 'Industries We Serve': four cards with an icon and a short line each. */
export function Industries({ headingId }: { headingId: string }) {
  return (
    <section className="home-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        Industries We Serve
      </h2>
      <ul className="industry-cards">
        {INDUSTRIES.map((industry) => (
          <li key={industry.name} className="industry-card">
            <span className="industry-card__icon">
              <IndustrySymbol icon={industry.icon} />
            </span>
            <h3 className="industry-card__title">{industry.name}</h3>
            <p className="industry-card__text">{industry.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const PATHS: Record<IndustryIcon, React.ReactNode> = {
  // A laptop with a parcel on its screen.
  ecommerce: (
    <>
      <rect x="4" y="4" width="16" height="11" rx="1.5" />
      <path d="M2 19h20M9.5 8l2.5-1.3L14.5 8v3L12 12.3 9.5 11zM9.5 8l2.5 1.3L14.5 8M12 9.3v3" />
    </>
  ),
  // A takeaway cup with a lid.
  food: (
    <>
      <path d="M6 8h12l-1.5 13h-9z" />
      <path d="M5 5h14v3H5zM9 5l.5-2h5l.5 2M7.3 13h9.4" />
    </>
  ),
  // A shopping bag.
  retail: (
    <>
      <path d="M5 8h14l-1 13H6z" />
      <path d="M9 10V6a3 3 0 0 1 6 0v4" />
    </>
  ),
  // A delivery lorry.
  logistics: (
    <>
      <path d="M2 6h12v10H2zM14 10h4l3 3v3h-7z" />
      <circle cx="6" cy="18" r="2" />
      <circle cx="17" cy="18" r="2" />
    </>
  ),
};

function IndustrySymbol({ icon }: { icon: IndustryIcon }) {
  return (
    <svg
      width={32}
      height={32}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[icon]}
    </svg>
  );
}
