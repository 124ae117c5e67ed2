/**
 * The demo catalogue's content (DESIGN §6): categories, products, variants, table fields, items, tiers and
 * prices. Only data and the small builders that keep it readable; seed/demo.ts inserts it.
 * Prices are per pack in pence, before VAT; stock is in units; weights are per pack.
 */
import type { ItemDimensions } from '@shop/domain';
import type { FieldType, PackUnit, WeightUnit } from '../schema';

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  image: string;
  sliderImage: string;
}

export interface DemoField {
  name: string;
  fieldType: FieldType;
  longField: boolean;
}

export interface DemoTier {
  tierType: PackUnit;
  rangeStart: number;
  rangeEnd: number | null;
  noEndRange: boolean;
}

export interface DemoItem {
  sku: string;
  title: string;
  unitsPerPack: number;
  stock: number;
  trackInventory: boolean;
  weight: number;
  weightUnit: WeightUnit;
  dimensions: ItemDimensions | null;
  status: 'active' | 'inactive';
  image: string;
  /** One value per table field of the variant, in field order. */
  values: Array<string | number>;
  /** Price per pack in pence, one per tier of the variant, in tier order. */
  prices: number[];
}

export interface DemoVariant {
  name: string;
  unitsPerPallet: number | null;
  showUnitsPer: PackUnit;
  fields: DemoField[];
  tiers: DemoTier[];
  items: DemoItem[];
}

export interface DemoProduct {
  slug: string;
  name: string;
  categorySlug: string;
  featuredRank: number | null;
  description: string;
  images: Array<{ image: string; altText: string }>;
  variants: DemoVariant[];
}

// ---------------------------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------------------------

interface TierSpec extends DemoTier {
  /** Multiplier on the item's single-pack price. */
  factor: number;
}

const packTier = (start: number, end: number | null, factor: number): TierSpec => ({
  tierType: 'pack',
  rangeStart: start,
  rangeEnd: end,
  noEndRange: end === null,
  factor,
});
const palletTier = (start: number, end: number | null, factor: number): TierSpec => ({
  tierType: 'pallet',
  rangeStart: start,
  rangeEnd: end,
  noEndRange: end === null,
  factor,
});

/** 1-9, 10-49 and 50+ packs. */
const PACKS_1_10_50 = [packTier(1, 9, 1), packTier(10, 49, 0.92), packTier(50, null, 0.86)];
/** 1-4, 5-19 and 20+ packs, for bulky or dearer goods. */
const PACKS_1_5_20 = [packTier(1, 4, 1), packTier(5, 19, 0.93), packTier(20, null, 0.87)];
/** 1-2, 3-9 and 10+ packs, for large trade cases. */
const PACKS_1_3_10 = [packTier(1, 2, 1), packTier(3, 9, 0.94), packTier(10, null, 0.89)];
const PALLET_1_PLUS = [palletTier(1, null, 0.78)];
const PALLETS_1_5 = [palletTier(1, 4, 0.8), palletTier(5, null, 0.75)];

const text = (name: string, longField = false): DemoField => ({ name, fieldType: 'text', longField });
const num = (name: string): DemoField => ({ name, fieldType: 'number', longField: false });
const picture = (name: string): DemoField => ({ name, fieldType: 'image', longField: false });

const mm = (length: number, width: number, height?: number): ItemDimensions => ({
  unit: 'MM',
  length,
  width,
  height: height ?? null,
});
const cm = (length: number, width: number, height?: number): ItemDimensions => ({
  unit: 'CM',
  length,
  width,
  height: height ?? null,
});
const inch = (length: number, width: number, height?: number): ItemDimensions => ({
  unit: 'IN',
  length,
  width,
  height: height ?? null,
});
const metres = (length: number, width: number, height?: number): ItemDimensions => ({
  unit: 'M',
  length,
  width,
  height: height ?? null,
});

interface ItemSpec {
  sku: string;
  title: string;
  pack: number;
  stock: number;
  /** Price of one pack in the first tier, in pence. */
  price: number;
  weight: number;
  unit?: WeightUnit;
  dims?: ItemDimensions;
  values: Array<string | number>;
  untracked?: boolean;
  inactive?: boolean;
  image?: string;
}

interface VariantSpec {
  name: string;
  image: string;
  fields: DemoField[];
  tiers: TierSpec[];
  unitsPerPallet?: number;
  showUnitsPer?: PackUnit;
}

function variant(spec: VariantSpec, items: ItemSpec[]): DemoVariant {
  if (items.length < 3 || items.length > 6) throw new Error(`${spec.name}: a variant has 3 to 6 items`);
  if ((spec.unitsPerPallet === undefined) !== !spec.tiers.some((t) => t.tierType === 'pallet')) {
    throw new Error(`${spec.name}: a pallet tier goes with units per pallet`);
  }
  return {
    name: spec.name,
    unitsPerPallet: spec.unitsPerPallet ?? null,
    showUnitsPer: spec.showUnitsPer ?? 'pack',
    fields: spec.fields,
    tiers: spec.tiers.map(({ factor: _factor, ...tier }) => tier),
    items: items.map((item) => {
      if (item.values.length !== spec.fields.length)
        throw new Error(`${item.sku}: one value per table field`);
      if (spec.unitsPerPallet !== undefined && spec.unitsPerPallet % item.pack !== 0) {
        throw new Error(`${item.sku}: units per pallet must be whole packs`);
      }
      return {
        sku: item.sku,
        title: item.title,
        unitsPerPack: item.pack,
        stock: item.stock,
        trackInventory: !item.untracked,
        weight: item.weight,
        weightUnit: item.unit ?? 'kg',
        dimensions: item.dims ?? null,
        status: item.inactive ? 'inactive' : 'active',
        image: item.image ?? spec.image,
        values: item.values,
        prices: spec.tiers.map((tier) => Math.round(item.price * tier.factor)),
      };
    }),
  };
}

const img = (name: string) => `/images/products/${name}.svg`;

// ---------------------------------------------------------------------------------------------
// Categories, in menu order
// ---------------------------------------------------------------------------------------------

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    slug: 'wraps',
    name: 'Wraps',
    description:
      'Hand and machine pallet wrap, pallet covers and bubble wrap to keep loads stable, clean and protected from warehouse to doorstep.',
  },
  {
    slug: 'bags',
    name: 'Bags',
    description:
      'Mailing bags, clear grip seal and polythene bags, padded envelopes and book mailers for fast, low-cost dispatch.',
  },
  {
    slug: 'food-packaging',
    name: 'Food Packaging',
    description:
      'Food-safe kraft boxes, cups, deli pots, sandwich wedges, pizza boxes, foil trays and greaseproof paper for cafés, takeaways and caterers.',
  },
  {
    slug: 'tapes',
    name: 'Tapes',
    description:
      'Low noise polypropylene, vinyl and printed packing tapes, with hand and bench dispensers to seal cartons quickly and securely.',
  },
  {
    slug: 'labels',
    name: 'Labels',
    description:
      'Direct thermal labels for courier printers, Dymo-compatible rolls and A4 address labels for laser and inkjet printers.',
  },
  {
    slug: 'boxes',
    name: 'Boxes',
    description:
      'Single wall, double wall and die cut cardboard boxes in stock sizes, from small mailers to heavy-duty removal cartons.',
  },
  {
    slug: 'postal',
    name: 'Postal',
    description:
      'Royal Mail-friendly postal boxes and Large Letter PiP boxes that keep postage costs down without compromising protection.',
  },
].map((category) => ({
  ...category,
  image: `/images/categories/${category.slug}.svg`,
  sliderImage: `/images/slider/${category.slug}.svg`,
}));

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

const wrapFields = [text('Colour'), num('Thickness (micron)'), num('Width (mm)'), num('Length (m)')];

const palletWraps: DemoProduct = {
  slug: 'pallet-wraps',
  name: 'Pallet Wraps',
  categorySlug: 'wraps',
  featuredRank: 1,
  description: `<p>Our cast pallet stretch wrap holds mixed and uniform loads tight from the warehouse floor to the delivery bay. Every roll is made in the EU from high-performance LLDPE with a cling layer on the inside only, so wrapped pallets do not stick to each other in transit.</p>
<ul>
<li><strong>Hand pallet wrap</strong> on 50mm cores, with extended-core rolls that save your wrists on long shifts.</li>
<li><strong>Machine pallet wrap</strong> for turntable and robot wrappers, including power pre-stretch film that stretches up to 250%.</li>
<li>Clear film for barcode scanning; black film to keep contents discreet and out of direct sunlight.</li>
</ul>
<p>Buy by the case or by the pallet: pallet quantities ship on a single pallet with next-day delivery to most UK mainland postcodes.</p>`,
  images: [
    { image: img('pallet-wraps'), altText: 'Roll of clear hand pallet stretch wrap' },
    { image: img('pallet-wraps-machine'), altText: 'Large roll of machine stretch film' },
  ],
  variants: [
    variant(
      {
        name: 'Hand Pallet Wrap',
        image: img('pallet-wraps'),
        fields: wrapFields,
        tiers: [...PACKS_1_10_50, ...PALLET_1_PLUS],
        unitsPerPallet: 240,
      },
      // prettier-ignore
      [
        { sku: 'PW-HAND-400-CL', title: 'Clear Hand Pallet Wrap 400mm x 250m, 17mu', pack: 6, stock: 1440, price: 2994, weight: 13.2, values: ['Clear', 17, 400, 250] },
        { sku: 'PW-HAND-400-BK', title: 'Black Hand Pallet Wrap 400mm x 250m, 17mu', pack: 6, stock: 720, price: 3414, weight: 13.2, values: ['Black', 17, 400, 250] },
        { sku: 'PW-HAND-450-CL', title: 'Clear Hand Pallet Wrap 450mm x 250m, 23mu', pack: 6, stock: 960, price: 3594, weight: 15.6, values: ['Clear', 23, 450, 250] },
        { sku: 'PW-HAND-400-XC', title: 'Extended Core Hand Pallet Wrap 400mm x 300m, 20mu', pack: 6, stock: 480, price: 3894, weight: 16.8, values: ['Clear', 20, 400, 300] },
        { sku: 'PW-HAND-100-MINI', title: 'Mini Stretch Wrap 100mm x 150m with Handle', pack: 24, stock: 2400, price: 2376, weight: 7.2, values: ['Clear', 23, 100, 150] },
      ],
    ),
    variant(
      {
        name: 'Machine Pallet Wrap',
        image: img('pallet-wraps-machine'),
        fields: [...wrapFields, text('Pre-stretch')],
        tiers: [packTier(1, 9, 1), packTier(10, 39, 0.93), packTier(40, null, 0.88), ...PALLETS_1_5],
        unitsPerPallet: 40,
        showUnitsPer: 'pallet',
      },
      // prettier-ignore
      [
        { sku: 'PW-MACH-500-1500-CL', title: 'Machine Stretch Film 500mm x 1500m, 23mu Clear', pack: 1, stock: 320, price: 2495, weight: 17.5, values: ['Clear', 23, 500, 1500, 'Up to 150%'] },
        { sku: 'PW-MACH-500-1700-CL', title: 'Machine Stretch Film 500mm x 1700m, 20mu Clear', pack: 1, stock: 280, price: 2395, weight: 16.9, values: ['Clear', 20, 500, 1700, 'Up to 150%'] },
        { sku: 'PW-MACH-500-1500-BK', title: 'Machine Stretch Film 500mm x 1500m, 23mu Black', pack: 1, stock: 120, price: 2795, weight: 17.5, values: ['Black', 23, 500, 1500, 'Up to 150%'] },
        { sku: 'PW-MACH-PS-500-2000', title: 'Power Pre-Stretch Film 500mm x 2000m, 17mu', pack: 1, stock: 200, price: 2695, weight: 15.2, values: ['Clear', 17, 500, 2000, 'Up to 250%'] },
      ],
    ),
  ],
};

