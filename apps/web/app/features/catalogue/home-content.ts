/** The home page's fixed copy: who we pack for and why trade buyers order from us. */

export type IndustryIcon = 'ecommerce' | 'food' | 'retail' | 'logistics';

export interface Industry {
  icon: IndustryIcon;
  name: string;
  text: string;
}

/** 'Industries We Serve' (spec 1, Home), in the spec's order. */
export const INDUSTRIES: readonly Industry[] = [
  {
    icon: 'ecommerce',
    name: 'E-commerce',
    text: 'Mailing bags, bubble mailers and postal boxes sized for Royal Mail and courier bands, so online orders arrive intact without paying to post air.',
  },
  {
    icon: 'food',
    name: 'Food & Beverage',
    text: 'Food-contact kraft boxes, deli containers, paper cups and greaseproof paper for takeaways, cafés, caterers and food producers.',
  },
  {
    icon: 'retail',
    name: 'Retail Packaging',
    text: 'Clear grip-seal bags, printed tapes and labels that keep stock tidy in the back room and look right at the till.',
  },
  {
    icon: 'logistics',
    name: 'Logistics & Shipping',
    text: 'Hand and machine pallet wrap, pallet covers and high-tack tapes for warehouses that load, wrap and dispatch every day.',
  },
];

export interface Reason {
  title: string;
  text: string;
}

/** 'Why Choose Us': six reasons, written for a UK trade packaging supplier. */
export const REASONS: readonly Reason[] = [
  {
    title: 'Next-day UK delivery',
    text: 'Order before 2pm, Monday to Friday, and most UK mainland addresses receive parcels the next working day. Pallets travel on a 24-hour pallet network.',
  },
  {
    title: 'Trade prices by box and pallet',
    text: 'Every item has tiered prices: the more boxes you order, the less each one costs, and full pallets are priced lower again.',
  },
  {
    title: 'VAT invoices with every order',
    text: 'Prices are shown before VAT, and each order comes with a VAT invoice you can download from your account for your bookkeeping.',
  },
  {
    title: 'Stock held in Leicester',
    text: 'What we list is on our own shelves at our Leicester warehouse, picked and packed by our team rather than drop-shipped from a third party.',
  },
  {
    title: 'Advice from packaging people',
    text: 'Not sure which film gauge, box strength or label size you need? Call us and talk to someone who packs and ships for a living.',
  },
  {
    title: 'Sustainable options',
    text: 'Recyclable kraft boxes, paper tapes and mailing bags with recycled content help you cut plastic without giving up protection in transit.',
  },
];
