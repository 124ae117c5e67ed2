import { dimensionColumns, type ItemDimensions } from '@shop/domain';
import { count, inArray, like, sql } from 'drizzle-orm';
import { sanitizeStoredHtml } from '../../lib/sanitize-html';
import type { Db } from '../client';
import {
  categories,
  itemDataEntries,
  itemImages,
  items,
  itemSizes,
  pricingData,
  pricingTiers,
  productImages,
  products,
  productVariants,
  tableFields,
  type FieldType,
  type WeightUnit,
} from '../schema';
import { type Executor, insertJsonRows, SEED_LOCK_KEY } from './batch';
import { DEMO_CATEGORIES } from './demo-data';
import { seedDemoCatalogue } from './demo';

export interface SyntheticOptions {
  /** How many items to add (10 per product: two variants of five). */
  items: number;
  /** PRNG seed; the same seed on the same database state gives the same catalogue. */
  seed?: number;
}

/** Prefix of every synthetic slug and SKU, so they never clash with real ones. */
export const SYNTHETIC_PREFIX = 'syn-';

const ITEMS_PER_VARIANT = 5;
const VARIANTS_PER_PRODUCT = 2;
const ITEMS_PER_PRODUCT = ITEMS_PER_VARIANT * VARIANTS_PER_PRODUCT;
const PRODUCTS_PER_ROUND = 1_000;

/**
 * Adds a synthetic catalogue of `items` items for benchmarks: products spread over the seven demo
 * categories with packaging-trade names, variants, table fields, tiers, prices and dimensions.
 * On an empty database it seeds the demo catalogue first. Runs in one transaction.
 */