const palletCovers: DemoProduct = {
  slug: 'pallet-covers',
  name: 'Pallet Covers',
  categorySlug: 'wraps',
  featuredRank: 15,
  description: `<p>Keep dust, rain and prying eyes off stored and shipped pallets. Top sheets lay flat over the load before wrapping; shrink covers slide over the whole pallet and tighten with a heat gun for a weatherproof, tamper-evident finish.</p>
<ul>
<li>Sized for UK (1200 x 1000mm) and Euro (1200 x 800mm) pallets.</li>
<li>Supplied perforated on a roll, so sheets tear off cleanly one at a time.</li>
<li>Black covers block UV light for outdoor storage.</li>
</ul>`,
  images: [{ image: img('pallet-covers'), altText: 'Pallet load with a polythene top cover' }],
  variants: [
    variant(
      {
        name: 'Pallet Top Sheets',
        image: img('pallet-covers'),
        fields: [text('Size (mm)'), num('Thickness (micron)'), text('Colour')],
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { sku: 'PC-TS-1200-1000-CL', title: 'Clear Pallet Top Sheets 1200 x 1000mm, roll of 250', pack: 250, stock: 5000, price: 2650, weight: 11.5, dims: mm(1200, 1000), values: ['1200 x 1000', 25, 'Clear'] },
        { sku: 'PC-TS-1200-800-CL', title: 'Clear Pallet Top Sheets 1200 x 800mm, roll of 250', pack: 250, stock: 3750, price: 2250, weight: 9.2, dims: mm(1200, 800), values: ['1200 x 800', 25, 'Clear'] },
        { sku: 'PC-TS-1400-1400-CL', title: 'Clear Pallet Top Sheets 1400 x 1400mm, roll of 200', pack: 200, stock: 2000, price: 3150, weight: 14.1, dims: mm(1400, 1400), values: ['1400 x 1400', 30, 'Clear'] },
        { sku: 'PC-TS-1200-1000-BK', title: 'Black Pallet Top Sheets 1200 x 1000mm, roll of 250', pack: 250, stock: 1250, price: 2950, weight: 11.5, dims: mm(1200, 1000), values: ['1200 x 1000', 25, 'Black'] },
      ],
    ),
    variant(
      {
        name: 'Pallet Shrink Covers',
        image: img('pallet-covers'),
        fields: [text('Size (m)'), num('Thickness (micron)'), text('Colour')],
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { sku: 'PC-SC-120-100-150', title: 'Shrink Pallet Covers 1.2 x 1.0 x 1.5m, roll of 50', pack: 50, stock: 600, price: 6450, weight: 17.8, dims: metres(1.2, 1.0, 1.5), values: ['1.2 x 1.0 x 1.5', 60, 'Clear'] },
        { sku: 'PC-SC-120-100-180', title: 'Shrink Pallet Covers 1.2 x 1.0 x 1.8m, roll of 50', pack: 50, stock: 450, price: 7250, weight: 20.3, dims: metres(1.2, 1.0, 1.8), values: ['1.2 x 1.0 x 1.8', 60, 'Clear'] },
        { sku: 'PC-SC-120-080-150', title: 'Shrink Pallet Covers 1.2 x 0.8 x 1.5m, roll of 50', pack: 50, stock: 300, price: 5850, weight: 15.9, dims: metres(1.2, 0.8, 1.5), values: ['1.2 x 0.8 x 1.5', 60, 'Clear'] },
        { sku: 'PC-SC-120-100-180-BK', title: 'Black UV Shrink Covers 1.2 x 1.0 x 1.8m, roll of 25', pack: 25, stock: 0, price: 4950, weight: 11.6, dims: metres(1.2, 1.0, 1.8), values: ['1.2 x 1.0 x 1.8', 100, 'Black'] },
      ],
    ),
  ],
};

const bubbleFields = [num('Width (mm)'), num('Length (m)'), num('Bubble (mm)'), text('Colour')];

const bubbleWrap: DemoProduct = {
  slug: 'bubble-wrap',
  name: 'Bubble Wrap',
  categorySlug: 'wraps',
  featuredRank: 5,
  description: `<p>Premium air bubble wrap made with a barrier layer that keeps the bubbles inflated for longer, so it protects as well at the end of the roll as at the start. Small bubbles wrap glass, ceramics and electronics; large bubbles void-fill and cushion heavier items.</p>
<ul>
<li>Rolls from 300mm to 1500mm wide, perforated every 300mm on the small-bubble range.</li>
<li>Pink anti-static wrap for circuit boards and components.</li>
<li>Made with up to 30% recycled polythene and fully recyclable.</li>
</ul>`,
  images: [
    { image: img('bubble-wrap'), altText: 'Roll of small-bubble bubble wrap' },
    { image: img('bubble-wrap-detail'), altText: 'Close-up of air bubbles' },
  ],
  variants: [
    variant(
      {
        name: 'Small Bubble Wrap Rolls',
        image: img('bubble-wrap'),
        fields: bubbleFields,
        tiers: [...PACKS_1_5_20, ...PALLET_1_PLUS],
        unitsPerPallet: 60,
      },
      // prettier-ignore
      [
        { sku: 'BW-S-300-100', title: 'Small Bubble Wrap 300mm x 100m', pack: 1, stock: 180, price: 895, weight: 1.9, values: [300, 100, 10, 'Clear'] },
        { sku: 'BW-S-500-100', title: 'Small Bubble Wrap 500mm x 100m', pack: 1, stock: 240, price: 1395, weight: 3.1, values: [500, 100, 10, 'Clear'] },
        { sku: 'BW-S-750-100', title: 'Small Bubble Wrap 750mm x 100m', pack: 1, stock: 150, price: 1995, weight: 4.6, values: [750, 100, 10, 'Clear'] },
        { sku: 'BW-S-1000-100', title: 'Small Bubble Wrap 1000mm x 100m', pack: 1, stock: 120, price: 2595, weight: 6.2, values: [1000, 100, 10, 'Clear'] },
        { sku: 'BW-S-1500-100', title: 'Small Bubble Wrap 1500mm x 100m', pack: 1, stock: 60, price: 3795, weight: 9.3, values: [1500, 100, 10, 'Clear'] },
      ],
    ),
    variant(
      {
        name: 'Large Bubble Wrap Rolls',
        image: img('bubble-wrap-detail'),
        fields: bubbleFields,
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { sku: 'BW-L-500-50', title: 'Large Bubble Wrap 500mm x 50m', pack: 1, stock: 90, price: 1295, weight: 2.4, values: [500, 50, 25, 'Clear'] },
        { sku: 'BW-L-750-50', title: 'Large Bubble Wrap 750mm x 50m', pack: 1, stock: 70, price: 1795, weight: 3.6, values: [750, 50, 25, 'Clear'] },
        { sku: 'BW-L-1000-50', title: 'Large Bubble Wrap 1000mm x 50m', pack: 1, stock: 55, price: 2295, weight: 4.8, values: [1000, 50, 25, 'Clear'] },
        { sku: 'BW-L-1500-50', title: 'Large Bubble Wrap 1500mm x 50m', pack: 1, stock: 30, price: 3295, weight: 7.2, values: [1500, 50, 25, 'Clear'] },
      ],
    ),
    variant(
      {
        name: 'Anti-Static Bubble Wrap',
        image: img('bubble-wrap'),
        fields: bubbleFields,
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { sku: 'BW-AS-300-100', title: 'Pink Anti-Static Bubble Wrap 300mm x 100m', pack: 1, stock: 40, price: 1495, weight: 4.2, unit: 'lb', values: [300, 100, 10, 'Pink'] },
        { sku: 'BW-AS-500-100', title: 'Pink Anti-Static Bubble Wrap 500mm x 100m', pack: 1, stock: 35, price: 2195, weight: 6.8, unit: 'lb', values: [500, 100, 10, 'Pink'] },
        { sku: 'BW-AS-750-100', title: 'Pink Anti-Static Bubble Wrap 750mm x 100m', pack: 1, stock: 20, price: 2995, weight: 10.1, unit: 'lb', values: [750, 100, 10, 'Pink'] },
      ],
    ),
  ],
};

const bagSizeFields = [text('Size (in)'), text('Size (mm)'), num('Thickness (micron)'), text('Colour')];

const mailingBags: DemoProduct = {
  slug: 'mailing-bags',
  name: 'Mailing Bags',
  categorySlug: 'bags',
  featuredRank: 2,
  description: `<p>Tough, lightweight co-extruded polythene mailing bags: white outside, black inside, so nothing shows through. A strong permanent peel-and-seal strip makes them tamper-evident, and at a few grams each they keep your postage bands down.</p>
<ul>
<li>Sizes from 6" x 9" for accessories to 24" x 36" for bedding and bulky clothing.</li>
<li>Coloured bags in pink, blue and black to match your brand.</li>
<li>Recycled range made from 100% post-consumer waste, with the recycled content printed on the bag.</li>
<li>Heavy duty 80-90 micron bags for sharp or heavy goods, dual seal bags your customers can send back in, and bags printed 'Fragile' in red.</li>
</ul>
<p>Packed in boxes of 100 (50 for the largest sizes) with pallet prices for high-volume fulfilment.</p>`,
  images: [
    { image: img('mailing-bags'), altText: 'Grey polythene mailing bag with peel-and-seal strip' },
    { image: img('mailing-bags-colours'), altText: 'Pink, blue and black mailing bags' },
  ],
  variants: [
    variant(
      {
        name: 'Grey Mailing Bags',
        image: img('mailing-bags'),
        fields: bagSizeFields,
        tiers: [...PACKS_1_10_50, ...PALLET_1_PLUS],
        unitsPerPallet: 20000,
      },
      // prettier-ignore
      [
        { sku: 'MB-GRY-0609', title: 'Grey Mailing Bags 6" x 9"', pack: 100, stock: 42000, price: 399, weight: 0.9, dims: inch(9, 6), values: ['6 x 9', '152 x 229', 50, 'Grey'] },
        { sku: 'MB-GRY-1014', title: 'Grey Mailing Bags 10" x 14"', pack: 100, stock: 65000, price: 699, weight: 2.0, dims: inch(14, 10), values: ['10 x 14', '254 x 356', 55, 'Grey'] },
        { sku: 'MB-GRY-1216', title: 'Grey Mailing Bags 12" x 16"', pack: 100, stock: 38000, price: 899, weight: 2.6, dims: inch(16, 12), values: ['12 x 16', '305 x 406', 55, 'Grey'] },
        { sku: 'MB-GRY-1420', title: 'Grey Mailing Bags 14" x 20"', pack: 100, stock: 21000, price: 1199, weight: 3.6, dims: inch(20, 14), values: ['14 x 20', '356 x 508', 60, 'Grey'] },
        { sku: 'MB-GRY-1724', title: 'Grey Mailing Bags 17" x 24"', pack: 100, stock: 12000, price: 1599, weight: 5.0, dims: inch(24, 17), values: ['17 x 24', '432 x 610', 60, 'Grey'] },
        { sku: 'MB-GRY-2436', title: 'Grey Mailing Bags 24" x 36"', pack: 50, stock: 4000, price: 1899, weight: 5.2, dims: inch(36, 24), values: ['24 x 36', '610 x 914', 70, 'Grey'] },
      ],
    ),
    variant(
      {
        name: 'Coloured Mailing Bags',
        image: img('mailing-bags-colours'),
        fields: bagSizeFields,
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'MB-PNK-1014', title: 'Pink Mailing Bags 10" x 14"', pack: 100, stock: 8000, price: 1099, weight: 2.0, dims: inch(14, 10), values: ['10 x 14', '254 x 356', 55, 'Pink'] },
        { sku: 'MB-BLU-1014', title: 'Blue Mailing Bags 10" x 14"', pack: 100, stock: 6000, price: 1099, weight: 2.0, dims: inch(14, 10), values: ['10 x 14', '254 x 356', 55, 'Blue'] },
        { sku: 'MB-BLK-1216', title: 'Black Mailing Bags 12" x 16"', pack: 100, stock: 5000, price: 1299, weight: 2.6, dims: inch(16, 12), values: ['12 x 16', '305 x 406', 55, 'Black'] },
        { sku: 'MB-PNK-1420', title: 'Pink Mailing Bags 14" x 20"', pack: 100, stock: 0, price: 1499, weight: 3.6, dims: inch(20, 14), values: ['14 x 20', '356 x 508', 60, 'Pink'] },
      ],
    ),
    variant(
      {
        name: 'Recycled Mailing Bags',
        image: img('mailing-bags'),
        fields: bagSizeFields,
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'MB-REC-0912', title: '100% Recycled Mailing Bags 9" x 12"', pack: 100, stock: 15000, price: 749, weight: 1.7, dims: inch(12, 9), values: ['9 x 12', '229 x 305', 50, 'Grey'] },
        { sku: 'MB-REC-1216', title: '100% Recycled Mailing Bags 12" x 16"', pack: 100, stock: 12000, price: 999, weight: 2.7, dims: inch(16, 12), values: ['12 x 16', '305 x 406', 55, 'Grey'] },
        { sku: 'MB-REC-1724', title: '100% Recycled Mailing Bags 17" x 24"', pack: 100, stock: 6000, price: 1749, weight: 5.1, dims: inch(24, 17), values: ['17 x 24', '432 x 610', 60, 'Grey'] },
      ],
    ),
    variant(
      {
        name: 'Heavy Duty Mailing Bags',
        image: img('mailing-bags'),
        fields: bagSizeFields,
        tiers: [...PACKS_1_10_50, ...PALLET_1_PLUS],
        unitsPerPallet: 10000,
      },
      // prettier-ignore
      [
        { sku: 'MB-HD-1216', title: 'Heavy Duty Mailing Bags 12" x 16", 80mu', pack: 100, stock: 30000, price: 1349, weight: 3.9, dims: inch(16, 12), values: ['12 x 16', '305 x 406', 80, 'Grey'] },
        { sku: 'MB-HD-1724', title: 'Heavy Duty Mailing Bags 17" x 24", 80mu', pack: 100, stock: 20000, price: 2199, weight: 7.2, dims: inch(24, 17), values: ['17 x 24', '432 x 610', 80, 'Grey'] },
        { sku: 'MB-HD-2230', title: 'Heavy Duty Mailing Bags 22" x 30", 90mu', pack: 50, stock: 8000, price: 1799, weight: 5.9, dims: inch(30, 22), values: ['22 x 30', '559 x 762', 90, 'Grey'] },
      ],
    ),
    variant(
      {
        name: 'Dual Seal Returns Mailing Bags',
        image: img('mailing-bags'),
        fields: bagSizeFields,
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'MB-DS-1013', title: 'Dual Seal Returns Mailing Bags 10" x 13"', pack: 100, stock: 12000, price: 949, weight: 2.2, dims: inch(13, 10), values: ['10 x 13', '254 x 330', 60, 'Grey'] },
        { sku: 'MB-DS-1319', title: 'Dual Seal Returns Mailing Bags 13" x 19"', pack: 100, stock: 9000, price: 1299, weight: 3.4, dims: inch(19, 13), values: ['13 x 19', '330 x 483', 60, 'Grey'] },
        { sku: 'MB-DS-1622', title: 'Dual Seal Returns Mailing Bags 16" x 22"', pack: 100, stock: 5000, price: 1649, weight: 4.6, dims: inch(22, 16), values: ['16 x 22', '406 x 559', 65, 'Grey'] },
      ],
    ),
    variant(
      {
        name: 'Printed Fragile Mailing Bags',
        image: img('mailing-bags-colours'),
        fields: bagSizeFields,
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'MB-FR-0912', title: 'Printed Fragile Mailing Bags 9" x 12"', pack: 100, stock: 7000, price: 899, weight: 1.8, dims: inch(12, 9), values: ['9 x 12', '229 x 305', 55, 'Red on white'] },
        { sku: 'MB-FR-1216', title: 'Printed Fragile Mailing Bags 12" x 16"', pack: 100, stock: 6000, price: 1149, weight: 2.7, dims: inch(16, 12), values: ['12 x 16', '305 x 406', 55, 'Red on white'] },
        { sku: 'MB-FR-1724', title: 'Printed Fragile Mailing Bags 17" x 24"', pack: 100, stock: 3000, price: 1899, weight: 5.1, dims: inch(24, 17), values: ['17 x 24', '432 x 610', 60, 'Red on white'] },
      ],
    ),
  ],
};

