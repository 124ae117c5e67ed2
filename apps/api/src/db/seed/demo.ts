import { dimensionColumns } from '@shop/domain';
import { count, sql } from 'drizzle-orm';
import { sanitizeStoredHtml } from '../../lib/sanitize-html';
import type { Db } from '../client';
import {
  categories,
  itemDataEntries,
  itemImages,
  items,
  pricingData,
  pricingTiers,
  productImages,
  products,
  productVariants,
  tableFields,
} from '../schema';
import { insertMany, SEED_LOCK_KEY } from './batch';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, type DemoField } from './demo-data';

/** The catalogue the shop starts with; a test seeds a variant of it (hostile descriptions, say). */
export const DEMO_CATALOGUE = { categories: DEMO_CATEGORIES, products: DEMO_PRODUCTS };
import { seedShopSettings } from './shop-settings';

/**
 * Inserts the demo catalogue (DESIGN §6) when the categories table is empty, in one transaction, and the
 * default shop settings that are missing. Returns whether the catalogue was inserted.
 */
export async function seedDemoCatalogue(
  db: Db,
  { categories: DEMO_CATEGORIES, products: DEMO_PRODUCTS } = DEMO_CATALOGUE,
): Promise<boolean> {
  await seedShopSettings(db);
  return db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL server must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ value: count() }).from(categories);
    if ((existing?.value ?? 0) > 0) return false;

    const categoryRows = await tx
      .insert(categories)
      .values(
        DEMO_CATEGORIES.map((category, position) => ({
          ...category,
          description: sanitizeStoredHtml(category.description),
          position,
        })),
      )
      .returning({ id: categories.id, slug: categories.slug });
    const categoryIds = new Map(categoryRows.map((row) => [row.slug, row.id]));

    const productRows = await tx
      .insert(products)
      .values(
        DEMO_PRODUCTS.map((product) => ({
          categoryId: required(categoryIds, product.categorySlug),
          name: product.name,
          slug: product.slug,
          description: sanitizeStoredHtml(product.description),
          featuredRank: product.featuredRank,
        })),
      )
      .returning({ id: products.id, slug: products.slug });
    const productIds = new Map(productRows.map((row) => [row.slug, row.id]));

    await insertMany(
      tx,
      productImages,
      DEMO_PRODUCTS.flatMap((product) =>
        product.images.map((image, position) => ({
          productId: required(productIds, product.slug),
          image: image.image,
          altText: image.altText,
          position,
        })),
      ),
    );

    const variantRows = await tx
      .insert(productVariants)
      .values(
        DEMO_PRODUCTS.flatMap((product) =>
          product.variants.map((variant, position) => ({
            productId: required(productIds, product.slug),
            name: variant.name,
            unitsPerPallet: variant.unitsPerPallet,
            showUnitsPer: variant.showUnitsPer,
            position,
          })),
        ),
      )
      .returning({
        id: productVariants.id,
        productId: productVariants.productId,
        position: productVariants.position,
      });
    const variantIds = new Map(variantRows.map((row) => [`${row.productId}/${row.position}`, row.id]));

    // Every variant with its id, in data order, for the levels below.
    const variants = DEMO_PRODUCTS.flatMap((product) =>
      product.variants.map((variant, position) => ({
        ...variant,
        id: required(variantIds, `${required(productIds, product.slug)}/${position}`),
      })),
    );

    const fieldRows = await tx
      .insert(tableFields)
      .values(
        variants.flatMap((variant) =>
          variant.fields.map((field: DemoField, position) => ({
            productVariantId: variant.id,
            ...field,
            position,
          })),
        ),
      )
      .returning({
        id: tableFields.id,
        variantId: tableFields.productVariantId,
        position: tableFields.position,
      });
    const fieldIds = new Map(fieldRows.map((row) => [`${row.variantId}/${row.position}`, row.id]));

    const tierRows = await tx
      .insert(pricingTiers)
      .values(
        variants.flatMap((variant) =>
          variant.tiers.map((tier) => ({ productVariantId: variant.id, ...tier })),
        ),
      )
      .returning({
        id: pricingTiers.id,
        variantId: pricingTiers.productVariantId,
        tierType: pricingTiers.tierType,
        rangeStart: pricingTiers.rangeStart,
      });
    const tierIds = new Map(
      tierRows.map((row) => [`${row.variantId}/${row.tierType}/${row.rangeStart}`, row.id]),
    );

    const itemRows = await tx
      .insert(items)
      .values(
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
      )
      .returning({ id: items.id, sku: items.sku });
    const itemIds = new Map(itemRows.map((row) => [row.sku, row.id]));

    const imageRows: (typeof itemImages.$inferInsert)[] = [];
    const entryRows: (typeof itemDataEntries.$inferInsert)[] = [];
    const priceRows: (typeof pricingData.$inferInsert)[] = [];
    for (const variant of variants) {
      for (const item of variant.items) {
        const itemId = required(itemIds, item.sku);
        imageRows.push({ itemId, image: item.image, altText: item.title, position: 0 });
        variant.fields.forEach((field, position) => {
          const value = item.values[position]!;
          entryRows.push({
            itemId,
            tableFieldId: required(fieldIds, `${variant.id}/${position}`),
            valueText: field.fieldType === 'text' ? String(value) : null,
            valueNumber: field.fieldType === 'number' || field.fieldType === 'price' ? Number(value) : null,
            valueImage: field.fieldType === 'image' ? String(value) : null,
          });
        });
        variant.tiers.forEach((tier, index) => {
          priceRows.push({
            pricingTierId: required(tierIds, `${variant.id}/${tier.tierType}/${tier.rangeStart}`),
            itemId,
            pricePence: item.prices[index]!,
          });
        });
      }
    }
    await insertMany(tx, itemImages, imageRows);
    await insertMany(tx, itemDataEntries, entryRows);
    await insertMany(tx, pricingData, priceRows);
    return true;
  });
}

function required<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo seed: nothing inserted for ${String(key)}`);
  return value;
}