export async function seedSyntheticCatalogue(db: Db, opts: SyntheticOptions): Promise<void> {
  if (!Number.isInteger(opts.items) || opts.items < 0) throw new Error('items must be a whole number >= 0');
  if (opts.items === 0) return;
  const [anyCategory] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (!anyCategory) await seedDemoCatalogue(db);

  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const slugs = DEMO_CATEGORIES.map((category) => category.slug);
    let targets = await tx
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .where(inArray(categories.slug, slugs))
      .orderBy(categories.position, categories.id);
    if (targets.length === 0) {
      targets = await tx
        .select({ id: categories.id, slug: categories.slug })
        .from(categories)
        .orderBy(categories.id);
    }

    // Numbering continues after earlier synthetic runs, so slugs and SKUs stay unique.
    const [existing] = await tx
      .select({ value: count() })
      .from(products)
      .where(like(products.slug, `${SYNTHETIC_PREFIX}%`));
    const firstProduct = existing?.value ?? 0;
    const random = mulberry32((opts.seed ?? 20_240_601) + firstProduct * 7_919);

    const productCount = Math.ceil(opts.items / ITEMS_PER_PRODUCT);
    for (let roundStart = 0; roundStart < productCount; roundStart += PRODUCTS_PER_ROUND) {
      const specs: ProductSpec[] = [];
      for (let p = roundStart; p < Math.min(productCount, roundStart + PRODUCTS_PER_ROUND); p++) {
        const itemCount = Math.min(ITEMS_PER_PRODUCT, opts.items - p * ITEMS_PER_PRODUCT);
        const number = firstProduct + p;
        specs.push(makeProduct(random, number, targets[number % targets.length]!, itemCount));
      }
      await insertRound(tx, specs);
    }
  });
  // Embedded PGlite has no autovacuum: without fresh statistics the planner misjudges a bulk load, and
  // without a vacuum no page is all-visible, so every index-only scan also reads the table. item_sizes is
  // filled by the items' triggers (migration 0005) and read only by index-only scans.
  await db.execute(
    sql`vacuum (analyze) ${products}, ${productImages}, ${productVariants}, ${tableFields}, ${pricingTiers}, ${items}, ${itemSizes}, ${itemImages}, ${itemDataEntries}, ${pricingData}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------------

interface ItemSpec {
  sku: string;
  title: string;
  unitsPerPack: number;
  stock: number;
  trackInventory: boolean;
  weight: number;
  weightUnit: WeightUnit;
  dimensions: ItemDimensions | null;
  status: 'active' | 'inactive';
  values: Array<string | number>;
  prices: number[];
}

interface VariantSpec {
  name: string;
  unitsPerPallet: number | null;
  showUnitsPer: 'pack' | 'pallet';
  fields: Array<{ name: string; fieldType: FieldType }>;
  tiers: Array<{
    tierType: 'pack' | 'pallet';
    rangeStart: number;
    rangeEnd: number | null;
    noEndRange: boolean;
  }>;
  items: ItemSpec[];
}

interface ProductSpec {
  categoryId: number;
  name: string;
  slug: string;
  description: string;
  image: string;
  variants: VariantSpec[];
}

interface Vocabulary {
  materials: string[];
  nouns: string[];
  images: string[];
  fields: Array<{ name: string; fieldType: FieldType }>;
  value(random: Random, field: number, item: ItemSpecDraft): string | number;
  dimensions?(random: Random): ItemDimensions;
}

interface ItemSpecDraft {
  dimensions: ItemDimensions | null;
  size: number;
}

type Random = () => number;

const ADJECTIVES = [
  'Heavy Duty',
  'Premium',
  'Eco',
  'Recycled',
  'Standard',
  'Economy',
  'Extra Strong',
  'Lightweight',
  'Compostable',
  'Reinforced',
  'Tamper Evident',
  'Value',
  'Trade',
  'Professional',
  'Budget',
  'Superior',
];
const VARIANT_NAMES = [
  'Standard',
  'Premium',
  'Economy',
  'Heavy Duty',
  'Recycled',
  'Bulk Pack',
  'Trade Pack',
  'Coloured',
];
const COLOURS = ['Clear', 'White', 'Black', 'Brown', 'Kraft', 'Grey', 'Blue', 'Pink', 'Red', 'Green'];
const SIZES = [80, 100, 120, 150, 180, 200, 240, 250, 300, 350, 400, 450, 500, 600, 750, 1000];
const PER_KG: Record<WeightUnit, number> = { kg: 1, g: 1000, lb: 2.20462, oz: 35.274 };
const USES = [
  'e-commerce fulfilment',
  'warehouse storage',
  'retail counters',
  'mail-order dispatch',
  'food service',
  'removals and relocation',
  'export shipments',
  'office post rooms',
];

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const step = (random: Random, min: number, max: number, by: number) =>
  between(random, min / by, max / by) * by;

const img = (name: string) => `/images/products/${name}.svg`;

const VOCABULARY: Record<string, Vocabulary> = {
  wraps: {
    materials: ['Cast', 'Blown', 'Polythene', 'LLDPE', 'Clear', 'Black', 'Pre-Stretch', 'Air'],
    nouns: ['Stretch Film', 'Pallet Wrap', 'Bubble Wrap', 'Shrink Wrap', 'Pallet Cover', 'Top Sheet'],
    images: [img('pallet-wraps'), img('pallet-wraps-machine'), img('pallet-covers'), img('bubble-wrap')],
    fields: [
      { name: 'Colour', fieldType: 'text' },
      { name: 'Thickness (micron)', fieldType: 'number' },
    ],
    value: (random, field) =>
      field === 0 ? pick(random, COLOURS) : pick(random, [12, 15, 17, 20, 23, 25, 30]),
  },
  bags: {
    materials: ['Kraft', 'Polythene', 'Paper', 'Grey', 'White', 'Clear', 'Padded', 'Biodegradable'],
    nouns: ['Mailing Bag', 'Grip Seal Bag', 'Padded Envelope', 'Courier Bag', 'Carrier Bag', 'Poly Bag'],
    images: [img('mailing-bags'), img('mailing-bags-colours'), img('clear-bags'), img('bubble-mailers')],
    fields: [
      { name: 'Colour', fieldType: 'text' },
      { name: 'Size (in)', fieldType: 'text' },
    ],
    value: (random, field, item) =>
      field === 0 ? pick(random, COLOURS) : `${item.dimensions?.width} x ${item.dimensions?.length}`,
    dimensions: (random) => ({
      unit: 'IN',
      width: step(random, 4, 20, 0.5),
      length: step(random, 6, 30, 0.5),
    }),
  },
  'food-packaging': {
    materials: ['Kraft', 'Paper', 'PET', 'Foil', 'Bagasse', 'Cardboard', 'Polypropylene', 'Greaseproof'],
    nouns: [
      'Food Box',
      'Deli Pot',
      'Paper Cup',
      'Sandwich Wedge',
      'Pizza Box',
      'Foil Tray',
      'Soup Container',
    ],
    images: [
      img('kraft-food-boxes'),
      img('paper-cups'),
      img('deli-containers'),
      img('pizza-boxes'),
      img('foil-containers'),
    ],
    fields: [
      { name: 'Material', fieldType: 'text' },
      { name: 'Capacity (ml)', fieldType: 'number' },
    ],
    value: (random, field) =>
      field === 0
        ? pick(random, ['Kraft board', 'PET', 'Aluminium', 'Bagasse', 'Polypropylene'])
        : step(random, 100, 2000, 50),
  },
  tapes: {
    materials: ['Polypropylene', 'Vinyl', 'Paper', 'Kraft', 'Acrylic', 'Hot Melt', 'Printed', 'Masking'],
    nouns: ['Packing Tape', 'Masking Tape', 'Parcel Tape', 'Sealing Tape', 'Duct Tape', 'Strapping'],
    images: [img('packing-tapes'), img('tape-dispenser'), img('tape-print-fragile')],
    fields: [
      { name: 'Colour', fieldType: 'text' },
      { name: 'Width (mm)', fieldType: 'number' },
    ],
    value: (random, field) =>
      field === 0 ? pick(random, COLOURS) : pick(random, [19, 25, 38, 48, 50, 72, 75]),
  },
  labels: {
    materials: ['Thermal', 'Paper', 'Matt', 'Gloss', 'Removable', 'Freezer', 'Fanfold', 'Laser'],
    nouns: [
      'Thermal Label',
      'Address Label',
      'Shipping Label',
      'Fragile Label',
      'Barcode Label',
      'Price Label',
    ],
    images: [img('thermal-labels'), img('address-labels')],
    fields: [
      { name: 'Label size (mm)', fieldType: 'text' },
      { name: 'Labels per roll', fieldType: 'number' },
    ],
    value: (random, field) =>
      field === 0
        ? pick(random, ['102 x 150', '100 x 150', '102 x 76', '58 x 40', '89 x 36'])
        : pick(random, [250, 500, 1000, 2000]),
  },
  boxes: {
    materials: [
      'Corrugated',
      'Kraft',
      'Single Wall',
      'Double Wall',
      'Triple Wall',
      'Cardboard',
      'White',
      'Brown',
    ],
    nouns: ['Shipping Box', 'Cardboard Box', 'Carton', 'Removal Box', 'Archive Box', 'Storage Box'],
    images: [
      img('single-wall-boxes'),
      img('single-wall-boxes-open'),
      img('double-wall-boxes'),
      img('die-cut-boxes'),
    ],
    fields: [
      { name: 'Board', fieldType: 'text' },
      { name: 'Size (mm)', fieldType: 'text' },
    ],
    value: (random, field, item) =>
      field === 0
        ? pick(random, ['B-flute', 'C-flute', 'E-flute', 'BC-flute', 'Triple wall'])
        : `${item.dimensions?.length} x ${item.dimensions?.width} x ${item.dimensions?.height}`,
    dimensions: (random) => {
      const length = step(random, 100, 700, 5);
      const width = step(random, 80, length, 5);
      return { unit: 'MM', length, width, height: step(random, 50, 600, 5) };
    },
  },
  postal: {
    materials: ['Kraft', 'White', 'Cardboard', 'Corrugated', 'Brown', 'Rigid', 'Slim', 'Mailing'],
    nouns: ['Postal Box', 'Mailer Box', 'PiP Box', 'Large Letter Box', 'Shipping Carton'],
    images: [img('postal-boxes'), img('pip-boxes')],
    fields: [
      { name: 'Colour', fieldType: 'text' },
      { name: 'Size', fieldType: 'text' },
    ],
    value: (random, field, item) =>
      field === 0
        ? pick(random, ['White', 'Brown', 'Kraft'])
        : `${item.dimensions?.length} x ${item.dimensions?.width} x ${item.dimensions?.height} ${item.dimensions?.unit.toLowerCase()}`,
    dimensions: (random) =>
      random() < 0.7
        ? {
            unit: 'MM',
            length: step(random, 150, 450, 5),
            width: step(random, 100, 350, 5),
            height: step(random, 10, 160, 5),
          }
        : {
            unit: 'CM',
            length: step(random, 15, 45, 0.5),
            width: step(random, 10, 35, 0.5),
            height: step(random, 1, 16, 0.5),
          },
  },
};

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function makeProduct(
  random: Random,
  number: number,
  category: { id: number; slug: string },
  itemCount: number,
): ProductSpec {
  const words = VOCABULARY[category.slug] ?? VOCABULARY.boxes!;
  const noun = pick(random, words.nouns);
  const name = `${pick(random, ADJECTIVES)} ${pick(random, words.materials)} ${noun} ${pick(random, SIZES)}`;
  const use = pick(random, USES);
  const description =
    `<p>${name}: dependable ${noun.toLowerCase()}s for ${use}, stocked in trade quantities at our Leicester warehouse.</p>` +
    `<ul><li>Tiered prices that fall as you order more packs.</li><li>Next working day delivery on orders placed before 2pm.</li></ul>`;
  const slug = `${SYNTHETIC_PREFIX}${slugify(name)}-${number}`;

  const variants: VariantSpec[] = [];
  const variantCount = Math.ceil(itemCount / ITEMS_PER_VARIANT);
  const firstName = between(random, 0, VARIANT_NAMES.length - 1);
  for (let v = 0; v < variantCount; v++) {
    const unitsPerPack = pick(random, [1, 6, 12, 24, 25, 36, 50, 100, 250, 500, 1000]);
    const palletised = random() < 0.3;
    const tiers: VariantSpec['tiers'] = [
      { tierType: 'pack', rangeStart: 1, rangeEnd: 9, noEndRange: false },
      { tierType: 'pack', rangeStart: 10, rangeEnd: 49, noEndRange: false },
      { tierType: 'pack', rangeStart: 50, rangeEnd: null, noEndRange: true },
    ];
    const factors = [1, 0.92, 0.85];
    if (palletised) {
      tiers.push({ tierType: 'pallet', rangeStart: 1, rangeEnd: null, noEndRange: true });
      factors.push(0.78);
    }
    const variantItems: ItemSpec[] = [];
    const count = Math.min(ITEMS_PER_VARIANT, itemCount - v * ITEMS_PER_VARIANT);
    // Distinct sizes within a variant, so item titles do not repeat.
    const offset = between(random, 0, SIZES.length - 1);
    for (let k = 0; k < count; k++) {
      const size = SIZES[(offset + k * 3) % SIZES.length]!;
      const draft: ItemSpecDraft = { dimensions: words.dimensions ? words.dimensions(random) : null, size };
      const base = between(random, 250, 8_000);
      const heavy = random() < 0.15;
      const weightKg = heavy ? between(random, 100, 5_000) / 100 : between(random, 50, 2_500) / 100;
      const weightUnit: WeightUnit = random() < 0.9 ? 'kg' : pick(random, ['lb', 'oz', 'g'] as const);
      variantItems.push({
        sku: `${SYNTHETIC_PREFIX}${number}-${v + 1}-${k + 1}`,
        title: `${name} ${VARIANT_NAMES[(firstName + v) % VARIANT_NAMES.length]} ${size}`,
        unitsPerPack,
        stock: random() < 0.05 ? 0 : unitsPerPack * between(random, 1, 400),
        trackInventory: random() >= 0.1,
        weight: Math.round(weightKg * PER_KG[weightUnit] * 100) / 100,
        weightUnit,
        dimensions: draft.dimensions,
        status: random() < 0.02 ? 'inactive' : 'active',
        values: words.fields.map((_field, index) => words.value(random, index, draft)),
        prices: factors.map((factor) => Math.round(base * factor)),
      });
    }
    variants.push({
      name: VARIANT_NAMES[(firstName + v) % VARIANT_NAMES.length]!,
      unitsPerPallet: palletised ? unitsPerPack * between(random, 20, 80) : null,
      showUnitsPer: palletised && random() < 0.1 ? 'pallet' : 'pack',
      fields: words.fields,
      tiers,
      items: variantItems,
    });
  }
  return { categoryId: category.id, name, slug, description, image: pick(random, words.images), variants };
}

// ---------------------------------------------------------------------------------------------
// Insertion, level by level, many rows per statement
// ---------------------------------------------------------------------------------------------

async function insertRound(tx: Executor, specs: ProductSpec[]): Promise<void> {
  const productRows = await insertJsonRows(
    tx,
    products,
    specs.map(({ categoryId, name, slug, description }) => ({
      categoryId,
      name,
      slug,
      description: sanitizeStoredHtml(description),
    })),
    ['id', 'slug'],
  );
  const productIds = new Map(productRows.map((row) => [row.slug as string, Number(row.id)]));
  await insertJsonRows(
    tx,
    productImages,
    specs.map((spec) => ({
      productId: productIds.get(spec.slug)!,
      image: spec.image,
      altText: spec.name,
      position: 0,
    })),
  );

  const variantList = specs.flatMap((spec) =>
    spec.variants.map((variant, position) => ({
      variant,
      productId: productIds.get(spec.slug)!,
      position,
      image: spec.image,
    })),
  );
  const variantRows = await insertJsonRows(
    tx,
    productVariants,
    variantList.map(({ variant, productId, position }) => ({
      productId,
      name: variant.name,
      unitsPerPallet: variant.unitsPerPallet,
      showUnitsPer: variant.showUnitsPer,
      position,
    })),
    ['id', 'productId', 'position'],
  );
  const variantIds = new Map(variantRows.map((row) => [`${row.productId}/${row.position}`, Number(row.id)]));
  const variants = variantList.map(({ variant, productId, position, image }) => ({
    ...variant,
    id: variantIds.get(`${productId}/${position}`)!,
    image,
  }));

  const fieldRows = await insertJsonRows(
    tx,
    tableFields,
    variants.flatMap((variant) =>
      variant.fields.map((field, position) => ({ productVariantId: variant.id, ...field, position })),
    ),
    ['id', 'productVariantId', 'position'],
  );
  const fieldIds = new Map(
    fieldRows.map((row) => [`${row.productVariantId}/${row.position}`, Number(row.id)]),
  );

  const tierRows = await insertJsonRows(
    tx,
    pricingTiers,
    variants.flatMap((variant) => variant.tiers.map((tier) => ({ productVariantId: variant.id, ...tier }))),
    ['id', 'productVariantId', 'tierType', 'rangeStart'],
  );
  const tierIds = new Map(
    tierRows.map((row) => [`${row.productVariantId}/${row.tierType}/${row.rangeStart}`, Number(row.id)]),
  );

  const itemRows = await insertJsonRows(
    tx,
    items,
    variants.flatMap((variant) =>
      variant.items.map((item) => ({
        productVariantId: variant.id,
        sku: item.sku,
        title: item.title,
        unitsPerPack: item.unitsPerPack,
        stock: item.stock,
        trackInventory: item.trackInventory,
        weight: item.weight,
        weightUnit: item.weightUnit,
        status: item.status,
        ...dimensionColumns(item.dimensions),
      })),
    ),
    ['id', 'sku'],
  );
  const itemIds = new Map(itemRows.map((row) => [row.sku as string, Number(row.id)]));

  const imageRows: (typeof itemImages.$inferInsert)[] = [];
  const entryRows: (typeof itemDataEntries.$inferInsert)[] = [];
  const priceRows: (typeof pricingData.$inferInsert)[] = [];
  for (const variant of variants) {
    for (const item of variant.items) {
      const itemId = itemIds.get(item.sku)!;
      imageRows.push({ itemId, image: variant.image, altText: item.title, position: 0 });
      variant.fields.forEach((field, position) => {
        const value = item.values[position]!;
        const isNumber = field.fieldType === 'number';
        entryRows.push({
          itemId,
          tableFieldId: fieldIds.get(`${variant.id}/${position}`)!,
          valueText: isNumber ? null : String(value),
          valueNumber: isNumber ? Number(value) : null,
        });
      });
      variant.tiers.forEach((tier, index) => {
        priceRows.push({
          pricingTierId: tierIds.get(`${variant.id}/${tier.tierType}/${tier.rangeStart}`)!,
          itemId,
          pricePence: item.prices[index]!,
        });
      });
    }
  }
  await insertJsonRows(tx, itemImages, imageRows);
  await insertJsonRows(tx, itemDataEntries, entryRows);
  await insertJsonRows(tx, pricingData, priceRows);
}

function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