const clearBags: DemoProduct = {
  slug: 'clear-bags',
  name: 'Clear Bags',
  categorySlug: 'bags',
  featuredRank: 14,
  description: `<p>Crystal-clear bags for retail display, kitting and storage. Grip seal bags reseal again and again; polythene bags are tough enough for parts and textiles; self-seal cellophane bags give cards, prints and bakery goods a shop-ready finish.</p>
<ul>
<li>Food-contact approved low-density polythene and BOPP film.</li>
<li>Write-on panels available on grip seal bags for stock codes.</li>
<li>Boxed in 1,000s and 500s to keep the bench tidy.</li>
</ul>`,
  images: [{ image: img('clear-bags'), altText: 'Clear grip seal bag' }],
  variants: [
    variant(
      {
        name: 'Grip Seal Bags',
        image: img('clear-bags'),
        fields: [text('Size (in)'), text('Size (mm)'), num('Thickness (micron)')],
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'GS-0304', title: 'Grip Seal Bags 3" x 4.5"', pack: 1000, stock: 60000, price: 650, weight: 640, unit: 'g', dims: inch(4.5, 3), values: ['3 x 4.5', '76 x 114', 40] },
        { sku: 'GS-0405', title: 'Grip Seal Bags 4" x 5.5"', pack: 1000, stock: 48000, price: 890, weight: 1050, unit: 'g', dims: inch(5.5, 4), values: ['4 x 5.5', '102 x 140', 40] },
        { sku: 'GS-0609', title: 'Grip Seal Bags 6" x 9"', pack: 1000, stock: 30000, price: 1650, weight: 2.56, dims: inch(9, 6), values: ['6 x 9', '152 x 229', 40] },
        { sku: 'GS-0912', title: 'Grip Seal Bags 9" x 12.75"', pack: 500, stock: 15000, price: 1950, weight: 2.73, dims: inch(12.75, 9), values: ['9 x 12.75', '229 x 324', 40] },
        { sku: 'GS-1215', title: 'Grip Seal Bags 12" x 15"', pack: 500, stock: 9000, price: 2750, weight: 4.27, dims: inch(15, 12), values: ['12 x 15', '305 x 381', 40] },
      ],
    ),
    variant(
      {
        name: 'Clear Polythene Bags',
        image: img('clear-bags'),
        fields: [text('Size (in)'), text('Size (mm)'), num('Thickness (micron)')],
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'PB-1015-250G', title: 'Clear Polythene Bags 10" x 15", 250 gauge', pack: 500, stock: 10000, price: 1895, weight: 5.9, dims: inch(15, 10), values: ['10 x 15', '254 x 381', 62] },
        { sku: 'PB-1218-250G', title: 'Clear Polythene Bags 12" x 18", 250 gauge', pack: 500, stock: 8000, price: 2495, weight: 8.5, dims: inch(18, 12), values: ['12 x 18', '305 x 457', 62] },
        { sku: 'PB-1824-250G', title: 'Clear Polythene Bags 18" x 24", 250 gauge', pack: 250, stock: 4000, price: 2295, weight: 8.5, dims: inch(24, 18), values: ['18 x 24', '457 x 610', 62] },
        { sku: 'PB-2030-250G', title: 'Clear Polythene Bags 20" x 30", 250 gauge', pack: 250, stock: 2500, price: 2895, weight: 11.8, dims: inch(30, 20), values: ['20 x 30', '508 x 762', 62] },
      ],
    ),
    variant(
      {
        name: 'Self Seal Cellophane Bags',
        image: img('clear-bags'),
        fields: [text('Size (mm)'), text('Lip'), num('Thickness (micron)')],
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'CB-100150', title: 'Self Seal Cellophane Bags 100 x 150mm', pack: 1000, stock: 20000, price: 995, weight: 780, unit: 'g', dims: mm(150, 100), values: ['100 x 150', '30mm self seal', 30] },
        { sku: 'CB-150200', title: 'Self Seal Cellophane Bags 150 x 200mm', pack: 1000, stock: 16000, price: 1495, weight: 1.5, dims: mm(200, 150), values: ['150 x 200', '30mm self seal', 30] },
        { sku: 'CB-C5', title: 'Self Seal Cellophane Bags C5 (165 x 235mm)', pack: 1000, stock: 12000, price: 1795, weight: 1.9, dims: mm(235, 165), values: ['165 x 235', '40mm self seal', 30] },
        { sku: 'CB-C4', title: 'Self Seal Cellophane Bags C4 (235 x 325mm)', pack: 500, stock: 5000, price: 1695, weight: 1.8, dims: mm(325, 235), values: ['235 x 325', '40mm self seal', 30] },
      ],
    ),
  ],
};

const mailerFields = [text('Size code'), text('Internal size (mm)'), text('Colour')];

const bubbleMailers: DemoProduct = {
  slug: 'bubble-mailers',
  name: 'Bubble Mailers',
  categorySlug: 'bags',
  featuredRank: 10,
  description: `<p>Padded envelopes lined with air bubble film for jewellery, cosmetics, phone cases and small electronics. The standard A/000 to K/7 sizes fit your existing templates and postage tables.</p>
<ul>
<li>Gold and white envelopes with a strong peel-and-seal flap.</li>
<li>Plastic-free kraft mailers padded with honeycomb paper, kerbside recyclable.</li>
<li>Sized to slip through the letterbox up to size D/1.</li>
</ul>`,
  images: [{ image: img('bubble-mailers'), altText: 'Gold padded bubble envelope' }],
  variants: [
    variant(
      {
        name: 'Gold Padded Envelopes',
        image: img('bubble-mailers'),
        fields: mailerFields,
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'BM-GLD-A000', title: 'Gold Padded Envelopes A/000 (100 x 165mm)', pack: 100, stock: 12000, price: 599, weight: 0.9, dims: mm(165, 100), values: ['A/000', '100 x 165', 'Gold'] },
        { sku: 'BM-GLD-C0', title: 'Gold Padded Envelopes C/0 (150 x 215mm)', pack: 100, stock: 15000, price: 899, weight: 1.6, dims: mm(215, 150), values: ['C/0', '150 x 215', 'Gold'] },
        { sku: 'BM-GLD-D1', title: 'Gold Padded Envelopes D/1 (180 x 265mm)', pack: 100, stock: 18000, price: 1099, weight: 2.2, dims: mm(265, 180), values: ['D/1', '180 x 265', 'Gold'] },
        { sku: 'BM-GLD-F3', title: 'Gold Padded Envelopes F/3 (220 x 340mm)', pack: 100, stock: 9000, price: 1499, weight: 3.3, dims: mm(340, 220), values: ['F/3', '220 x 340', 'Gold'] },
        { sku: 'BM-GLD-H5', title: 'Gold Padded Envelopes H/5 (270 x 360mm)', pack: 100, stock: 6000, price: 1799, weight: 4.2, dims: mm(360, 270), values: ['H/5', '270 x 360', 'Gold'] },
        { sku: 'BM-GLD-K7', title: 'Gold Padded Envelopes K/7 (350 x 470mm)', pack: 50, stock: 2500, price: 1599, weight: 3.5, dims: mm(470, 350), values: ['K/7', '350 x 470', 'Gold'] },
      ],
    ),
    variant(
      {
        name: 'White Padded Envelopes',
        image: img('bubble-mailers'),
        fields: mailerFields,
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'BM-WHT-B00', title: 'White Padded Envelopes B/00 (120 x 215mm)', pack: 100, stock: 8000, price: 849, weight: 1.3, dims: mm(215, 120), values: ['B/00', '120 x 215', 'White'] },
        { sku: 'BM-WHT-D1', title: 'White Padded Envelopes D/1 (180 x 265mm)', pack: 100, stock: 7000, price: 1149, weight: 2.2, dims: mm(265, 180), values: ['D/1', '180 x 265', 'White'] },
        { sku: 'BM-WHT-G4', title: 'White Padded Envelopes G/4 (240 x 340mm)', pack: 100, stock: 5000, price: 1649, weight: 3.6, dims: mm(340, 240), values: ['G/4', '240 x 340', 'White'] },
        { sku: 'BM-WHT-J6', title: 'White Padded Envelopes J/6 (300 x 440mm)', pack: 50, stock: 2000, price: 1299, weight: 2.9, dims: mm(440, 300), values: ['J/6', '300 x 440', 'White'] },
      ],
    ),
    variant(
      {
        name: 'Kraft Paper Padded Mailers',
        image: img('bubble-mailers'),
        fields: mailerFields,
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'BM-KFT-C0', title: 'Kraft Paper Padded Mailers C/0 (150 x 215mm)', pack: 100, stock: 6000, price: 1399, weight: 2.4, dims: mm(215, 150), values: ['C/0', '150 x 215', 'Kraft'] },
        { sku: 'BM-KFT-E2', title: 'Kraft Paper Padded Mailers E/2 (220 x 265mm)', pack: 100, stock: 5000, price: 1699, weight: 3.4, dims: mm(265, 220), values: ['E/2', '220 x 265', 'Kraft'] },
        { sku: 'BM-KFT-G4', title: 'Kraft Paper Padded Mailers G/4 (240 x 340mm)', pack: 100, stock: 3000, price: 2099, weight: 4.5, dims: mm(340, 240), values: ['G/4', '240 x 340', 'Kraft'] },
        { sku: 'BM-KFT-J6', title: 'Kraft Paper Padded Mailers J/6 (300 x 440mm)', pack: 50, stock: 1500, price: 1499, weight: 3.6, dims: mm(440, 300), values: ['J/6', '300 x 440', 'Kraft'] },
      ],
    ),
  ],
};

