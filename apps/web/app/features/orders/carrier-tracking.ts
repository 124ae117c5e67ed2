/** A carrier whose tracking page the order page links to, with the words staff may type for it. */
interface KnownCarrier {
  name: string;
  /** Lower-case letters and digits only: 'Royal Mail Tracked 24' starts with 'royalmail'. */
  prefixes: readonly string[];
  url: (encodedNumber: string) => string;
}

/** The UK's usual parcel carriers and their public tracking pages. */
const CARRIERS: readonly KnownCarrier[] = [
  {
    name: 'Royal Mail',
    prefixes: ['royalmail'],
    url: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  },
  {
    name: 'Parcelforce',
    prefixes: ['parcelforce'],
    url: (n) => `https://www.parcelforce.com/track-trace?trackNumber=${n}`,
  },
  { name: 'DPD', prefixes: ['dpd'], url: (n) => `https://track.dpd.co.uk/parcels/${n}` },
  {
    name: 'DHL',
    prefixes: ['dhl'],
    url: (n) => `https://www.dhl.com/gb-en/home/tracking.html?tracking-id=${n}`,
  },
  { name: 'UPS', prefixes: ['ups'], url: (n) => `https://www.ups.com/track?loc=en_GB&tracknum=${n}` },
  { name: 'FedEx', prefixes: ['fedex'], url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  // Evri was Hermes until 2022; staff may still type the old name.
  {
    name: 'Evri',
    prefixes: ['evri', 'hermes'],
    url: (n) => `https://www.evri.com/track/parcel/${n}/details`,
  },
];

export interface CarrierTracking {
  /** The carrier's own name, as the link names it. */
  carrier: string;
  url: string;
}

/**
 * The tracking page of a parcel when its carrier is a known one (the carrier is free text staff type when the
 * order ships), or null: an unknown carrier, or no tracking number. The number is URL-encoded.
 */
export function carrierTracking(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): CarrierTracking | null {
  const number = trackingNumber?.trim();
  const key = carrier?.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (!number || !key) return null;
  const known = CARRIERS.find((entry) => entry.prefixes.some((prefix) => key.startsWith(prefix)));
  return known ? { carrier: known.name, url: known.url(encodeURIComponent(number)) } : null;
}
