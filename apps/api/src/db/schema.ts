/**
 * The shop's database schema (Drizzle, PostgreSQL). Column names are snake_case; ids are integer identities.
 * Money is integer pence; weights, dimensions and percentages are exact numerics read as JS numbers.
 * Migrations are generated from this file (`npm run db:generate`); nothing is edited by hand except the
 * custom `extensions` migration that creates pg_trgm, the triggers of 0005 and 0006, and the statistics at the
 * end of 0008.
 */
import type { DeliveryExtra, DeliveryService, DeliveryZone } from '@shop/domain';
import { relations, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  customType,
} from 'drizzle-orm/pg-core';

/** Binary content (a quote's attachments), read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// ---------------------------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------------------------

/** Pack or pallet: a variant's display basis, a tier's type and a cart or order line's unit. */
export const packUnitEnum = pgEnum('pack_unit', ['pack', 'pallet']);
export const fieldTypeEnum = pgEnum('field_type', ['image', 'price', 'number', 'text']);
export const weightUnitEnum = pgEnum('weight_unit', ['kg', 'lb', 'oz', 'g']);
export const measurementUnitEnum = pgEnum('measurement_unit', ['MM', 'CM', 'IN', 'M']);
export const itemStatusEnum = pgEnum('item_status', ['active', 'inactive']);
export const orderStatusEnum = pgEnum('order_status', [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
]);
/** ON_ACCOUNT: a trade account's order, its invoice issued and not yet paid. */
export const paymentStatusEnum = pgEnum('payment_status', ['PENDING', 'COMPLETED', 'REFUND', 'ON_ACCOUNT']);
export const otpPurposeEnum = pgEnum('otp_purpose', ['signup', 'forgot_password']);
export const emailStatusEnum = pgEnum('email_status', ['pending', 'sent', 'failed']);
/** Who a user is to the shop: owners manage staff; staff run the back office. */
export const userRoleEnum = pgEnum('user_role', ['customer', 'staff', 'owner']);
/** The documents the shop issues for an order, each kind numbered in its own gap-free sequence. */
export const documentKindEnum = pgEnum('document_kind', ['invoice', 'receipt', 'credit_note']);
/** A trade account's application and decision (DESIGN §7). */
export const companyStatusEnum = pgEnum('company_status', ['pending', 'approved', 'declined']);
/** A member's role in their company. */
export const companyRoleEnum = pgEnum('company_role', ['administrator', 'buyer', 'approver']);
/** What kind of business a company is: whether it has a Companies House number follows from it. */
export const businessTypeEnum = pgEnum('business_type', [
  'limited_company',
  'llp',
  'sole_trader',
  'partnership',
  'charity',
  'other',
]);
/** How a payment received on account came in. */
export const receivedMethodEnum = pgEnum('received_method', ['bank_transfer', 'cheque', 'card_by_phone']);