const bookMailers: DemoProduct = {
  slug: 'book-mailers',
  name: 'Book Mailers',
  categorySlug: 'bags',
  featuredRank: null,
  description: `<p>Wrap-around corrugated book mailers that adjust to the thickness of what goes inside, from a single paperback to a stack of catalogues. Reinforced corners stop bumped edges, and the peel-and-seal closure plus tear strip make packing and opening quick.</p>
<ul>
<li>Standard mailers in E-flute for books, DVDs and diaries.</li>
<li>Heavy-duty double wall mailers for hardbacks and box sets.</li>
<li>100% recyclable and made from recycled board.</li>
</ul>`,
  images: [{ image: img('book-mailers'), altText: 'Brown corrugated book wrap mailer' }],
  variants: [
    variant(
      {
        name: 'Book Wrap Mailers',
        image: img('book-mailers'),
        fields: [text('Fits'), text('Size (mm)'), text('Board')],
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'BKM-A5', title: 'A5 Book Wrap Mailer 217 x 155 x 60mm', pack: 20, stock: 4000, price: 899, weight: 2.6, dims: mm(217, 155, 60), values: ['A5 paperbacks', '217 x 155 x 60', 'E-flute'] },
        { sku: 'BKM-B5', title: 'B5 Book Wrap Mailer 260 x 175 x 70mm', pack: 20, stock: 3500, price: 999, weight: 3.1, dims: mm(260, 175, 70), values: ['B5 and trade paperbacks', '260 x 175 x 70', 'E-flute'] },
        { sku: 'BKM-A4', title: 'A4 Book Wrap Mailer 310 x 220 x 80mm', pack: 20, stock: 3000, price: 1299, weight: 4.2, dims: mm(310, 220, 80), values: ['A4 books and catalogues', '310 x 220 x 80', 'E-flute'] },
        { sku: 'BKM-LG', title: 'Large Book Wrap Mailer 380 x 290 x 80mm', pack: 20, stock: 1600, price: 1599, weight: 5.4, dims: mm(380, 290, 80), values: ['Large format and art books', '380 x 290 x 80', 'E-flute'] },
      ],
    ),
    variant(
      {
        name: 'Heavy Duty Book Mailers',
        image: img('book-mailers'),
        fields: [text('Fits'), text('Size (mm)'), text('Board')],
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { sku: 'BKM-HD-A5', title: 'Heavy Duty Book Mailer 230 x 165 x 80mm', pack: 20, stock: 1200, price: 1399, weight: 4.1, dims: mm(230, 165, 80), values: ['A5 hardbacks', '230 x 165 x 80', 'Double wall'] },
        { sku: 'BKM-HD-A4', title: 'Heavy Duty Book Mailer 320 x 240 x 100mm', pack: 20, stock: 800, price: 1799, weight: 6.3, dims: mm(320, 240, 100), values: ['A4 hardbacks', '320 x 240 x 100', 'Double wall'] },
        { sku: 'BKM-HD-BOX', title: 'Box Set Book Mailer 350 x 260 x 140mm', pack: 10, stock: 400, price: 1299, weight: 4.6, dims: mm(350, 260, 140), values: ['Box sets', '350 x 260 x 140', 'Double wall'] },
      ],
    ),
  ],
};

const tapeFields = [text('Colour'), num('Width (mm)'), num('Length (m)'), text('Adhesive')];

const packingTapes: DemoProduct = {
  slug: 'packing-tapes',
  name: 'Packing Tapes',
  categorySlug: 'tapes',
  featuredRank: 4,
  description: `<p>Carton sealing tape for every packing bench. Our low noise polypropylene tape unwinds quietly and smoothly, which your team will appreciate by mid-morning; solvent vinyl tape grips recycled board and works in the cold; printed tapes warn handlers and make tampering obvious.</p>
<ul>
<li>48mm and 72mm widths in 66m and long-length 150m rolls.</li>
<li>Clear, buff and printed options, all on standard 76mm cores.</li>
<li>Cases of 36 rolls (24 for 72mm) with pallet prices.</li>
</ul>`,
  images: [
    { image: img('packing-tapes'), altText: 'Roll of clear packing tape' },
    { image: img('tape-print-fragile'), altText: 'Red and white Fragile printed tape' },
  ],
  variants: [
    variant(
      {
        name: 'Low Noise Polypropylene Tape',
        image: img('packing-tapes'),
        fields: tapeFields,
        tiers: [...PACKS_1_10_50, ...PALLET_1_PLUS],
        unitsPerPallet: 2592,
      },
      // prettier-ignore
      [
        { sku: 'PT-LN-48-66-CL', title: 'Clear Low Noise Packing Tape 48mm x 66m', pack: 36, stock: 14400, price: 2196, weight: 8.6, values: ['Clear', 48, 66, 'Acrylic'] },
        { sku: 'PT-LN-48-66-BF', title: 'Buff Low Noise Packing Tape 48mm x 66m', pack: 36, stock: 10800, price: 2196, weight: 8.6, values: ['Buff', 48, 66, 'Acrylic'] },
        { sku: 'PT-LN-48-150-CL', title: 'Clear Long Length Packing Tape 48mm x 150m', pack: 36, stock: 5400, price: 4284, weight: 16.9, values: ['Clear', 48, 150, 'Acrylic'] },
        { sku: 'PT-LN-72-66-CL', title: 'Clear Low Noise Packing Tape 72mm x 66m', pack: 24, stock: 2400, price: 2256, weight: 8.4, values: ['Clear', 72, 66, 'Acrylic'] },
      ],
    ),
    variant(
      { name: 'Vinyl Packing Tape', image: img('packing-tapes'), fields: tapeFields, tiers: PACKS_1_10_50 },
      // prettier-ignore
      [
        { sku: 'PT-VY-48-66-CL', title: 'Clear Vinyl Packing Tape 48mm x 66m', pack: 36, stock: 3600, price: 3564, weight: 9.8, values: ['Clear', 48, 66, 'Natural rubber'] },
        { sku: 'PT-VY-48-66-BF', title: 'Buff Vinyl Packing Tape 48mm x 66m', pack: 36, stock: 2880, price: 3564, weight: 9.8, values: ['Buff', 48, 66, 'Natural rubber'] },
        { sku: 'PT-VY-48-66-RD', title: 'Red Vinyl Packing Tape 48mm x 66m', pack: 36, stock: 720, price: 3996, weight: 9.8, values: ['Red', 48, 66, 'Natural rubber'] },
      ],
    ),
    variant(
      {
        name: 'Printed Packing Tape',
        image: img('tape-print-fragile'),
        fields: [picture('Design'), text('Print'), num('Width (mm)'), num('Length (m)')],
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'PT-PR-FRAGILE', title: 'Fragile Printed Tape 48mm x 66m', pack: 36, stock: 3600, price: 3276, weight: 8.7, image: img('tape-print-fragile'), values: [img('tape-print-fragile'), 'FRAGILE in red on white', 48, 66] },
        { sku: 'PT-PR-HANDLE', title: 'Handle With Care Printed Tape 48mm x 66m', pack: 36, stock: 2160, price: 3276, weight: 8.7, image: img('tape-print-handle-with-care'), values: [img('tape-print-handle-with-care'), 'HANDLE WITH CARE in black on yellow', 48, 66] },
        { sku: 'PT-PR-THANKS', title: 'Thank You Printed Tape 48mm x 66m', pack: 36, stock: 1440, price: 3456, weight: 8.7, image: img('tape-print-thank-you'), values: [img('tape-print-thank-you'), 'Thank you in white on kraft', 48, 66] },
      ],
    ),
  ],
};

const tapeDispenser: DemoProduct = {
  slug: 'tape-dispenser',
  name: 'Tape Dispenser',
  categorySlug: 'tapes',
  featuredRank: null,
  description: `<p>Seal more cartons per hour with less effort. Our pistol-grip tape guns have a tension brake and a guarded serrated blade; bench dispensers hold long-length rolls and cut cleanly with one pull.</p>
<ul>
<li>Standard guns take 48-50mm tape on 76mm cores.</li>
<li>Heavy-duty metal-framed guns for 75mm tape and high-volume lines.</li>
<li>Replacement blades available on request.</li>
</ul>`,
  images: [{ image: img('tape-dispenser'), altText: 'Pistol-grip packing tape dispenser' }],
  variants: [
    variant(
      {
        name: 'Hand Tape Dispensers',
        image: img('tape-dispenser'),
        fields: [text('Tape width'), text('Frame'), text('Blade guard')],
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { sku: 'TD-STD-50', title: 'Standard Tape Gun for 50mm Tape', pack: 1, stock: 0, untracked: true, price: 549, weight: 1.1, unit: 'lb', values: ['Up to 50mm', 'Steel and plastic', 'Fixed'] },
        { sku: 'TD-LN-50', title: 'Low Noise Tape Gun for 50mm Tape', pack: 1, stock: 0, untracked: true, price: 795, weight: 1.2, unit: 'lb', values: ['Up to 50mm', 'Steel and plastic', 'Retractable'] },
        { sku: 'TD-PRO-50', title: 'Heavy Duty Tape Gun for 50mm Tape', pack: 1, stock: 85, price: 1295, weight: 0.75, values: ['Up to 50mm', 'All metal', 'Retractable'] },
        { sku: 'TD-PRO-75', title: 'Heavy Duty Tape Gun for 75mm Tape', pack: 1, stock: 40, price: 1595, weight: 0.95, values: ['Up to 75mm', 'All metal', 'Retractable'] },
      ],
    ),
    variant(
      {
        name: 'Bench Tape Dispensers',
        image: img('tape-dispenser'),
        fields: [text('Tape width'), text('Frame'), text('Blade guard')],
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { sku: 'TD-BEN-25', title: 'Desktop Dispenser for 25mm Tape', pack: 1, stock: 120, price: 895, weight: 1.4, values: ['Up to 25mm', 'Weighted plastic', 'Fixed'] },
        { sku: 'TD-BEN-50', title: 'Bench Dispenser for 50mm Tape', pack: 1, stock: 60, price: 2495, weight: 2.9, values: ['Up to 50mm', 'Steel', 'Fixed'] },
        { sku: 'TD-BEN-75-MULTI', title: 'Multi-Roll Bench Dispenser for 75mm Tape', pack: 1, stock: 12, price: 4495, weight: 4.6, values: ['Up to 75mm', 'Steel', 'Fixed'], inactive: true },
      ],
    ),
  ],
};

const foodBoxFields = [text('Size (mm)'), text('Material'), text('Leakproof')];

