/** The shop's public identity and contact details, shown in the header, footer and contact page. */
export const SHOP = {
  name: 'PackRight Supplies',
  tagline: "the UK's leading packaging supplier",
  email: 'sales@packright.example',
  phone: { display: '+44 116 496 0123', href: 'tel:+441164960123' },
  address: {
    lines: ['Unit 4, Meridian Business Park', 'Leicester LE19 1WZ', 'United Kingdom'],
    /** The same address in parts, for schema.org's PostalAddress. */
    street: 'Unit 4, Meridian Business Park',
    locality: 'Leicester',
    postcode: 'LE19 1WZ',
    countryCode: 'GB',
  },
  chat: {
    href: `https://wa.me/441164960123?text=${encodeURIComponent(
      'Hello PackRight, I would like a quote for packaging supplies.',
    )}`,
  },
} as const;

export type SocialNetwork = 'facebook' | 'instagram' | 'linkedin' | 'x';

/** The shop's social profiles, in footer order. */
export const SOCIAL_LINKS: readonly { network: SocialNetwork; label: string; href: string }[] = [
  {
    network: 'facebook',
    label: 'PackRight Supplies on Facebook',
    href: 'https://www.facebook.com/packrightsupplies',
  },
  {
    network: 'instagram',
    label: 'PackRight Supplies on Instagram',
    href: 'https://www.instagram.com/packrightsupplies',
  },
  {
    network: 'linkedin',
    label: 'PackRight Supplies on LinkedIn',
    href: 'https://www.linkedin.com/company/packrightsupplies',
  },
  { network: 'x', label: 'PackRight Supplies on X', href: 'https://x.com/packrightuk' },
];

/** The footer's information links. */
export const INFO_LINKS: readonly { label: string; href: string }[] = [
  { label: 'Contact', href: '/contact' },
  { label: 'Terms', href: '/terms-of-services' },
  { label: 'Privacy', href: '/privacy-policy' },
  { label: 'Refund', href: '/refund-policy' },
];