export type PackUnit = (typeof packUnitEnum.enumValues)[number];
export type FieldType = (typeof fieldTypeEnum.enumValues)[number];
export type WeightUnit = (typeof weightUnitEnum.enumValues)[number];
export type MeasurementUnit = (typeof measurementUnitEnum.enumValues)[number];
export type ItemStatus = (typeof itemStatusEnum.enumValues)[number];
export type OrderStatus = (typeof orderStatusEnum.enumValues)[number];
export type PaymentStatus = (typeof paymentStatusEnum.enumValues)[number];
export type OtpPurpose = (typeof otpPurposeEnum.enumValues)[number];
export type EmailStatus = (typeof emailStatusEnum.enumValues)[number];
export type UserRole = (typeof userRoleEnum.enumValues)[number];
export type CompanyStatus = (typeof companyStatusEnum.enumValues)[number];
export type CompanyRole = (typeof companyRoleEnum.enumValues)[number];

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Item dimensions: up to 9,999,999.999 in the item's unit. */
const dimension = (name: string) => numeric(name, { precision: 10, scale: 3, mode: 'number' });
/** Weights in kg, lb, oz or g, to 0.1 mg. */
const weight = (name: string) => numeric(name, { precision: 12, scale: 4, mode: 'number' });
const percentage = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'number' });

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique('categories_slug_unique'),
    description: text('description').notNull().default(''),
    /** Root-relative image path, e.g. /images/categories/wraps.svg. */
    image: text('image'),
    /** Wide banner for the home slider. */
    sliderImage: text('slider_image'),
    /** Display order (menu, home cards, slider), ascending. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('categories_position_idx').on(t.position, t.id),
    index('categories_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique('products_slug_unique'),
    /** HTML, sanitised on write by every write path with lib/sanitize-html.ts (and again on render). */
    description: text('description').notNull().default(''),
    /** Position 1..15 in the home page's product grid; null when not featured. */
    featuredRank: integer('featured_rank'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Category listing: name order, then id, without a sort.
    index('products_category_idx').on(t.categoryId, t.name, t.id),
    uniqueIndex('products_featured_rank_unique')
      .on(t.featuredRank)
      .where(sql`${t.featuredRank} is not null`),
    index('products_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    // The back office's product list in name order.
    index('products_name_idx').on(t.name, t.id),
    // Prefix search: lower(name) LIKE 'abc%'.
    index('products_name_lower_prefix').using('btree', sql`lower(${t.name}) text_pattern_ops`),
    check('products_featured_rank_positive', sql`${t.featuredRank} is null or ${t.featuredRank} >= 1`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    altText: text('alt_text').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Units (not packs) on one pallet; null when the variant is not sold by the pallet. */
    unitsPerPallet: integer('units_per_pallet'),
    showUnitsPer: packUnitEnum('show_units_per').notNull().default('pack'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    check(
      'product_variants_units_per_pallet_positive',
      sql`${t.unitsPerPallet} is null or ${t.unitsPerPallet} > 0`,
    ),
  ],
);

/** The configurable columns of a variant's item table (Colour, Thickness, ...). */
export const tableFields = pgTable(
  'table_fields',
  {
    id: id(),
    productVariantId: integer('product_variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fieldType: fieldTypeEnum('field_type').notNull().default('text'),
    longField: boolean('long_field').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('table_fields_variant_idx').on(t.productVariantId, t.position)],
);

export const items = pgTable(
  'items',
  {
    id: id(),
    productVariantId: integer('product_variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique('items_sku_unique'),
    title: text('title').notNull(),
    unitsPerPack: integer('units_per_pack').notNull().default(1),
    stock: integer('stock').notNull().default(0),
    trackInventory: boolean('track_inventory').notNull().default(true),
    /** Weight of one pack, in weight_unit. */
    weight: weight('weight').notNull().default(0),
    weightUnit: weightUnitEnum('weight_unit').notNull().default('kg'),
    lengthInInches: dimension('length_in_inches'),
    widthInInches: dimension('width_in_inches'),
    heightInInches: dimension('height_in_inches'),
    /** The unit of width/height/length below; null when the item has no dimensions. */
    measurementUnit: measurementUnitEnum('measurement_unit'),
    width: dimension('width'),
    height: dimension('height'),
    length: dimension('length'),
    /**
     * The item's width, height and length in mm, sorted ascending (a missing one counts as 0, so a flat
     * bag is [0, w, l]); null when the item has no dimensions. The size search compares sorted
     * dimensions, so orientation does not matter. Kept in step with width/height/length on every write.
     */
    dimSmallMm: dimension('dim_small_mm'),
    dimMidMm: dimension('dim_mid_mm'),
    dimLargeMm: dimension('dim_large_mm'),
    status: itemStatusEnum('status').notNull().default('active'),
    /** The back office lists a tracked item as low on stock when its stock is at or below this. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(10),
    createdAt: createdAt(),
  },
  (t) => [
    index('items_variant_status_idx').on(t.productVariantId, t.status),
    // The back office's low-stock list: tracked items by how far they are under their threshold.
    index('items_low_stock_idx')
      .using('btree', sql`(${t.stock} - ${t.lowStockThreshold})`, t.id)
      .where(sql`${t.trackInventory}`),
    // The back office's item list sorted by title or by stock (SKU order has the unique index).
    index('items_title_idx').on(t.title, t.id),
    index('items_stock_idx').on(t.stock, t.id),
    // The back office's item search by SKU or title.
    index('items_sku_title_trgm').using('gin', sql`(${t.sku} || ' ' || ${t.title}) gin_trgm_ops`),
    check('items_low_stock_threshold_range', sql`${t.lowStockThreshold} between 0 and 1000000`),
    // The size search reads item_sizes (below), kept in step with these columns by triggers.
    check('items_units_per_pack_positive', sql`${t.unitsPerPack} > 0`),
    check('items_stock_non_negative', sql`${t.stock} >= 0`),
    check('items_weight_non_negative', sql`${t.weight} >= 0`),
    check(
      'items_dims_sorted',
      sql`${t.dimSmallMm} is null or (${t.dimSmallMm} <= ${t.dimMidMm} and ${t.dimMidMm} <= ${t.dimLargeMm})`,
    ),
  ],
);

/**
 * The size search's narrow copy of items (migration 0005): one row per active item with all three sizes, with
 * its product's category and its sizes in mm, sorted ascending, as double precision. Written only by the
 * migration's triggers on items, product_variants and products, so every writer keeps it in step; the API
 * only reads it.
 */
export const itemSizes = pgTable(
  'item_sizes',
  {
    itemId: integer('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    dimSmallMm: doublePrecision('dim_small_mm').notNull(),
    dimMidMm: doublePrecision('dim_mid_mm').notNull(),
    dimLargeMm: doublePrecision('dim_large_mm').notNull(),
  },
  (t) => [
    // The migration adds INCLUDE (item_id), which Drizzle cannot declare: the search reads only this index.
    index('item_sizes_search_idx').on(t.categoryId, t.dimLargeMm, t.dimMidMm, t.dimSmallMm),
    check('item_sizes_sorted', sql`${t.dimSmallMm} <= ${t.dimMidMm} and ${t.dimMidMm} <= ${t.dimLargeMm}`),
  ],
);

export const itemImages = pgTable(
  'item_images',
  {
    id: id(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    altText: text('alt_text').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('item_images_item_idx').on(t.itemId, t.position)],
);

/** An item's value for one of its variant's table fields. */
export const itemDataEntries = pgTable(
  'item_data_entries',
  {
    id: id(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    tableFieldId: integer('table_field_id')
      .notNull()
      .references(() => tableFields.id, { onDelete: 'cascade' }),
    valueText: text('value_text'),
    valueNumber: numeric('value_number', { mode: 'number' }),
    valueImage: text('value_image'),
  },
  (t) => [
    unique('item_data_entries_item_field_unique').on(t.itemId, t.tableFieldId),
    index('item_data_entries_field_idx').on(t.tableFieldId),
  ],
);

/**
 * A quantity band of a variant. Pack tiers count packs, pallet tiers count pallets; an open-ended tier
 * (no_end_range) matches at or above range_start.
 */
export const pricingTiers = pgTable(
  'pricing_tiers',
  {
    id: id(),
    productVariantId: integer('product_variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    tierType: packUnitEnum('tier_type').notNull().default('pack'),
    rangeStart: integer('range_start').notNull(),
    rangeEnd: integer('range_end'),
    noEndRange: boolean('no_end_range').notNull().default(false),
  },
  (t) => [
    index('pricing_tiers_variant_idx').on(t.productVariantId, t.tierType, t.rangeStart),
    check('pricing_tiers_range_start_non_negative', sql`${t.rangeStart} >= 0`),
    check(
      'pricing_tiers_range_valid',
      sql`(${t.noEndRange} or ${t.rangeEnd} is not null) and (${t.rangeEnd} is null or ${t.rangeEnd} >= ${t.rangeStart})`,
    ),
  ],
);

/** The price of one pack of an item in one tier. */
export const pricingData = pgTable(
  'pricing_data',
  {
    id: id(),
    pricingTierId: integer('pricing_tier_id')
      .notNull()
      .references(() => pricingTiers.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    pricePence: integer('price_pence').notNull(),
  },
  (t) => [
    unique('pricing_data_tier_item_unique').on(t.pricingTierId, t.itemId),
    index('pricing_data_item_idx').on(t.itemId),
    check('pricing_data_price_non_negative', sql`${t.pricePence} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Trimmed and lower-cased before it is stored (a check enforces lower case). */
    email: text('email').notNull().unique('users_email_unique'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name'),
    interestedInMarketingCommunications: boolean('interested_in_marketing_communications')
      .notNull()
      .default(false),
    role: userRoleEnum('role').notNull().default('customer'),
    isActive: boolean('is_active').notNull().default(true),
    /** The address book's defaults for checkout (null: none chosen); cleared when the address is deleted. */
    defaultBillingAddressId: integer('default_billing_address_id').references(
      (): AnyPgColumn => addresses.id,
      { onDelete: 'set null' },
    ),
    defaultShippingAddressId: integer('default_shipping_address_id').references(
      (): AnyPgColumn => addresses.id,
      { onDelete: 'set null' },
    ),
    /** When the buyer deleted the account: the personal data is erased, the orders kept (docs/operations.md). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    // The back office's customer list, newest first, and its search by e-mail, name or company.
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_last_name_idx').on(t.lastName, t.id),
    index('users_search_trgm').using(
      'gin',
      sql`(${t.email} || ' ' || ${t.firstName} || ' ' || ${t.lastName} || ' ' || coalesce(${t.companyName}, '')) gin_trgm_ops`,
    ),
  ],
);

/**
 * The address book. An address is a user's own, or a company's, shared with its members: one
 * table, so the checkout names either by the same kind of id.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    /** The owner; null for a company's address. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The company whose members share this address; null for a user's own. */
    companyId: integer('company_id').references((): AnyPgColumn => companies.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state'),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('UK'),
    telephoneNumber: text('telephone_number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.id),
    index('addresses_company_idx').on(t.companyId, t.id),
    check('addresses_one_owner', sql`(${t.userId} is null) <> (${t.companyId} is null)`),
  ],
);

/** Per-user discounts on single items. */
export const exclusivePrices = pgTable(
  'exclusive_prices',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    discountPercentage: percentage('discount_percentage').notNull(),
    /** The first day the price applies (UK date); null: from the start. */
    startsOn: date('starts_on', { mode: 'string' }),
    /** The last day the price applies (UK date); null: with no end. */
    endsOn: date('ends_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('exclusive_prices_user_item_unique').on(t.userId, t.itemId),
    check(
      'exclusive_prices_dates_ordered',
      sql`${t.startsOn} is null or ${t.endsOn} is null or ${t.startsOn} <= ${t.endsOn}`,
    ),
    index('exclusive_prices_item_idx').on(t.itemId),
    check(
      'exclusive_prices_discount_range',
      sql`${t.discountPercentage} >= 0 and ${t.discountPercentage} <= 100`,
    ),
  ],
);

/** A six-digit one-time code sent by e-mail, stored hashed (DESIGN §4.1). */
export const emailVerificationCodes = pgTable(
  'email_verification_codes',
  {
    id: id(),
    email: text('email').notNull(),
    purpose: otpPurposeEnum('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** A keyed hash of the client address that asked for the code (no address is kept). */
    requestedBy: text('requested_by').notNull().default(''),
    /** Wrong tries from the client that asked for the code. */
    attempts: integer('attempts').notNull().default(0),
    /** Wrong tries from every other client together, so strangers cannot use up the owner's tries. */
    foreignAttempts: integer('foreign_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // Also serves the count of an address's codes of the last day, whatever their purpose (email leads).
  (t) => [index('email_verification_codes_email_purpose_idx').on(t.email, t.purpose, t.createdAt)],
);

/** Single-use proof that an OTP was checked; signup/ and reset-password/ require it (DESIGN §4.2). */
export const verificationTokens = pgTable(
  'verification_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique('verification_tokens_token_hash_unique'),
    email: text('email').notNull(),
    purpose: otpPurposeEnum('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_tokens_expires_idx').on(t.expiresAt)],
);

/** Opaque refresh tokens, stored hashed, rotated on use; a family shares one absolute lifetime. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_token_hash_unique'),
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The token that replaced this one on rotation. */
    replacedBy: integer('replaced_by').references((): AnyPgColumn => refreshTokens.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_expires_idx').on(t.familyExpiresAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Commerce
// ---------------------------------------------------------------------------------------------

/**
 * Each user has one cart (`quoteId` null); checking out empties it. An accepted quote has a cart of its own,
 * whose lines carry the quoted prices and cannot be changed.
 */
export const carts = pgTable(
  'carts',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The accepted quote this cart checks out (null: the user's own cart). */
    quoteId: integer('quote_id')
      .unique('carts_quote_unique')
      .references((): AnyPgColumn => quotes.id, { onDelete: 'cascade' }),
    /** A quote cart's delivery price as quoted, pence (null: priced by the delivery rules). */
    quotedDeliveryPence: integer('quoted_delivery_pence'),
    /**
     * The buyer's delivery choice: the postcode the cart page quotes for (null: the mainland
     * estimate), the service (null: the cheapest) and a pallet's extras. The server prices them; a choice the
     * cart can no longer have falls back to the cheapest on the cart page and is refused at payment.
     */
    deliveryPostalCode: text('delivery_postal_code'),
    deliveryService: text('delivery_service').$type<DeliveryService>(),
    deliveryExtras: jsonb('delivery_extras').$type<DeliveryExtra[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('carts_user_unique')
      .on(t.userId)
      .where(sql`${t.quoteId} is null`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    pricingTierId: integer('pricing_tier_id')
      .notNull()
      .references(() => pricingTiers.id, { onDelete: 'cascade' }),
    packQuantity: integer('pack_quantity').notNull().default(1),
    unitType: packUnitEnum('unit_type').notNull().default('pack'),
    exclusivePriceId: integer('exclusive_price_id').references(() => exclusivePrices.id, {
      onDelete: 'set null',
    }),
    /** A quote cart's line: the quoted price per pack, pence, which no tier or discount changes. */
    quotedPricePence: integer('quoted_price_pence'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('cart_items_cart_item_unit_unique').on(t.cartId, t.itemId, t.unitType),
    index('cart_items_item_idx').on(t.itemId),
    index('cart_items_tier_idx').on(t.pricingTierId),
    index('cart_items_exclusive_price_idx').on(t.exclusivePriceId),
    check('cart_items_pack_quantity_positive', sql`${t.packQuantity} > 0`),
    // Backs the service's MAX_PACK_QUANTITY: no write path can store more.
    check('cart_items_pack_quantity_cap', sql`${t.packQuantity} <= 100000`),
  ],
);

/** An address as it was when the order was placed. */
export interface AddressSnapshot {
  first_name: string;
  last_name: string;
  street: string;
  city: string;
  state: string | null;
  postal_code: string;
  country: string;
  telephone_number: string;
}

/** The seller as a document prints it (the back office's invoice settings when the document was issued). */
export interface SellerSnapshot {
  legal_name: string;
  address: { street: string; city: string; postal_code: string; country: string };
  vat_number: string;
  company_number: string;
  /**
   * The bank details set when the document was issued, printed on an invoice on account; null when
   * none were set, absent on documents issued before.
   */
  bank?: { account_name: string; sort_code: string; account_number: string } | null;
}

/**
 * Whom a company's order is invoiced to: the company's legal name and invoice address from its profile when
 * the order was made (the buyer chooses only where the goods go).
 */
export interface BillToSnapshot {
  legal_name: string;
  address: AddressSnapshot;
}

/** A document an outbound e-mail carries, made when the message is sent from the figures stored for it. */
export type EmailAttachmentRef =
  | { kind: 'invoice' | 'receipt'; order_id: number }
  | { kind: 'credit_note'; order_id: number; refund_id: number }
  /** A company's statement of account for a month 'YYYY-MM', drawn from the ledger when sent. */
  | { kind: 'statement'; company_id: number; month: string }
  /** A version of a quote, drawn from the figures stored when it was sent. */
  | { kind: 'quote'; quote_id: number; version: number };

/** How the order ships (spec 2, §3 shipping_details). */
export interface ShippingDetailsSnapshot {
  parcel_type: string;
  parcels_needed: number;
  explanation: string;
  /** A held order's delivery choice, dated when an approver places it. */
  service?: DeliveryService | undefined;
  extras?: DeliveryExtra[] | undefined;
}

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: orderStatusEnum('status').notNull().default('pending'),
    paymentStatus: paymentStatusEnum('payment_status').notNull().default('PENDING'),
    paymentVerified: boolean('payment_verified').notNull().default(false),
    subtotalPence: integer('subtotal_pence').notNull(),
    discountPence: integer('discount_pence').notNull().default(0),
    shippingPence: integer('shipping_pence').notNull().default(0),
    vatPence: integer('vat_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    /** VAT percentage applied, e.g. 20. */
    vatRate: percentage('vat_rate').notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** The payment provider's id of the payment (idempotency key of order creation). */
    transactionId: text('transaction_id').unique('orders_transaction_id_unique'),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>().notNull(),
    billingAddress: jsonb('billing_address').$type<AddressSnapshot>().notNull(),
    /**
     * A company's order: the company its documents are addressed to, as its profile stood when the order was
     * made. Null for a consumer's order (its billing address is the addressee) and on orders from before.
     */
    billTo: jsonb('bill_to').$type<BillToSnapshot>(),
    shippingDetails: jsonb('shipping_details').$type<ShippingDetailsSnapshot>(),
    totalWeightKg: weight('total_weight_kg').notNull().default(0),
    /**
     * The delivery promise, fixed when the order is made: the service and extras paid for, the
     * zone of the shipping address, the day it must leave the warehouse and the day promised to the buyer
     * (UK days). Null on orders from before the promise.
     */
    deliveryService: text('delivery_service').$type<DeliveryService>(),
    deliveryExtras: jsonb('delivery_extras').$type<DeliveryExtra[]>().notNull().default([]),
    deliveryZone: text('delivery_zone').$type<DeliveryZone>(),
    dispatchBy: date('dispatch_by', { mode: 'string' }),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /** Set by staff when the order ships. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** Pence refunded to the buyer through the provider, across every refund of the order. */
    refundedPence: integer('refunded_pence').notNull().default(0),
    /**
     * What covers the order as a ledger's invoice (DESIGN §7), in pence: its succeeded credit notes, the
     * allocations to it of payments received that are not reversed, and credit notes' credit set against it,
     * less the credit moved off its own notes to other invoices. Its open amount is `total_pence` less this,
     * never below zero. Kept by triggers on refunds, payment_allocations, payments_received and
     * credit_allocations (migration 0020), so every writer keeps it in step, in the writer's transaction; the
     * dashboard's aged debt reads it instead of summing the whole ledger a call.
     */
    coveredPence: integer('covered_pence').notNull().default(0),
    /**
     * The VAT invoice's and the paid receipt's numbers, each from its gap-free sequence (document_sequences),
     * given in the statement that makes the order, so a rolled-back order takes no number.
     */
    invoiceNumber: integer('invoice_number').unique('orders_invoice_number_unique'),
    receiptNumber: integer('receipt_number').unique('orders_receipt_number_unique'),
    /** The seller's details as the invoice prints them, as they were when the order was paid. */
    seller: jsonb('seller').$type<SellerSnapshot>(),
    /**
     * Paid through the built-in `test` processor: no money moved. Marked TEST wherever staff see it, kept out
     * of revenue, and its documents say they are not VAT invoices.
     */
    isTest: boolean('is_test').notNull().default(false),
    /** The trade account the order was placed under; null for a consumer's order. */
    companyId: integer('company_id').references((): AnyPgColumn => companies.id, { onDelete: 'restrict' }),
    /** The buyer's purchase-order number, printed on every document and e-mail of the order. */
    purchaseOrderNumber: text('purchase_order_number'),
    /** On account: the day the invoice falls due (UK date) and the terms it was issued on. */
    invoiceDueDate: date('invoice_due_date', { mode: 'string' }),
    paymentTerms: jsonb('payment_terms').$type<PaymentTermsSnapshot>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A company's orders, newest first (My account's company history), and what it owes (the credit check).
    index('orders_company_created_idx').on(t.companyId, t.createdAt, t.id),
    // (Not a partial index on ON_ACCOUNT: a new enum value cannot be used in the migration that adds it.)
    index('orders_company_owed_idx').on(t.companyId, t.paymentStatus),
    // The reminders' pass: unpaid invoices on account by due day. Paid (COMPLETED) and credited in
    // full (REFUND) ones leave it, so a pass reads the open ones only, however long the history grows. (Not
    // `= 'ON_ACCOUNT'`: a fresh database runs every migration in one transaction, where 0013's new enum value
    // cannot be used.)
    // It also carries what the dashboard's aged debt reads of each open invoice (company, total, days, status,
    // what covers it), so that chart is an index-only scan and never reads the wide order rows of the history.
    index('orders_account_due_idx')
      .on(t.invoiceDueDate, t.id, t.companyId, t.totalPence, t.createdAt, t.paymentStatus, t.coveredPence)
      .where(sql`${t.paymentMethod} = 'account' and ${t.paymentStatus} not in ('COMPLETED', 'REFUND')`),
    // The dashboard's sales by day and month: invoiced (PENDING is the only status not invoiced; not
    // `in (…'ON_ACCOUNT')`, which a fresh database's one migration transaction cannot use), not cancelled, not
    // test orders, by instant, with the sums' columns, read index-only.
    index('orders_sales_idx')
      .on(t.createdAt, t.totalPence, t.vatPence)
      .where(sql`${t.paymentStatus} <> 'PENDING' and ${t.status} <> 'cancelled' and not ${t.isTest}`),
    // Staff's filter by the start of a purchase-order number in any case: `upper(…) like 'PO-1%'`, which
    // text_pattern_ops serves under any collation (migration 0014).
    index('orders_purchase_order_prefix_idx').on(sql`upper(${t.purchaseOrderNumber}) text_pattern_ops`),
    check('orders_refund_range', sql`${t.refundedPence} >= 0 and ${t.refundedPence} <= ${t.totalPence}`),
    // The back office's order list, newest first (the status index serves its status filter).
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_total_idx').on(t.totalPence, t.id),
    index('orders_payment_status_idx').on(t.paymentStatus, t.createdAt, t.id),
    index('orders_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('orders_status_idx').on(t.status, t.createdAt, t.id),
    // The back office's list by dispatch-by day, and the dashboard's orders due out today.
    index('orders_dispatch_by_idx').on(t.dispatchBy, t.id),
    // MAX_ORDER_TOTAL_PENCE: no order costs more than one card payment may take.
    check('orders_total_range', sql`${t.totalPence} >= 0 and ${t.totalPence} <= 99999999`),
  ],
);

/** An order line, copied from the cart and catalogue so it survives catalogue changes. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').references(() => items.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    packQuantity: integer('pack_quantity').notNull(),
    unitsPerPack: integer('units_per_pack').notNull(),
    unitType: packUnitEnum('unit_type').notNull().default('pack'),
    pricePerPackPence: integer('price_per_pack_pence').notNull(),
    subtotalPence: integer('subtotal_pence').notNull(),
    discountPercentage: percentage('discount_percentage').notNull().default(0),
    totalPence: integer('total_pence').notNull(),
    /** Weight of the whole line (all its packs) in kg. */
    weightKg: weight('weight_kg').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_item_idx').on(t.itemId),
    // The back office's order filter by SKU.
    index('order_items_sku_idx').on(t.sku),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 'stripe' or 'test'. */
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull().unique('payments_provider_payment_id_unique'),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('GBP'),
    /** The provider's status, e.g. requires_payment_method, succeeded, refunded. */
    status: text('status').notNull(),
    /** The provider's client secret, handed back for the same cart contents (never logged). */
    clientSecret: text('client_secret').notNull(),
    /** A digest of the cart's lines and total the amount was priced for (see orders/cart-version.ts). */
    cartVersion: text('cart_version').notNull(),
    /** Where the order ships, given before the card is confirmed so the webhook can make the order. */
    billingAddress: jsonb('billing_address').$type<AddressSnapshot>(),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>(),
    /**
     * The postcode the amount's delivery was priced for: the shipping address's, else the cart's,
     * else the buyer's default address's; null for the mainland. The order prices with it, so it charges what
     * was paid (decision 012).
     */
    deliveryPostalCode: text('delivery_postal_code'),
    /** Pence refunded through the provider. */
    refundedPence: integer('refunded_pence').notNull().default(0),
    /** Why a paid payment made no order (and was refunded): shown to the buyer. */
    failureReason: text('failure_reason'),
    /**
     * When a paid payment was found with no addresses to send the goods to (a client that names them only in
     * POST orders/): it waits for them until reconciliation refunds it after a window.
     */
    awaitingDetailsSince: timestamp('awaiting_details_since', { withTimezone: true }),
    /** A trade buyer's purchase-order number, named with the intent so a webhook-made order has it too. */
    purchaseOrderNumber: text('purchase_order_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_cart_idx').on(t.cartId, t.id.desc()),
    index('payments_user_idx').on(t.userId),
    check('payments_amount_range', sql`${t.amountPence} > 0 and ${t.amountPence} <= 99999999`),
    check('payments_refund_range', sql`${t.refundedPence} >= 0 and ${t.refundedPence} <= ${t.amountPence}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// The built-in `test` card processor's own records (it stands where Stripe's servers would)
// ---------------------------------------------------------------------------------------------

export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    /** pi_test_… */
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull().unique('test_payment_intents_client_secret_unique'),
    /** The caller's Idempotency-Key: the same key gives the same intent. */
    idempotencyKey: text('idempotency_key').notNull().unique('test_payment_intents_idempotency_key_unique'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    /** The last card error, as the processor answered it. */
    lastError: jsonb('last_error').$type<{ code: string; message: string; decline_code?: string }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('test_payment_intents_refund_range', sql`${t.amountRefunded} between 0 and ${t.amount}`)],
);

/** The processor's webhook outbox: events it delivers (and retries) to the shop's webhook endpoint. */
export const testPaymentEvents = pgTable(
  'test_payment_events',
  {
    /** evt_test_… */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    intentId: text('intent_id').notNull(),
    /** The event as delivered (Stripe's event shape). */
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_payment_events_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Mail, contact, settings, rate limits
// ---------------------------------------------------------------------------------------------

/** The e-mail outbox: rows are sent (and retried) by a worker, so nothing is lost when SMTP is down. */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Documents to attach, made from their stored figures when the message is sent. */
    attachments: jsonb('attachments').$type<EmailAttachmentRef[]>(),
    status: emailStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbound_emails_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbound_emails_to_idx').on(t.toAddress, t.createdAt),
  ],
);

export const contactQueries = pgTable(
  'contact_queries',
  {
    id: id(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** When staff marked the query handled (null: waiting for an answer). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    /** When staff last replied by e-mail. */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_queries_created_idx').on(t.createdAt, t.id),
    index('contact_queries_unhandled_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.handledAt} is null`),
  ],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    /** Stored lower-cased. */
    email: text('email').notNull().unique('newsletter_subscriptions_email_unique'),
    /** When the address was unsubscribed (null: subscribed); subscribing again clears it. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The back office's search of the list by part of an address.
  (t) => [index('newsletter_subscriptions_email_trgm').using('gin', t.email.op('gin_trgm_ops'))],
);

/** Settings the back office edits: one JSON value per key (see seed/shop-settings.ts for the keys). */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** The last number given of each kind of document: taken under the row's lock, so no number is skipped. */
export const documentSequences = pgTable('document_sequences', {
  kind: documentKindEnum('kind').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/** Fixed-window counters, so rate limits hold across several API instances. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

// ---------------------------------------------------------------------------------------------
// Back office
// ---------------------------------------------------------------------------------------------

/** Every change made through the back office: who, what, when, before and after. Only ever appended. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    /** Null when the actor's account was later deleted, or for changes made from the command line. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's e-mail at the time, kept when the account goes. */
    actorEmail: text('actor_email').notNull(),
    /** What was done, e.g. 'product.update', 'order.ship', 'order.refund'. */
    action: text('action').notNull(),
    /** The kind of thing changed ('product', 'order', 'user', 'settings', ...) and its id. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt, t.id),
  ],
);

/** Each change to an item's stock: a staff adjustment (with its reason), a sale or a restock on cancel. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** Units added (positive) or taken (negative), in the unit `items.stock` counts (units, not packs). */
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('stock_movements_item_idx').on(t.itemId, t.createdAt, t.id)],
);

/** An order's status changes, with when and by whom: the buyer's /track-order shows them. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatusEnum('status').notNull(),
    /** Shown to the buyer, e.g. the carrier and tracking number. */
    note: text('note').notNull().default(''),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

/** A refund of an order through the payment provider, full or partial. */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The card payment refunded; null for an order on account, whose credit note moves no card money. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    amountPence: integer('amount_pence').notNull(),
    reason: text('reason').notNull().default(''),
    /** The order lines refunded, when the refund was by line: order_item_id and packs. */
    lines: jsonb('lines').$type<{ order_item_id: number; pack_quantity: number; amount_pence: number }[]>(),
    /** 'pending' while the provider is asked, then 'succeeded' or 'failed'. */
    status: text('status').notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The credit note's number, from its own gap-free sequence, given when the provider made the refund. */
    creditNoteNumber: integer('credit_note_number').unique('refunds_credit_note_number_unique'),
    /** When the credit note was issued, and the seller's details as it prints them. */
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    seller: jsonb('seller').$type<SellerSnapshot>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.id),
    // The VAT return and the accounts exports: credit notes by the day they were issued.
    index('refunds_issued_idx').on(t.issuedAt),
    check('refunds_amount_positive', sql`${t.amountPence} > 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Trade accounts (DESIGN §7)
// ---------------------------------------------------------------------------------------------

/** Payment terms as a company and its invoices keep them (the domain's PaymentTerms). */
export type PaymentTermsSnapshot = { kind: 'days'; days: number } | { kind: 'end_of_following_month' };

/** A trade account: the application, staff's decision, the credit limit, terms and hold. */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    status: companyStatusEnum('status').notNull().default('pending'),
    legalName: text('legal_name').notNull(),
    tradingName: text('trading_name').notNull(),
    businessType: businessTypeEnum('business_type').notNull().default('limited_company'),
    /** '' when the business has none (only limited companies and LLPs must give one). */
    companyNumber: text('company_number').notNull(),
    /** '' when the business is not VAT registered. */
    vatNumber: text('vat_number').notNull(),
    registeredAddress: jsonb('registered_address').$type<AddressSnapshot>().notNull(),
    invoiceAddress: jsonb('invoice_address').$type<AddressSnapshot>().notNull(),
    accountsEmail: text('accounts_email').notNull(),
    requestedCreditLimitPence: integer('requested_credit_limit_pence').notNull().default(0),
    tradeReferences: jsonb('trade_references').$type<{ name: string; email: string }[]>().notNull(),
    /** Given by staff on approval; 0 means card payment only. */
    creditLimitPence: integer('credit_limit_pence').notNull().default(0),
    /** Null until approved with credit. */
    paymentTerms: jsonb('payment_terms').$type<PaymentTermsSnapshot>(),
    /** The company's own setting: checkout asks every order for a purchase-order number. */
    poRequired: boolean('po_required').notNull().default(false),
    onHold: boolean('on_hold').notNull().default(false),
    /** Why, as the buyers read it. */
    holdReason: text('hold_reason'),
    /** 'staff' (by hand, lifted only by hand) or 'automatic' (an overdue invoice). */
    holdSetBy: text('hold_set_by'),
    declineReason: text('decline_reason'),
    applicantId: integer('applicant_id').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_created_idx').on(t.createdAt, t.id),
    index('companies_status_idx').on(t.status, t.createdAt, t.id),
    index('companies_search_trgm').using(
      'gin',
      sql`(${t.legalName} || ' ' || ${t.tradingName} || ' ' || ${t.companyNumber}) gin_trgm_ops`,
    ),
    check('companies_credit_range', sql`${t.creditLimitPence} >= 0 and ${t.creditLimitPence} <= 99999999`),
    check(
      'companies_requested_range',
      sql`${t.requestedCreditLimitPence} >= 0 and ${t.requestedCreditLimitPence} <= 99999999`,
    ),
    check('companies_hold_set_by', sql`${t.holdSetBy} is null or ${t.holdSetBy} in ('staff', 'automatic')`),
  ],
);

/** A user's place in a company: one company per user (the unique user), with a role and an order limit. */
export const companyMembers = pgTable(
  'company_members',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' })
      .unique('company_members_user_unique'),
    role: companyRoleEnum('role').notNull(),
    /** On-account orders above it wait for an approver; null: no limit. */
    orderLimitPence: integer('order_limit_pence'),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_members_company_idx').on(t.companyId, t.id),
    check(
      'company_members_limit_range',
      sql`${t.orderLimitPence} is null or (${t.orderLimitPence} > 0 and ${t.orderLimitPence} <= 99999999)`,
    ),
  ],
);

/**
 * An invitation to join a company, by e-mail. It is accepted by a signed-in user whose account has that
 * e-mail address, which the sign-up's e-mailed code proved (decision 010).
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: companyRoleEnum('role').notNull(),
    orderLimitPence: integer('order_limit_pence'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('company_invitations_company_email_unique').on(t.companyId, t.email),
    index('company_invitations_email_idx').on(t.email),
    check('company_invitations_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check(
      'company_invitations_limit_range',
      sql`${t.orderLimitPence} is null or (${t.orderLimitPence} > 0 and ${t.orderLimitPence} <= 99999999)`,
    ),
  ],
);

/** A company's exclusive price on an item: every member gets it; the lower of it and a personal one applies. */
export const companyPrices = pgTable(
  'company_prices',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    discountPercentage: percentage('discount_percentage').notNull(),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('company_prices_company_item_unique').on(t.companyId, t.itemId),
    index('company_prices_item_idx').on(t.itemId),
    check(
      'company_prices_dates_ordered',
      sql`${t.startsOn} is null or ${t.endsOn} is null or ${t.startsOn} <= ${t.endsOn}`,
    ),
    check(
      'company_prices_discount_range',
      sql`${t.discountPercentage} >= 0 and ${t.discountPercentage} <= 100`,
    ),
  ],
);

/**
 * An on-account order above its buyer's order limit, waiting for an approver. It takes no stock
 * and no credit: the figures and lines are kept as the buyer saw them, and approving it places the order at
 * them, with stock and credit checked at that moment.
 */
export const orderApprovals = pgTable(
  'order_approvals',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** awaiting_approval, approved (order_id set), declined, or refused (approved but stock or credit gone). */
    status: text('status').notNull().default('awaiting_approval'),
    lines: jsonb('lines').notNull(),
    subtotalPence: integer('subtotal_pence').notNull(),
    discountPence: integer('discount_pence').notNull(),
    shippingPence: integer('shipping_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    vatRate: percentage('vat_rate').notNull(),
    totalWeightKg: weight('total_weight_kg').notNull(),
    shippingDetails: jsonb('shipping_details').$type<ShippingDetailsSnapshot>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>().notNull(),
    billingAddress: jsonb('billing_address').$type<AddressSnapshot>().notNull(),
    purchaseOrderNumber: text('purchase_order_number'),
    /**
     * The accepted quote whose cart the held order was made from: approving it applies the quote's rules
     * (withdrawn or expired refuses) and marks the quote ordered (decision 013).
     */
    quoteId: integer('quote_id').references((): AnyPgColumn => quotes.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_approvals_company_idx').on(t.companyId, t.status, t.createdAt, t.id),
    index('order_approvals_user_idx').on(t.userId, t.createdAt, t.id),
    check(
      'order_approvals_status',
      sql`${t.status} in ('awaiting_approval', 'approved', 'declined', 'refused')`,
    ),
    check('order_approvals_total_range', sql`${t.totalPence} > 0 and ${t.totalPence} <= 99999999`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Receivables (DESIGN §7): the ledger is derived from these rows, never a balance kept in place
// ---------------------------------------------------------------------------------------------

/**
 * Money a company paid the shop on account (a bank transfer, a cheque or a card taken by phone), recorded by
 * staff; or, with `reversesId`, the entry that reverses such a payment recorded by mistake. Nothing here is
 * updated or deleted: a reversed payment and its allocations stop counting because its reversal exists.
 */
export const paymentsReceived = pgTable(
  'payments_received',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    amountPence: integer('amount_pence').notNull(),
    /** The UK day the money arrived (the bank statement's date), which the ledger and statements print. */
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    method: receivedMethodEnum('method').notNull(),
    /** The bank reference, cheque number or card authorisation, as staff typed it. */
    reference: text('reference').notNull().default(''),
    /** The payment this entry reverses (its amount repeated); null for a payment. At most one reversal each. */
    reversesId: integer('reverses_id')
      .unique('payments_received_reverses_unique')
      .references((): AnyPgColumn => paymentsReceived.id, { onDelete: 'restrict' }),
    /** Why a payment was reversed. */
    reason: text('reason'),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_received_company_idx').on(t.companyId, t.receivedOn, t.id),
    check('payments_received_amount_range', sql`${t.amountPence} > 0 and ${t.amountPence} <= 99999999`),
  ],
);

/**
 * Part of a payment received set against one on-account invoice (an order). A payment may be allocated across
 * several invoices, and more of it later; what is not allocated is credit on the account. The allocations of a
 * reversed payment no longer count.
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: id(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => paymentsReceived.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountPence: integer('amount_pence').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_allocations_payment_idx').on(t.paymentId, t.id),
    index('payment_allocations_order_idx').on(t.orderId, t.id),
    check('payment_allocations_amount_range', sql`${t.amountPence} > 0 and ${t.amountPence} <= 99999999`),
  ],
);

/**
 * Part of a credit note's credit set against another on-account invoice of the same company: what the credit
 * note covers beyond its own invoice (one already paid) is credit on the account, allocated as a payment's
 * unallocated part is. The invoice the note was issued on keeps the rest of it.
 */
export const creditAllocations = pgTable(
  'credit_allocations',
  {
    id: id(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountPence: integer('amount_pence').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_allocations_refund_idx').on(t.refundId, t.id),
    index('credit_allocations_order_idx').on(t.orderId, t.id),
    check('credit_allocations_amount_range', sql`${t.amountPence} > 0 and ${t.amountPence} <= 99999999`),
  ],
);

/**
 * Each effect of the receivables' scheduled work done once (DESIGN §7): a reminder for an invoice, a monthly
 * statement, a hold set or lifted. The work inserts its key in the transaction that queues the e-mail or
 * changes the company; a second process, or a second pass, finds the key taken and does nothing.
 */
export const scheduledEffects = pgTable(
  'scheduled_effects',
  {
    id: id(),
    /** 'reminder', 'statement', 'hold', 'hold_lifted'. */
    kind: text('kind').notNull(),
    /** The order (a reminder) or the company (a statement or hold) the effect is about. */
    subjectId: integer('subject_id').notNull(),
    /** Which one of its kind: 'before', 'due', 'overdue-2' for a reminder; '2026-11' for a statement. */
    period: text('period').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('scheduled_effects_key').on(t.kind, t.subjectId, t.period)],
);

// ---------------------------------------------------------------------------------------------
// Repeat buying and quotes
// ---------------------------------------------------------------------------------------------

/**
 * A saved list of items with a default number of packs. `companyId` null: the owner's own list; set: shared
 * with that company, where every member may use it and its administrators and approvers may edit it.
 */
export const savedLists = pgTable(
  'saved_lists',
  {
    id: id(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_lists_owner_idx').on(t.ownerId, t.id),
    index('saved_lists_company_idx')
      .on(t.companyId, t.id)
      .where(sql`${t.companyId} is not null`),
  ],
);

export const savedListLines = pgTable(
  'saved_list_lines',
  {
    id: id(),
    listId: integer('list_id')
      .notNull()
      .references(() => savedLists.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    packs: integer('packs').notNull(),
    /**
     * What one pack cost the buyer when the line was saved or last put in the cart (after their discount),
     * pence: the list's add-to-cart reports a line whose price has changed since, as the reorder does.
     */
    savedPricePence: integer('saved_price_pence'),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('saved_list_lines_list_item_unique').on(t.listId, t.itemId),
    index('saved_list_lines_item_idx').on(t.itemId),
    check('saved_list_lines_packs_range', sql`${t.packs} between 1 and 100000`),
  ],
);

/**
 * A request to be e-mailed when an out-of-stock item is back. A signed-in buyer's is active at once; a
 * visitor's waits for the code e-mailed to it (`codeHash`, `codeExpiresAt`). A restock spends every active
 * alert of the item in its own transaction (`notifiedAt`), queueing one e-mail each.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: id(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    /** Wrong tries at the code from the client that asked for it (requested_by), and from all others. */
    attempts: integer('attempts').notNull().default(0),
    foreignAttempts: integer('foreign_attempts').notNull().default(0),
    /** The keyed hash of the client that asked for the code (tokens.hashClient), as account codes keep it. */
    requestedBy: text('requested_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One waiting alert per item and address; a spent one does not block a new request.
    uniqueIndex('stock_alerts_waiting_unique')
      .on(t.itemId, t.email)
      .where(sql`${t.notifiedAt} is null`),
    index('stock_alerts_due_idx')
      .on(t.itemId)
      .where(sql`${t.notifiedAt} is null and ${t.confirmedAt} is not null`),
    index('stock_alerts_user_idx').on(t.userId),
  ],
);

export const quoteStatusEnum = pgEnum('quote_status', [
  'requested',
  'sent',
  'accepted',
  'ordered',
  'withdrawn',
]);

/**
 * A request for quote: the buyer's cart as it was, a note and attachments; staff price it and send versions
 * (`quoteVersions`). Expired and superseded are read from the latest version's expiry and number, not stored.
 * `cartId` is the quote's own cart once accepted (carts.quote_id), checked out at the quoted prices;
 * `orderId` is the order it became.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    status: quoteStatusEnum('status').notNull().default('requested'),
    note: text('note').notNull().default(''),
    /** The latest version sent (0 before the first). */
    version: integer('version').notNull().default(0),
    acceptedVersion: integer('accepted_version'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When staff withdrew it: a card payment taken before then still becomes its order (decision 013). */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('quotes_user_idx').on(t.userId, t.id), index('quotes_status_idx').on(t.status, t.id)],
);

/** A line of the request: the item and packs as the cart had them, and what the shop charged for it then. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: id(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').references(() => items.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    packs: integer('packs').notNull(),
    unitType: packUnitEnum('unit_type').notNull().default('pack'),
    unitsPerPack: integer('units_per_pack').notNull(),
    /** The catalogue's price per pack for the buyer when requested (after their discount), pence. */
    listPricePence: integer('list_price_pence').notNull(),
  },
  (t) => [
    index('quote_lines_quote_idx').on(t.quoteId, t.id),
    check('quote_lines_packs_range', sql`${t.packs} between 1 and 100000`),
  ],
);

/** A quoted line of a version, as sent. */
export interface QuotedLineSnapshot {
  /** quote_lines.id */
  id: number;
  price_per_pack_pence: number;
}

/** A version staff sent: its prices, delivery, expiry and figures, stored when sent and drawn on request. */
export const quoteVersions = pgTable(
  'quote_versions',
  {
    id: id(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    lines: jsonb('lines').$type<QuotedLineSnapshot[]>().notNull(),
    deliveryPence: integer('delivery_pence').notNull().default(0),
    subtotalPence: integer('subtotal_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    vatRate: percentage('vat_rate').notNull(),
    /** The last UK day the quote can be accepted. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    message: text('message').notNull().default(''),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    seller: jsonb('seller').$type<SellerSnapshot>(),
    createdAt: createdAt(),
  },
  (t) => [unique('quote_versions_quote_version_unique').on(t.quoteId, t.version)],
);

/** Artwork or a specification sent with a request: PDF, PNG or JPEG, at most 10 MB, kept in the database. */
export const quoteAttachments = pgTable(
  'quote_attachments',
  {
    id: id(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('quote_attachments_quote_idx').on(t.quoteId, t.id)],
);

// ---------------------------------------------------------------------------------------------
// Relations (for db.query)
// ---------------------------------------------------------------------------------------------

export const categoriesRelations = relations(categories, ({ many }) => ({
  products: many(products),
}));

export const productsRelations = relations(products, ({ one, many }) => ({
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
  images: many(productImages),
  variants: many(productVariants),
}));

export const productImagesRelations = relations(productImages, ({ one }) => ({
  product: one(products, { fields: [productImages.productId], references: [products.id] }),
}));

export const productVariantsRelations = relations(productVariants, ({ one, many }) => ({
  product: one(products, { fields: [productVariants.productId], references: [products.id] }),
  tableFields: many(tableFields),
  items: many(items),
  pricingTiers: many(pricingTiers),
}));

export const tableFieldsRelations = relations(tableFields, ({ one, many }) => ({
  productVariant: one(productVariants, {
    fields: [tableFields.productVariantId],
    references: [productVariants.id],
  }),
  dataEntries: many(itemDataEntries),
}));

export const itemsRelations = relations(items, ({ one, many }) => ({
  productVariant: one(productVariants, {
    fields: [items.productVariantId],
    references: [productVariants.id],
  }),
  images: many(itemImages),
  dataEntries: many(itemDataEntries),
  pricingData: many(pricingData),
  exclusivePrices: many(exclusivePrices),
}));

export const itemImagesRelations = relations(itemImages, ({ one }) => ({
  item: one(items, { fields: [itemImages.itemId], references: [items.id] }),
}));

export const itemDataEntriesRelations = relations(itemDataEntries, ({ one }) => ({
  item: one(items, { fields: [itemDataEntries.itemId], references: [items.id] }),
  tableField: one(tableFields, { fields: [itemDataEntries.tableFieldId], references: [tableFields.id] }),
}));

export const pricingTiersRelations = relations(pricingTiers, ({ one, many }) => ({
  productVariant: one(productVariants, {
    fields: [pricingTiers.productVariantId],
    references: [productVariants.id],
  }),
  pricingData: many(pricingData),
}));

export const pricingDataRelations = relations(pricingData, ({ one }) => ({
  pricingTier: one(pricingTiers, { fields: [pricingData.pricingTierId], references: [pricingTiers.id] }),
  item: one(items, { fields: [pricingData.itemId], references: [items.id] }),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  addresses: many(addresses),
  exclusivePrices: many(exclusivePrices),
  cart: one(carts),
  orders: many(orders),
  payments: many(payments),
  refreshTokens: many(refreshTokens),
}));

export const addressesRelations = relations(addresses, ({ one }) => ({
  user: one(users, { fields: [addresses.userId], references: [users.id] }),
}));

export const exclusivePricesRelations = relations(exclusivePrices, ({ one }) => ({
  user: one(users, { fields: [exclusivePrices.userId], references: [users.id] }),
  item: one(items, { fields: [exclusivePrices.itemId], references: [items.id] }),
}));

export const refreshTokensRelations = relations(refreshTokens, ({ one }) => ({
  user: one(users, { fields: [refreshTokens.userId], references: [users.id] }),
}));

export const cartsRelations = relations(carts, ({ one, many }) => ({
  user: one(users, { fields: [carts.userId], references: [users.id] }),
  items: many(cartItems),
  payments: many(payments),
}));

export const cartItemsRelations = relations(cartItems, ({ one }) => ({
  cart: one(carts, { fields: [cartItems.cartId], references: [carts.id] }),
  item: one(items, { fields: [cartItems.itemId], references: [items.id] }),
  pricingTier: one(pricingTiers, { fields: [cartItems.pricingTierId], references: [pricingTiers.id] }),
  exclusivePrice: one(exclusivePrices, {
    fields: [cartItems.exclusivePriceId],
    references: [exclusivePrices.id],
  }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  items: many(orderItems),
  payments: many(payments),
}));

export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
  item: one(items, { fields: [orderItems.itemId], references: [items.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
  cart: one(carts, { fields: [payments.cartId], references: [carts.id] }),
  user: one(users, { fields: [payments.userId], references: [users.id] }),
}));