const kraftFoodBoxes: DemoProduct = {
  slug: 'kraft-food-boxes',
  name: 'Kraft Food Boxes',
  categorySlug: 'food-packaging',
  featuredRank: 6,
  description: `<p>Grease-resistant kraft takeaway boxes with a water-based PLA-free lining, suitable for hot and cold food. The tuck-top lids close securely for delivery riders, and the natural brown board shows off your branded stickers and stamps.</p>
<ul>
<li>Numbered sizes from No.1 snack boxes to No.8 family meals.</li>
<li>Noodle boxes with wire-free fold-over tops, safe to microwave.</li>
<li>Board from FSC-certified sources, recyclable and compostable.</li>
</ul>`,
  images: [{ image: img('kraft-food-boxes'), altText: 'Brown kraft takeaway food box' }],
  variants: [
    variant(
      {
        name: 'Kraft Takeaway Boxes',
        image: img('kraft-food-boxes'),
        fields: foodBoxFields,
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { sku: 'KFB-NO1', title: 'No.1 Kraft Food Box 110 x 90 x 50mm', pack: 450, stock: 9000, price: 2295, weight: 5.9, dims: mm(110, 90, 50), values: ['110 x 90 x 50', 'Kraft board', 'Yes'] },
        { sku: 'KFB-NO2', title: 'No.2 Kraft Food Box 170 x 125 x 50mm', pack: 280, stock: 5600, price: 2195, weight: 5.6, dims: mm(170, 125, 50), values: ['170 x 125 x 50', 'Kraft board', 'Yes'] },
        { sku: 'KFB-NO3', title: 'No.3 Kraft Food Box 200 x 140 x 50mm', pack: 200, stock: 4000, price: 2095, weight: 5.6, dims: mm(200, 140, 50), values: ['200 x 140 x 50', 'Kraft board', 'Yes'] },
        { sku: 'KFB-NO5', title: 'No.5 Kraft Food Box 215 x 160 x 65mm', pack: 200, stock: 3000, price: 2495, weight: 7.0, dims: mm(215, 160, 65), values: ['215 x 160 x 65', 'Kraft board', 'Yes'] },
        { sku: 'KFB-NO8', title: 'No.8 Kraft Food Box 215 x 160 x 90mm', pack: 180, stock: 1800, price: 2695, weight: 7.2, dims: mm(215, 160, 90), values: ['215 x 160 x 90', 'Kraft board', 'Yes'] },
      ],
    ),
    variant(
      {
        name: 'Kraft Noodle Boxes',
        image: img('kraft-food-boxes'),
        fields: [num('Capacity (oz)'), text('Material'), text('Microwave safe')],
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { sku: 'KNB-16', title: '16oz Kraft Noodle Box', pack: 500, stock: 5000, price: 3495, weight: 8.1, values: [16, 'Kraft board', 'Yes'] },
        { sku: 'KNB-26', title: '26oz Kraft Noodle Box', pack: 500, stock: 4000, price: 3995, weight: 9.6, values: [26, 'Kraft board', 'Yes'] },
        { sku: 'KNB-32', title: '32oz Kraft Noodle Box', pack: 500, stock: 3000, price: 4495, weight: 11.2, values: [32, 'Kraft board', 'Yes'] },
      ],
    ),
  ],
};

const cupFields = [num('Capacity (oz)'), num('Rim (mm)'), text('Colour')];

const paperCups: DemoProduct = {
  slug: 'paper-cups',
  name: 'Paper Cups',
  categorySlug: 'food-packaging',
  featuredRank: 11,
  description: `<p>Hot drink cups for coffee shops, offices and events. Single wall cups suit sleeves and quick service; double wall cups keep hands comfortable without a sleeve and hold their heat for longer.</p>
<ul>
<li>4oz espresso to 16oz large, with matching 80mm and 90mm sip-through lids.</li>
<li>Food-grade board from sustainably managed forests.</li>
<li>Cases of 1,000 (500 for double wall) with pallet prices on single wall cups.</li>
</ul>`,
  images: [{ image: img('paper-cups'), altText: 'Kraft double wall paper coffee cup with lid' }],
  variants: [
    variant(
      {
        name: 'Single Wall Hot Cups',
        image: img('paper-cups'),
        fields: cupFields,
        tiers: [...PACKS_1_3_10, ...PALLET_1_PLUS],
        unitsPerPallet: 50000,
      },
      // prettier-ignore
      [
        { sku: 'CUP-SW-04-WH', title: '4oz White Single Wall Paper Cup', pack: 1000, stock: 40000, price: 1895, weight: 4.2, values: [4, 62, 'White'] },
        { sku: 'CUP-SW-08-WH', title: '8oz White Single Wall Paper Cup', pack: 1000, stock: 60000, price: 2995, weight: 6.5, values: [8, 80, 'White'] },
        { sku: 'CUP-SW-12-WH', title: '12oz White Single Wall Paper Cup', pack: 1000, stock: 50000, price: 3895, weight: 9.5, values: [12, 90, 'White'] },
        { sku: 'CUP-SW-16-WH', title: '16oz White Single Wall Paper Cup', pack: 1000, stock: 30000, price: 4695, weight: 12.0, values: [16, 90, 'White'] },
      ],
    ),
    variant(
      { name: 'Double Wall Hot Cups', image: img('paper-cups'), fields: cupFields, tiers: PACKS_1_3_10 },
      // prettier-ignore
      [
        { sku: 'CUP-DW-08-KR', title: '8oz Kraft Double Wall Paper Cup', pack: 500, stock: 15000, price: 3295, weight: 6.5, values: [8, 80, 'Kraft'] },
        { sku: 'CUP-DW-12-KR', title: '12oz Kraft Double Wall Paper Cup', pack: 500, stock: 12000, price: 3995, weight: 8.8, values: [12, 90, 'Kraft'] },
        { sku: 'CUP-DW-16-KR', title: '16oz Kraft Double Wall Paper Cup', pack: 500, stock: 8000, price: 4595, weight: 10.5, values: [16, 90, 'Kraft'] },
        { sku: 'CUP-DW-12-BK', title: '12oz Black Double Wall Paper Cup', pack: 500, stock: 5000, price: 4195, weight: 8.8, values: [12, 90, 'Black'] },
      ],
    ),
    variant({ name: 'Sip-Through Lids', image: img('paper-cups'), fields: cupFields, tiers: PACKS_1_3_10 }, [
      {
        sku: 'LID-80-WH',
        title: '80mm White Sip-Through Lid (8oz cups)',
        pack: 1000,
        stock: 40000,
        price: 1695,
        weight: 3.2,
        values: [8, 80, 'White'],
      },
      {
        sku: 'LID-90-WH',
        title: '90mm White Sip-Through Lid (10-16oz cups)',
        pack: 1000,
        stock: 50000,
        price: 1895,
        weight: 3.8,
        values: [12, 90, 'White'],
      },
      {
        sku: 'LID-90-BK',
        title: '90mm Black Sip-Through Lid (10-16oz cups)',
        pack: 1000,
        stock: 30000,
        price: 1895,
        weight: 3.8,
        values: [12, 90, 'Black'],
      },
    ]),
  ],
};

const deliContainers: DemoProduct = {
  slug: 'deli-containers',
  name: 'Deli Containers',
  categorySlug: 'food-packaging',
  featuredRank: null,
  description: `<p>Crystal-clear, leak-resistant polypropylene deli pots with snap-on lids for soups, salads, sauces and prepared meals. They stack securely in the chiller and go from freezer to microwave.</p>
<ul>
<li>Round pots from 8oz sauce pots to 32oz family portions, lids included.</li>
<li>Rectangular microwave containers for ready meals and meal prep.</li>
<li>BPA-free and dishwasher safe for re-use.</li>
</ul>`,
  images: [{ image: img('deli-containers'), altText: 'Clear round deli pot with lid' }],
  variants: [
    variant(
      {
        name: 'Round Deli Pots with Lids',
        image: img('deli-containers'),
        fields: [num('Capacity (oz)'), num('Capacity (ml)'), text('Material')],
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { sku: 'DELI-R-08', title: '8oz Round Deli Pot with Lid', pack: 500, stock: 10000, price: 3295, weight: 6.2, values: [8, 236, 'Polypropylene'] },
        { sku: 'DELI-R-12', title: '12oz Round Deli Pot with Lid', pack: 500, stock: 9000, price: 3695, weight: 7.1, values: [12, 355, 'Polypropylene'] },
        { sku: 'DELI-R-16', title: '16oz Round Deli Pot with Lid', pack: 500, stock: 8000, price: 3995, weight: 8.0, values: [16, 473, 'Polypropylene'] },
        { sku: 'DELI-R-24', title: '24oz Round Deli Pot with Lid', pack: 250, stock: 3000, price: 2695, weight: 5.4, values: [24, 710, 'Polypropylene'] },
        { sku: 'DELI-R-32', title: '32oz Round Deli Pot with Lid', pack: 250, stock: 2500, price: 2995, weight: 6.1, values: [32, 946, 'Polypropylene'] },
      ],
    ),
    variant(
      {
        name: 'Rectangular Microwave Containers',
        image: img('deli-containers'),
        fields: [num('Capacity (oz)'), num('Capacity (ml)'), text('Material')],
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { sku: 'MWC-500', title: '500ml Rectangular Microwave Container with Lid', pack: 250, stock: 5000, price: 2195, weight: 4.1, values: [17, 500, 'Polypropylene'] },
        { sku: 'MWC-650', title: '650ml Rectangular Microwave Container with Lid', pack: 250, stock: 5000, price: 2395, weight: 4.6, values: [22, 650, 'Polypropylene'] },
        { sku: 'MWC-750', title: '750ml Rectangular Microwave Container with Lid', pack: 250, stock: 4000, price: 2595, weight: 5.0, values: [25, 750, 'Polypropylene'] },
        { sku: 'MWC-1000', title: '1000ml Rectangular Microwave Container with Lid', pack: 250, stock: 2500, price: 2895, weight: 5.9, values: [34, 1000, 'Polypropylene'] },
      ],
    ),
  ],
};

const sandwichWedges: DemoProduct = {
  slug: 'sandwich-wedges',
  name: 'Sandwich Wedges',
  categorySlug: 'food-packaging',
  featuredRank: null,
  description: `<p>Sandwich wedges that show off the filling and keep it fresh on the shelf. Kraft skillets with a clear window are fully recyclable; clear PET wedges with a hinged lid give a premium look for grab-and-go chillers.</p>
<ul>
<li>Standard, deep fill and triple fill sizes.</li>
<li>Tamper-evident seal on PET wedges.</li>
<li>Space-saving flat-packed skillets, quick to fold.</li>
</ul>`,
  images: [{ image: img('sandwich-wedges'), altText: 'Kraft sandwich wedge with window' }],
  variants: [
    variant(
      {
        name: 'Kraft Window Sandwich Wedges',
        image: img('sandwich-wedges'),
        fields: [text('Fill'), num('Depth (mm)'), text('Window')],
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { sku: 'SW-KR-STD', title: 'Kraft Window Sandwich Wedge, Standard Fill', pack: 500, stock: 10000, price: 2495, weight: 5.4, values: ['Standard', 60, 'PLA window'] },
        { sku: 'SW-KR-DEEP', title: 'Kraft Window Sandwich Wedge, Deep Fill', pack: 500, stock: 8000, price: 2695, weight: 5.9, values: ['Deep fill', 75, 'PLA window'] },
        { sku: 'SW-KR-TRIPLE', title: 'Kraft Window Sandwich Wedge, Triple Fill', pack: 500, stock: 4000, price: 3295, weight: 7.3, values: ['Triple', 95, 'PLA window'] },
      ],
    ),
    variant(
      {
        name: 'Clear PET Sandwich Wedges',
        image: img('sandwich-wedges'),
        fields: [text('Fill'), num('Depth (mm)'), text('Window')],
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { sku: 'SW-PET-STD', title: 'Clear PET Sandwich Wedge, Standard Fill', pack: 500, stock: 6000, price: 3995, weight: 8.4, values: ['Standard', 60, 'All clear'] },
        { sku: 'SW-PET-DEEP', title: 'Clear PET Sandwich Wedge, Deep Fill', pack: 500, stock: 5000, price: 4295, weight: 9.1, values: ['Deep fill', 75, 'All clear'] },
        { sku: 'SW-PET-TRIPLE', title: 'Clear PET Sandwich Wedge, Triple Fill', pack: 250, stock: 2000, price: 2595, weight: 5.3, values: ['Triple', 95, 'All clear'] },
      ],
    ),
  ],
};

const pizzaFields = [text('Size (in)'), text('Board'), text('Print')];

