const MAP_URL = 'https://www.google.com/maps?q=Meridian+Business+Park+Leicester&output=embed';
const DIRECTIONS_URL = 'https://www.google.com/maps/search/?api=1&query=Meridian+Business+Park+Leicester';

/** The office on a map: loaded only when scrolled near, in a box whose size is reserved (no shift). */
export function ContactMap() {
  return (
    <figure className="contact-map">
      <div className="contact-map__frame">
        <iframe
          src={MAP_URL}
          title="Map of our office at Meridian Business Park, Leicester"
          width={600}
          height={400}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
      <figcaption className="contact-map__caption">
        <a href={DIRECTIONS_URL} rel="noopener noreferrer" target="_blank">
          Open the map in Google Maps<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  );
}