const pizzaBoxes: DemoProduct = {
  slug: 'pizza-boxes',
  name: 'Pizza Boxes',
  categorySlug: 'food-packaging',
  featuredRank: 13,
  description: `<p>Strong E-flute corrugated pizza boxes that keep pizzas hot and crisp on the way to the customer. Air vents let steam escape, and the locking front tabs hold the lid shut on scooters and in car footwells.</p>
<ul>
<li>7" to 16" sizes, stackable and flat-packed.</li>
<li>White boxes with a generic pizza print, or plain kraft for your own stamp.</li>
<li>Grease-resistant inner surface.</li>
</ul>`,
  images: [{ image: img('pizza-boxes'), altText: 'White corrugated pizza box' }],
  variants: [
    variant(
      {
        name: 'White Pizza Boxes',
        image: img('pizza-boxes'),
        fields: pizzaFields,
        tiers: [...PACKS_1_5_20, ...PALLET_1_PLUS],
        unitsPerPallet: 5000,
      },
      // prettier-ignore
      [
        { sku: 'PZ-WH-07', title: '7" White Pizza Box', pack: 100, stock: 5000, price: 1495, weight: 6.2, dims: inch(7, 7, 1.5), values: ['7 x 7 x 1.5', 'E-flute', 'Generic pizza print'] },
        { sku: 'PZ-WH-09', title: '9" White Pizza Box', pack: 100, stock: 8000, price: 1895, weight: 8.9, dims: inch(9, 9, 1.5), values: ['9 x 9 x 1.5', 'E-flute', 'Generic pizza print'] },
        { sku: 'PZ-WH-10', title: '10" White Pizza Box', pack: 100, stock: 8000, price: 2195, weight: 10.6, dims: inch(10, 10, 1.75), values: ['10 x 10 x 1.75', 'E-flute', 'Generic pizza print'] },
        { sku: 'PZ-WH-12', title: '12" White Pizza Box', pack: 50, stock: 10000, price: 1395, weight: 7.1, dims: inch(12, 12, 1.75), values: ['12 x 12 x 1.75', 'E-flute', 'Generic pizza print'] },
        { sku: 'PZ-WH-14', title: '14" White Pizza Box', pack: 50, stock: 6000, price: 1695, weight: 9.4, dims: inch(14, 14, 1.75), values: ['14 x 14 x 1.75', 'E-flute', 'Generic pizza print'] },
        { sku: 'PZ-WH-16', title: '16" White Pizza Box', pack: 50, stock: 3000, price: 1995, weight: 12.1, dims: inch(16, 16, 2), values: ['16 x 16 x 2', 'E-flute', 'Generic pizza print'] },
      ],
    ),
    variant(
      { name: 'Kraft Pizza Boxes', image: img('pizza-boxes'), fields: pizzaFields, tiers: PACKS_1_5_20 },
      // prettier-ignore
      [
        { sku: 'PZ-KR-09', title: '9" Plain Kraft Pizza Box', pack: 100, stock: 4000, price: 1795, weight: 8.9, dims: inch(9, 9, 1.5), values: ['9 x 9 x 1.5', 'E-flute', 'Plain'] },
        { sku: 'PZ-KR-12', title: '12" Plain Kraft Pizza Box', pack: 50, stock: 5000, price: 1295, weight: 7.1, dims: inch(12, 12, 1.75), values: ['12 x 12 x 1.75', 'E-flute', 'Plain'] },
        { sku: 'PZ-KR-14', title: '14" Plain Kraft Pizza Box', pack: 50, stock: 2500, price: 1595, weight: 9.4, dims: inch(14, 14, 1.75), values: ['14 x 14 x 1.75', 'E-flute', 'Plain'] },
      ],
    ),
  ],
};

const foilContainers: DemoProduct = {
  slug: 'foil-containers',
  name: 'Foil Containers',
  categorySlug: 'food-packaging',
  featuredRank: null,
  description: `<p>Smoothwall and wrinklewall aluminium containers for curries, bakes and ready meals. Board lids crimp down tight and can be written on, so orders are easy to tell apart at the pass.</p>
<ul>
<li>Classic takeaway sizes from No.1 side dishes to No.12 family trays.</li>
<li>Round pie and tart dishes for bakeries.</li>
<li>Oven-safe to 250&deg;C and infinitely recyclable.</li>
</ul>`,
  images: [{ image: img('foil-containers'), altText: 'Aluminium foil takeaway container with board lid' }],
  variants: [
    variant(
      {
        name: 'Foil Containers with Board Lids',
        image: img('foil-containers'),
        fields: [text('Size code'), num('Capacity (ml)'), text('Size (mm)')],
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { sku: 'FC-NO1', title: 'No.1 Foil Container with Lid (300ml)', pack: 1000, stock: 20000, price: 3995, weight: 7.9, dims: mm(145, 106, 30), values: ['No.1', 300, '145 x 106 x 30'] },
        { sku: 'FC-NO2', title: 'No.2 Foil Container with Lid (450ml)', pack: 1000, stock: 25000, price: 4495, weight: 9.6, dims: mm(190, 108, 33), values: ['No.2', 450, '190 x 108 x 33'] },
        { sku: 'FC-NO6A', title: 'No.6a Foil Container with Lid (650ml)', pack: 500, stock: 12000, price: 2995, weight: 6.4, dims: mm(185, 135, 40), values: ['No.6a', 650, '185 x 135 x 40'] },
        { sku: 'FC-NO9', title: 'No.9 Foil Container with Lid (1000ml)', pack: 500, stock: 8000, price: 3895, weight: 8.5, dims: mm(225, 180, 36), values: ['No.9', 1000, '225 x 180 x 36'] },
        { sku: 'FC-NO12', title: 'No.12 Foil Container with Lid (1600ml)', pack: 250, stock: 3000, price: 2895, weight: 6.3, dims: mm(270, 210, 45), values: ['No.12', 1600, '270 x 210 x 45'] },
      ],
    ),
    variant(
      {
        name: 'Round Foil Dishes',
        image: img('foil-containers'),
        fields: [text('Size code'), num('Capacity (ml)'), text('Size (mm)')],
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { sku: 'FR-5IN', title: '5" Round Foil Pie Dish', pack: 500, stock: 6000, price: 1995, weight: 3.1, dims: mm(127, 127, 30), values: ['5 inch', 250, '127 dia x 30'] },
        { sku: 'FR-7IN', title: '7" Round Foil Dish', pack: 500, stock: 5000, price: 2695, weight: 4.9, dims: mm(178, 178, 35), values: ['7 inch', 600, '178 dia x 35'] },
        { sku: 'FR-9IN', title: '9" Round Foil Dish', pack: 250, stock: 2500, price: 2195, weight: 3.9, dims: mm(229, 229, 38), values: ['9 inch', 1100, '229 dia x 38'] },
      ],
    ),
  ],
};

const greaseproofPaper: DemoProduct = {
  slug: 'greaseproof-paper',
  name: 'Greaseproof Paper',
  categorySlug: 'food-packaging',
  featuredRank: null,
  description: `<p>Bleached and unbleached greaseproof paper for wrapping burgers, lining baskets and separating baked goods. It resists fat and moisture without plastic coatings, so it goes in the paper recycling afterwards.</p>
<ul>
<li>Cut sheets in reams for the counter; rolls for the kitchen.</li>
<li>40gsm food-grade paper, safe for direct contact with food.</li>
<li>Plain white or natural brown.</li>
</ul>`,
  images: [{ image: img('greaseproof-paper'), altText: 'Stack of greaseproof paper sheets' }],
  variants: [
    variant(
      {
        name: 'Greaseproof Sheets',
        image: img('greaseproof-paper'),
        fields: [text('Size (mm)'), num('Weight (gsm)'), text('Colour')],
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'GP-S-250350-WH', title: 'White Greaseproof Sheets 250 x 350mm', pack: 1000, stock: 20000, price: 1195, weight: 3.5, dims: mm(350, 250), values: ['250 x 350', 40, 'White'] },
        { sku: 'GP-S-350450-WH', title: 'White Greaseproof Sheets 350 x 450mm', pack: 1000, stock: 12000, price: 1895, weight: 6.3, dims: mm(450, 350), values: ['350 x 450', 40, 'White'] },
        { sku: 'GP-S-450700-WH', title: 'White Greaseproof Sheets 450 x 700mm', pack: 500, stock: 5000, price: 1895, weight: 6.3, dims: mm(700, 450), values: ['450 x 700', 40, 'White'] },
        { sku: 'GP-S-250350-BR', title: 'Brown Greaseproof Sheets 250 x 350mm', pack: 1000, stock: 10000, price: 1295, weight: 3.5, dims: mm(350, 250), values: ['250 x 350', 40, 'Brown'] },
      ],
    ),
    variant(
      {
        name: 'Greaseproof Rolls',
        image: img('greaseproof-paper'),
        fields: [text('Size (mm)'), num('Weight (gsm)'), text('Colour')],
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'GP-R-300-100', title: 'White Greaseproof Paper Roll 300mm x 100m', pack: 1, stock: 300, price: 895, weight: 1.3, values: ['300 x 100000', 40, 'White'] },
        { sku: 'GP-R-375-100', title: 'White Greaseproof Paper Roll 375mm x 100m', pack: 1, stock: 250, price: 1095, weight: 1.6, values: ['375 x 100000', 40, 'White'] },
        { sku: 'GP-R-450-100', title: 'White Greaseproof Paper Roll 450mm x 100m', pack: 1, stock: 200, price: 1295, weight: 1.9, values: ['450 x 100000', 40, 'White'] },
      ],
    ),
  ],
};

const labelFields = [
  text('Label size (mm)'),
  num('Labels per roll'),
  text('Core'),
  text('Compatible with', true),
];

const thermalLabels: DemoProduct = {
  slug: 'thermal-labels',
  name: 'Thermal Labels',
  categorySlug: 'labels',
  featuredRank: 7,
  description: `<p>Direct thermal labels that print crisp, scannable barcodes without ink or ribbons. Our permanent adhesive sticks to polythene mailing bags and recycled board first time, and the top-coated paper resists smudging in the warehouse.</p>
<ul>
<li>4" x 6" shipping labels for Royal Mail, DPD, Evri, UPS and Amazon.</li>
<li>Rolls on 25mm cores for desktop printers; fanfold stacks for high-volume lines.</li>
<li>Dymo-compatible rolls at a fraction of the branded price.</li>
</ul>`,
  images: [{ image: img('thermal-labels'), altText: 'Roll of white direct thermal shipping labels' }],
  variants: [
    variant(
      {
        name: 'Direct Thermal Label Rolls',
        image: img('thermal-labels'),
        fields: labelFields,
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'TL-R-102150-1000', title: 'Thermal Labels 102 x 150mm, 1000 per roll', pack: 12, stock: 2400, price: 5988, weight: 12.4, dims: mm(150, 102), values: ['102 x 150', 1000, '25mm', 'Zebra GK420d, GX420d, ZD420; Citizen; TSC'] },
        { sku: 'TL-R-100150-500', title: 'Thermal Labels 100 x 150mm, 500 per roll', pack: 12, stock: 1800, price: 3588, weight: 6.6, dims: mm(150, 100), values: ['100 x 150', 500, '25mm', 'Zebra, Rollo, Munbyn and most 4" desktop printers'] },
        { sku: 'TL-R-10276-1000', title: 'Thermal Labels 102 x 76mm, 1000 per roll', pack: 12, stock: 1200, price: 3588, weight: 6.5, dims: mm(102, 76), values: ['102 x 76', 1000, '25mm', 'Zebra, Citizen, TSC'] },
        { sku: 'TL-R-5840-2000', title: 'Thermal Labels 58 x 40mm, 2000 per roll', pack: 6, stock: 600, price: 2094, weight: 1800, unit: 'g', dims: mm(58, 40), values: ['58 x 40', 2000, '25mm', 'Zebra, Citizen, TSC'] },
      ],
    ),
    variant(
      {
        name: 'Fanfold Thermal Labels',
        image: img('thermal-labels'),
        fields: labelFields,
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'TL-FF-102150', title: 'Fanfold Thermal Labels 102 x 150mm, 1000 per stack', pack: 4, stock: 800, price: 2196, weight: 4.2, dims: mm(150, 102), values: ['102 x 150', 1000, 'None (fanfold)', 'Zebra ZT230, ZT410, GK420d with rear feed'] },
        { sku: 'TL-FF-102210', title: 'Fanfold Thermal Labels 102 x 210mm, 500 per stack', pack: 4, stock: 400, price: 1796, weight: 3.0, dims: mm(210, 102), values: ['102 x 210', 500, 'None (fanfold)', 'Zebra and TSC industrial printers'] },
        { sku: 'TL-FF-100150-PERF', title: 'Perforated Fanfold Labels 100 x 150mm, 2000 per stack', pack: 2, stock: 300, price: 2196, weight: 4.1, dims: mm(150, 100), values: ['100 x 150', 2000, 'None (fanfold)', 'All 4" direct thermal printers'] },
      ],
    ),
    variant(
      {
        name: 'Dymo Compatible Labels',
        image: img('thermal-labels'),
        fields: labelFields,
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'TL-DY-99010', title: 'Dymo 99010 Compatible Address Labels 89 x 28mm', pack: 10, stock: 1000, price: 1495, weight: 24, unit: 'oz', dims: mm(89, 28), values: ['89 x 28', 130, 'Dymo', 'Dymo LabelWriter 450, 550, 4XL'] },
        { sku: 'TL-DY-99012', title: 'Dymo 99012 Compatible Address Labels 89 x 36mm', pack: 10, stock: 1000, price: 1595, weight: 28, unit: 'oz', dims: mm(89, 36), values: ['89 x 36', 260, 'Dymo', 'Dymo LabelWriter 450, 550, 4XL'] },
        { sku: 'TL-DY-99014', title: 'Dymo 99014 Compatible Shipping Labels 101 x 54mm', pack: 10, stock: 700, price: 1895, weight: 36, unit: 'oz', dims: mm(101, 54), values: ['101 x 54', 220, 'Dymo', 'Dymo LabelWriter 450, 550, 4XL'] },
        { sku: 'TL-DY-11354', title: 'Dymo 11354 Compatible Multi-Purpose Labels 57 x 32mm', pack: 10, stock: 500, price: 1395, weight: 18, unit: 'oz', dims: mm(57, 32), values: ['57 x 32', 1000, 'Dymo', 'Dymo LabelWriter 450, 550'] },
      ],
    ),
  ],
};

const addressLabels: DemoProduct = {
  slug: 'address-labels',
  name: 'Address Labels',
  categorySlug: 'labels',
  featuredRank: null,
  description: `<p>Matt white A4 label sheets for laser and inkjet printers, with templates that match the industry-standard layouts in Word and most shipping software. Jam-free sheets with a permanent adhesive and a split back for easy peeling.</p>
<ul>
<li>1 to 21 labels per sheet, boxes of 100 sheets.</li>
<li>Blank shipping labels on a roll for hand addressing.</li>
<li>FSC-certified paper.</li>
</ul>`,
  images: [{ image: img('address-labels'), altText: 'A4 sheet of white address labels' }],
  variants: [
    variant(
      {
        name: 'A4 Laser and Inkjet Labels',
        image: img('address-labels'),
        fields: [num('Labels per sheet'), text('Label size (mm)'), text('Sheets')],
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'AL-A4-01', title: 'A4 Labels, 1 per sheet (210 x 297mm)', pack: 100, stock: 3000, price: 1295, weight: 1.05, dims: mm(297, 210), values: [1, '210 x 297', '100 sheets'] },
        { sku: 'AL-A4-02', title: 'A4 Labels, 2 per sheet (199.6 x 143.5mm)', pack: 100, stock: 3000, price: 1295, weight: 1.05, dims: mm(199.6, 143.5), values: [2, '199.6 x 143.5', '100 sheets'] },
        { sku: 'AL-A4-08', title: 'A4 Labels, 8 per sheet (99.1 x 67.7mm)', pack: 100, stock: 2500, price: 1395, weight: 1.05, dims: mm(99.1, 67.7), values: [8, '99.1 x 67.7', '100 sheets'] },
        { sku: 'AL-A4-14', title: 'A4 Labels, 14 per sheet (99.1 x 38.1mm)', pack: 100, stock: 2500, price: 1395, weight: 1.05, dims: mm(99.1, 38.1), values: [14, '99.1 x 38.1', '100 sheets'] },
        { sku: 'AL-A4-21', title: 'A4 Labels, 21 per sheet (63.5 x 38.1mm)', pack: 100, stock: 2000, price: 1395, weight: 1.05, dims: mm(63.5, 38.1), values: [21, '63.5 x 38.1', '100 sheets'] },
      ],
    ),
    variant(
      {
        name: 'Blank Shipping Labels on a Roll',
        image: img('address-labels'),
        fields: [num('Labels per sheet'), text('Label size (mm)'), text('Sheets')],
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'AL-R-10050-500', title: 'Blank Shipping Labels 100 x 50mm, roll of 500', pack: 1, stock: 400, price: 495, weight: 350, unit: 'g', dims: mm(100, 50), values: [1, '100 x 50', 'Roll of 500'] },
        { sku: 'AL-R-10075-500', title: 'Blank Shipping Labels 100 x 75mm, roll of 500', pack: 1, stock: 300, price: 595, weight: 480, unit: 'g', dims: mm(100, 75), values: [1, '100 x 75', 'Roll of 500'] },
        { sku: 'AL-R-150100-250', title: 'Blank Shipping Labels 150 x 100mm, roll of 250', pack: 1, stock: 250, price: 595, weight: 500, unit: 'g', dims: mm(150, 100), values: [1, '150 x 100', 'Roll of 250'] },
      ],
    ),
  ],
};

const boxFields = [text('Size (mm)'), text('Size (in)'), text('Board'), text('Style')];

/** Inches for a box's label, from its millimetres (as the trade quotes them). */
const inchesLabel = (l: number, w: number, h: number) =>
  [l, w, h].map((value) => Math.round((value / 25.4) * 2) / 2).join(' x ');

/** A stock cardboard box: 'Single Wall Box 305 x 229 x 229mm (12 x 9 x 9")' priced from its board area. */
function box(
  prefix: string,
  kind: string,
  board: string,
  [l, w, h]: [number, number, number],
  pack: number,
  stock: number,
  boardPencePerSquareMetre: number,
  weightPerSquareMetreKg: number,
  extra: Partial<ItemSpec> = {},
): ItemSpec {
  // A regular slotted carton's blank: (2L + 2W) x (H + W).
  const blankSquareMetres = (2 * (l + w) * (h + w)) / 1_000_000;
  const perBox = 12 + blankSquareMetres * boardPencePerSquareMetre;
  return {
    sku: `${prefix}-${l}${w}${h}`,
    title: `${kind} ${l} x ${w} x ${h}mm (${inchesLabel(l, w, h)}")`,
    pack,
    stock,
    price: Math.round(perBox * pack),
    weight: Math.round(blankSquareMetres * weightPerSquareMetreKg * pack * 100) / 100,
    dims: mm(l, w, h),
    values: [`${l} x ${w} x ${h}`, inchesLabel(l, w, h), board, 'Regular slotted carton'],
    ...extra,
  };
}

const singleWallBoxes: DemoProduct = {
  slug: 'single-wall-boxes',
  name: 'Single Wall Boxes',
  categorySlug: 'boxes',
  featuredRank: 3,
  description: `<p>Our best-selling single wall cardboard boxes: 3mm B-flute or C-flute corrugated board, strong enough for everyday e-commerce and storage yet light enough to keep courier weights down. Regular slotted cartons arrive flat-packed and fold up in seconds.</p>
<ul>
<li>Stock sizes from 6" cubes to 24" x 18" x 18" cartons.</li>
<li>Made in the UK from up to 80% recycled fibre, and 100% recyclable.</li>
<li>Packs of 25 with pallet pricing on large sizes.</li>
</ul>
<p>Not sure which size you need? Use the size search with your item's dimensions and we will show the nearest boxes first.</p>`,
  images: [
    { image: img('single-wall-boxes'), altText: 'Closed single wall cardboard box' },
    { image: img('single-wall-boxes-open'), altText: 'Open single wall cardboard box' },
  ],
  variants: [
    variant(
      {
        name: 'Small Single Wall Boxes',
        image: img('single-wall-boxes'),
        fields: boxFields,
        tiers: [...PACKS_1_10_50, ...PALLET_1_PLUS],
        unitsPerPallet: 2500,
      },
      // prettier-ignore
      [
        box('SWB', 'Single Wall Box', 'B-flute', [152, 152, 152], 25, 5000, 48, 0.45),
        box('SWB', 'Single Wall Box', 'B-flute', [203, 152, 102], 25, 4000, 48, 0.45),
        box('SWB', 'Single Wall Box', 'B-flute', [229, 152, 152], 25, 6000, 48, 0.45),
        box('SWB', 'Single Wall Box', 'B-flute', [254, 178, 127], 25, 4500, 48, 0.45),
        box('SWB', 'Single Wall Box', 'B-flute', [254, 254, 254], 25, 3000, 48, 0.45),
      ],
    ),
    variant(
      {
        name: 'Medium Single Wall Boxes',
        image: img('single-wall-boxes'),
        fields: boxFields,
        tiers: [...PACKS_1_10_50, ...PALLET_1_PLUS],
        unitsPerPallet: 1000,
      },
      // prettier-ignore
      [
        box('SWB', 'Single Wall Box', 'C-flute', [305, 229, 229], 25, 8000, 50, 0.5),
        box('SWB', 'Single Wall Box', 'C-flute', [305, 305, 305], 25, 6000, 50, 0.5),
        box('SWB', 'Single Wall Box', 'C-flute', [381, 305, 254], 25, 4000, 50, 0.5),
        box('SWB', 'Single Wall Box', 'C-flute', [406, 305, 305], 25, 3500, 50, 0.5, { untracked: true }),
      ],
    ),
    variant(
      {
        name: 'Large Single Wall Boxes',
        image: img('single-wall-boxes-open'),
        fields: boxFields,
        tiers: [...PACKS_1_10_50, ...PALLETS_1_5],
        unitsPerPallet: 500,
        showUnitsPer: 'pallet',
      },
      // prettier-ignore
      [
        box('SWB', 'Single Wall Box', 'C-flute', [457, 305, 305], 25, 3000, 50, 0.5),
        box('SWB', 'Single Wall Box', 'C-flute', [457, 457, 457], 25, 2000, 50, 0.5),
        box('SWB', 'Single Wall Box', 'C-flute', [508, 381, 381], 25, 1500, 50, 0.5),
        box('SWB', 'Single Wall Box', 'C-flute', [610, 457, 457], 25, 1000, 50, 0.5),
      ],
    ),
  ],
};

const doubleWallBoxes: DemoProduct = {
  slug: 'double-wall-boxes',
  name: 'Double Wall Boxes',
  categorySlug: 'boxes',
  featuredRank: 9,
  description: `<p>Double wall boxes combine two layers of fluting (BC-flute, about 6mm) for heavy, fragile or high-value goods and for pallet stacking. They take far more weight on top than single wall cartons and stand up to multi-drop courier networks.</p>
<ul>
<li>Stock sizes from 12" x 9" x 9" to 24" x 18" x 18".</li>
<li>Removal boxes with hand holes, sized for books, kitchenware and bedding.</li>
<li>Packs of 15 (10 for removal boxes).</li>
</ul>`,
  images: [{ image: img('double-wall-boxes'), altText: 'Heavy-duty double wall cardboard box' }],
  variants: [
    variant(
      {
        name: 'Double Wall Cardboard Boxes',
        image: img('double-wall-boxes'),
        fields: boxFields,
        tiers: [...PACKS_1_10_50, ...PALLET_1_PLUS],
        unitsPerPallet: 450,
      },
      // prettier-ignore
      [
        box('DWB', 'Double Wall Box', 'BC-flute', [305, 229, 229], 15, 4500, 88, 0.85),
        box('DWB', 'Double Wall Box', 'BC-flute', [305, 305, 305], 15, 3600, 88, 0.85),
        box('DWB', 'Double Wall Box', 'BC-flute', [406, 305, 305], 15, 3000, 88, 0.85),
        box('DWB', 'Double Wall Box', 'BC-flute', [457, 305, 305], 15, 2700, 88, 0.85),
        box('DWB', 'Double Wall Box', 'BC-flute', [457, 457, 457], 10, 1500, 88, 0.85),
        box('DWB', 'Double Wall Box', 'BC-flute', [610, 457, 457], 10, 800, 88, 0.85),
      ],
    ),
    variant(
      {
        name: 'Double Wall Removal Boxes',
        image: img('double-wall-boxes'),
        fields: boxFields,
        tiers: PACKS_1_5_20,
      },
      // prettier-ignore
      [
        { ...box('DWR', 'Book Removal Box', 'BC-flute', [305, 305, 305], 10, 1200, 95, 0.85), values: ['305 x 305 x 305', '12 x 12 x 12', 'BC-flute', 'Removal box with hand holes'] },
        { ...box('DWR', 'Small Removal Box', 'BC-flute', [457, 305, 305], 10, 1500, 95, 0.85), values: ['457 x 305 x 305', '18 x 12 x 12', 'BC-flute', 'Removal box with hand holes'] },
        { ...box('DWR', 'Medium Removal Box', 'BC-flute', [457, 457, 305], 10, 1000, 95, 0.85), values: ['457 x 457 x 305', '18 x 18 x 12', 'BC-flute', 'Removal box with hand holes'] },
        { ...box('DWR', 'Large Removal Box', 'BC-flute', [457, 457, 457], 10, 800, 95, 0.85), values: ['457 x 457 x 457', '18 x 18 x 18', 'BC-flute', 'Removal box with hand holes'] },
      ],
    ),
  ],
};

const dieCutFields = [text('Size'), text('Colour'), text('Closure')];

const dieCutBoxes: DemoProduct = {
  slug: 'die-cut-boxes',
  name: 'Die Cut Boxes',
  categorySlug: 'boxes',
  featuredRank: null,
  description: `<p>Die cut mailer boxes fold into a neat, rigid box with a tuck-in lid and dust flaps: no tape needed. They give subscription boxes, cosmetics and gifts a premium unboxing moment and stack flat in the stockroom.</p>
<ul>
<li>White outside, brown inside, or all-kraft for a natural look.</li>
<li>E-flute board that prints beautifully with your logo (ask us about custom print runs).</li>
<li>Packs of 50 (25 for larger sizes).</li>
</ul>`,
  images: [{ image: img('die-cut-boxes'), altText: 'White die cut mailer box with tuck-in lid' }],
  variants: [
    variant(
      {
        name: 'White Die Cut Mailer Boxes',
        image: img('die-cut-boxes'),
        fields: dieCutFields,
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'DCB-WH-060402', title: 'White Die Cut Mailer Box 6 x 4 x 2"', pack: 50, stock: 5000, price: 1995, weight: 3.0, dims: inch(6, 4, 2), values: ['6 x 4 x 2 in', 'White / brown', 'Tuck-in lid'] },
        { sku: 'DCB-WH-070503', title: 'White Die Cut Mailer Box 7 x 5 x 3"', pack: 50, stock: 4000, price: 2495, weight: 4.1, dims: inch(7, 5, 3), values: ['7 x 5 x 3 in', 'White / brown', 'Tuck-in lid'] },
        { sku: 'DCB-WH-090603', title: 'White Die Cut Mailer Box 9 x 6 x 3"', pack: 50, stock: 4000, price: 2995, weight: 5.5, dims: inch(9, 6, 3), values: ['9 x 6 x 3 in', 'White / brown', 'Tuck-in lid'] },
        { sku: 'DCB-WH-100703', title: 'White Die Cut Mailer Box 10 x 7 x 3"', pack: 50, stock: 3000, price: 3495, weight: 6.6, dims: inch(10, 7, 3), values: ['10 x 7 x 3 in', 'White / brown', 'Tuck-in lid'] },
        { sku: 'DCB-WH-120904', title: 'White Die Cut Mailer Box 12 x 9 x 4"', pack: 25, stock: 1500, price: 2495, weight: 5.0, dims: inch(12, 9, 4), values: ['12 x 9 x 4 in', 'White / brown', 'Tuck-in lid'] },
      ],
    ),
    variant(
      {
        name: 'Kraft Die Cut Mailer Boxes',
        image: img('die-cut-boxes'),
        fields: dieCutFields,
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'DCB-KR-15010050', title: 'Kraft Die Cut Mailer Box 150 x 100 x 50mm', pack: 50, stock: 4000, price: 1795, weight: 2.9, dims: mm(150, 100, 50), values: ['150 x 100 x 50 mm', 'Kraft', 'Tuck-in lid'] },
        { sku: 'DCB-KR-20015050', title: 'Kraft Die Cut Mailer Box 200 x 150 x 50mm', pack: 50, stock: 3500, price: 2295, weight: 4.4, dims: mm(200, 150, 50), values: ['200 x 150 x 50 mm', 'Kraft', 'Tuck-in lid'] },
        { sku: 'DCB-KR-25018080', title: 'Kraft Die Cut Mailer Box 250 x 180 x 80mm', pack: 50, stock: 2500, price: 2995, weight: 6.5, dims: mm(250, 180, 80), values: ['250 x 180 x 80 mm', 'Kraft', 'Tuck-in lid'] },
        { sku: 'DCB-KR-300220100', title: 'Kraft Die Cut Mailer Box 300 x 220 x 100mm', pack: 25, stock: 1200, price: 2195, weight: 4.6, dims: mm(300, 220, 100), values: ['300 x 220 x 100 mm', 'Kraft', 'Tuck-in lid'] },
      ],
    ),
  ],
};

const postalFields = [text('Size'), text('Royal Mail format'), text('Colour')];

const postalBoxes: DemoProduct = {
  slug: 'postal-boxes',
  name: 'Postal Boxes',
  categorySlug: 'postal',
  featuredRank: 8,
  description: `<p>Postal boxes sized to fit Royal Mail's Small Parcel format (up to 450 x 350 x 160mm), so you never pay Medium Parcel rates for air. Crash-lock bases fold up instantly and the self-seal lid makes packing a one-hand job.</p>
<ul>
<li>Brown single wall boxes in five popular sizes.</li>
<li>White postal boxes for a clean, branded look.</li>
<li>Packs of 25 and 50.</li>
</ul>`,
  images: [{ image: img('postal-boxes'), altText: 'Brown postal box with self-seal strip' }],
  variants: [
    variant(
      { name: 'Brown Postal Boxes', image: img('postal-boxes'), fields: postalFields, tiers: PACKS_1_10_50 },
      // prettier-ignore
      [
        { sku: 'PB-BR-17512570', title: 'Brown Postal Box 175 x 125 x 70mm', pack: 50, stock: 6000, price: 1695, weight: 3.9, dims: mm(175, 125, 70), values: ['175 x 125 x 70 mm', 'Small Parcel', 'Brown'] },
        { sku: 'PB-BR-220160100', title: 'Brown Postal Box 220 x 160 x 100mm', pack: 50, stock: 5000, price: 2295, weight: 5.8, dims: mm(220, 160, 100), values: ['220 x 160 x 100 mm', 'Small Parcel', 'Brown'] },
        { sku: 'PB-BR-300200150', title: 'Brown Postal Box 300 x 200 x 150mm', pack: 25, stock: 3000, price: 1695, weight: 4.6, dims: mm(300, 200, 150), values: ['300 x 200 x 150 mm', 'Small Parcel', 'Brown'] },
        { sku: 'PB-BR-350250150', title: 'Brown Postal Box 350 x 250 x 150mm', pack: 25, stock: 2500, price: 1995, weight: 5.6, dims: mm(350, 250, 150), values: ['350 x 250 x 150 mm', 'Small Parcel', 'Brown'] },
        { sku: 'PB-BR-450350160', title: 'Brown Postal Box 450 x 350 x 160mm', pack: 25, stock: 2000, price: 2695, weight: 8.4, dims: mm(450, 350, 160), values: ['450 x 350 x 160 mm', 'Small Parcel (maximum)', 'Brown'] },
      ],
    ),
    variant(
      { name: 'White Postal Boxes', image: img('postal-boxes'), fields: postalFields, tiers: PACKS_1_10_50 },
      // prettier-ignore
      [
        { sku: 'PB-WH-17512570', title: 'White Postal Box 17.5 x 12.5 x 7cm', pack: 50, stock: 3000, price: 1995, weight: 3.9, dims: cm(17.5, 12.5, 7), values: ['17.5 x 12.5 x 7 cm', 'Small Parcel', 'White'] },
        { sku: 'PB-WH-220160100', title: 'White Postal Box 22 x 16 x 10cm', pack: 50, stock: 2500, price: 2695, weight: 5.8, dims: cm(22, 16, 10), values: ['22 x 16 x 10 cm', 'Small Parcel', 'White'] },
        { sku: 'PB-WH-300200150', title: 'White Postal Box 30 x 20 x 15cm', pack: 25, stock: 1500, price: 1995, weight: 4.6, dims: cm(30, 20, 15), values: ['30 x 20 x 15 cm', 'Small Parcel', 'White'] },
      ],
    ),
  ],
};

const pipBoxes: DemoProduct = {
  slug: 'pip-boxes',
  name: 'Large Letter PiP Boxes',
  categorySlug: 'postal',
  featuredRank: 12,
  description: `<p>Pricing in Proportion (PiP) boxes built to Royal Mail's Large Letter limits: no more than 353 x 250 x 25mm. They slip through letterboxes, so deliveries are not missed, and postage costs a fraction of a parcel.</p>
<ul>
<li>Rigid E-flute board protects books, games, prints and cosmetics.</li>
<li>Peel-and-seal closure and tear strip for easy opening.</li>
<li>White and kraft finishes, packs of 100.</li>
</ul>
<p>Check the finished parcel with a PiP gauge: contents must not make the box thicker than 25mm.</p>`,
  images: [{ image: img('pip-boxes'), altText: 'Flat white Large Letter PiP box' }],
  variants: [
    variant(
      {
        name: 'White Large Letter Boxes',
        image: img('pip-boxes'),
        fields: postalFields,
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'LL-WH-C4', title: 'White Large Letter Box C4, 330 x 240 x 20mm', pack: 100, stock: 8000, price: 3495, weight: 9.2, dims: mm(330, 240, 20), values: ['330 x 240 x 20 mm', 'Large Letter', 'White'] },
        { sku: 'LL-WH-C4-25', title: 'White Large Letter Box C4 Deep, 330 x 240 x 25mm', pack: 100, stock: 6000, price: 3695, weight: 9.6, dims: mm(330, 240, 25), values: ['330 x 240 x 25 mm', 'Large Letter', 'White'] },
        { sku: 'LL-WH-C5', title: 'White Large Letter Box C5, 229 x 162 x 25mm', pack: 100, stock: 7000, price: 2495, weight: 5.2, dims: mm(229, 162, 25), values: ['229 x 162 x 25 mm', 'Large Letter', 'White'] },
        { sku: 'LL-WH-A5', title: 'White Large Letter Box A5, 210 x 148 x 20mm', pack: 100, stock: 7000, price: 2195, weight: 4.5, dims: mm(210, 148, 20), values: ['210 x 148 x 20 mm', 'Large Letter', 'White'] },
        { sku: 'LL-WH-DL', title: 'White Large Letter Box DL, 220 x 110 x 20mm', pack: 100, stock: 5000, price: 1995, weight: 3.8, dims: mm(220, 110, 20), values: ['220 x 110 x 20 mm', 'Large Letter', 'White'] },
      ],
    ),
    variant(
      {
        name: 'Kraft Large Letter Boxes',
        image: img('pip-boxes'),
        fields: postalFields,
        tiers: PACKS_1_10_50,
      },
      // prettier-ignore
      [
        { sku: 'LL-KR-C4', title: 'Kraft Large Letter Box 33 x 24 x 2cm', pack: 100, stock: 5000, price: 3195, weight: 9.2, dims: cm(33, 24, 2), values: ['33 x 24 x 2 cm', 'Large Letter', 'Kraft'] },
        { sku: 'LL-KR-C5', title: 'Kraft Large Letter Box 22.9 x 16.2 x 2.5cm', pack: 100, stock: 4000, price: 2295, weight: 5.2, dims: cm(22.9, 16.2, 2.5), values: ['22.9 x 16.2 x 2.5 cm', 'Large Letter', 'Kraft'] },
        { sku: 'LL-KR-A5', title: 'Kraft Large Letter Box 21 x 14.8 x 2cm', pack: 100, stock: 4000, price: 1995, weight: 4.5, dims: cm(21, 14.8, 2), values: ['21 x 14.8 x 2 cm', 'Large Letter', 'Kraft'] },
      ],
    ),
  ],
};

/** Every demo product, grouped by category in menu order. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  palletWraps,
  palletCovers,
  bubbleWrap,
  mailingBags,
  clearBags,
  bubbleMailers,
  bookMailers,
  kraftFoodBoxes,
  paperCups,
  deliContainers,
  sandwichWedges,
  pizzaBoxes,
  foilContainers,
  greaseproofPaper,
  packingTapes,
  tapeDispenser,
  thermalLabels,
  addressLabels,
  singleWallBoxes,
  doubleWallBoxes,
  dieCutBoxes,
  postalBoxes,
  pipBoxes,
];

/** The product slugs the side menu links to, by category. */
export const DEMO_PRODUCT_SLUGS = DEMO_PRODUCTS.map((product) => product.slug);
