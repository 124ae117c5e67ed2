import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminCategory, AdminProductDetail, AdminProductImage, AdminVariantDetail } from '@shop/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, productImages, products } from '../../../db/schema';
import { createTestApp, testConfig, type TestContext } from '../../../../test/helper';
import { staffMember, type StaffMember } from '../../../../test/support/administration';
import {
  adminInject,
  eventually,
  expectStaffOnlyEverywhere,
  latestAudit,
} from '../../../../test/support/administration-catalogue';

let ctx: TestContext;
let staff: StaffMember;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'catalogue-admin-'));
  ctx = await createTestApp({ config: testConfig({ DATA_DIR: dataDir }) });
  staff = await staffMember(ctx, 'staff', 'catalogue');
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const categoryId = async (slug: string) =>
  (await ctx.database.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)))[0]!
    .id;
const productId = async (slug: string) =>
  (await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.slug, slug)))[0]!.id;

async function newProduct(slug: string, extra: object = {}): Promise<AdminProductDetail> {
  const res = await staff.admin('POST', 'products/', {
    category: await categoryId('tapes'),
    name: `Product ${slug}`,
    slug,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminProductDetail>();
}

describe('role checks', () => {
  it('answers 401 to visitors and 403 to customers on every catalogue endpoint, changing nothing', async () => {
    const product = await productId('tape-dispenser');
    const before = await ctx.database.db.select().from(products).where(eq(products.id, product));
    const endpoints: [method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown][] = [
      ['GET', 'categories/'],
      ['POST', 'categories/', { name: 'X', slug: 'x' }],
      ['GET', 'categories/1/'],
      ['PATCH', 'categories/1/', { name: 'X' }],
      ['DELETE', 'categories/1/'],
      ['GET', 'products/'],
      ['POST', 'products/', { category: 1, name: 'X', slug: 'x' }],
      ['GET', `products/${product}/`],
      ['PATCH', `products/${product}/`, { name: 'Hacked' }],
      ['DELETE', `products/${product}/`],
      ['POST', `products/${product}/images/`],
      ['PUT', `products/${product}/image-order/`, { images: [] }],
      ['PATCH', `products/${product}/images/1/`, { alt_text: 'x' }],
      ['DELETE', `products/${product}/images/1/`],
      ['POST', `products/${product}/variants/`, { name: 'X' }],
      ['GET', 'variants/1/'],
      ['PATCH', 'variants/1/', { name: 'X' }],
      ['DELETE', 'variants/1/'],
      ['POST', 'variants/1/table-fields/', { name: 'X' }],
      ['PATCH', 'table-fields/1/', { name: 'X' }],
      ['DELETE', 'table-fields/1/'],
      ['GET', 'variants/1/price-table/'],
      ['PUT', 'variants/1/price-table/', { tiers: [], items: [] }],
      ['GET', 'items/'],
      ['POST', 'items/', { variant: 1, sku: 'X', title: 'X' }],
      ['GET', 'items/1/'],
      ['PATCH', 'items/1/', { title: 'X' }],
      ['DELETE', 'items/1/'],
      ['POST', 'items/1/stock-adjustments/', { delta: 1, reason: 'x' }],
      ['GET', 'items/1/stock-movements/'],
      ['GET', 'stock/low/'],
    ];
    await expectStaffOnlyEverywhere(ctx, endpoints);
    expect(await ctx.database.db.select().from(products).where(eq(products.id, product))).toEqual(before);
  });
});

describe('categories', () => {
  it('creates, reads, lists, updates and deletes a category, auditing each change', async () => {
    const created = await staff.admin('POST', 'categories/', {
      name: 'Void Fill',
      slug: 'void-fill',
      description: '<p>Loose fill</p><script>alert(1)</script>',
      image: '/images/categories/void-fill.svg',
      position: 40,
    });
    expect(created.statusCode, created.body).toBe(201);
    const category = created.json<AdminCategory>();
    expect(category).toMatchObject({
      name: 'Void Fill',
      slug: 'void-fill',
      description: '<p>Loose fill</p>',
      image: '/images/categories/void-fill.svg',
      slider_image: null,
      position: 40,
      product_count: 0,
    });
    expect(await latestAudit(ctx, 'category', category.id)).toMatchObject({
      action: 'category.create',
      actorEmail: staff.email,
      after: expect.objectContaining({ slug: 'void-fill' }),
    });

    const list = await staff.admin('GET', 'categories/?ordering=name&q=void');
    expect(list.json()).toMatchObject({ count: 1, count_capped: false, results: [{ id: category.id }] });

    const updated = await staff.admin('PATCH', `categories/${category.id}/`, { name: 'Void Fill & Chips' });
    expect(updated.json()).toMatchObject({ name: 'Void Fill & Chips', slug: 'void-fill' });
    expect(await latestAudit(ctx, 'category', category.id)).toMatchObject({
      action: 'category.update',
      before: { name: 'Void Fill' },
      after: { name: 'Void Fill & Chips' },
    });

    expect((await staff.admin('DELETE', `categories/${category.id}/`)).statusCode).toBe(204);
    expect((await staff.admin('GET', `categories/${category.id}/`)).statusCode).toBe(404);
    expect(await latestAudit(ctx, 'category', category.id)).toMatchObject({ action: 'category.delete' });
  });

  it('refuses a slug another category has, and bad fields, by name', async () => {
    const taken = await staff.admin('POST', 'categories/', { name: 'Tapes again', slug: 'tapes' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ slug: ['Another entry already uses this slug.'] });
    const bad = await staff.admin('POST', 'categories/', {
      name: '',
      slug: 'Not A Slug',
      image: 'https://evil.example/x.png',
      position: -1,
      colour: 'red',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['image', 'name', 'non_field_errors', 'position', 'slug']);
  });

  it('refuses to delete a category that still has products, with a 409 saying why', async () => {
    const tapes = await categoryId('tapes');
    const res = await staff.admin('DELETE', `categories/${tapes}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(
      /^This category still has \d+ products; move or delete them first\.$/,
    );
    expect(await categoryId('tapes')).toBe(tapes);
  });
});

describe('products', () => {
  it('creates a product with its description sanitised, reads, lists, updates and deletes it', async () => {
    const product = await newProduct('kraft-tape-test', {
      description:
        '<p onclick="steal()">Strong <strong>kraft</strong></p><script>alert(1)</script><img src=x onerror=alert(2)>',
      featured_rank: null,
    });
    expect(product).toMatchObject({
      name: 'Product kraft-tape-test',
      slug: 'kraft-tape-test',
      category_slug: 'tapes',
      description: '<p>Strong <strong>kraft</strong></p>',
      images: [],
      variants: [],
    });
    const [stored] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
    expect(stored!.description).toBe('<p>Strong <strong>kraft</strong></p>');

    const list = await staff.admin('GET', 'products/?q=kraft-tape&ordering=-created_at');
    expect(list.statusCode).toBe(200);
    const search = await staff.admin('GET', `products/?q=${encodeURIComponent('Product kraft')}`);
    expect(search.json()).toMatchObject({ count: 1, results: [{ id: product.id, category_name: 'Tapes' }] });

    const updated = await staff.admin('PATCH', `products/${product.id}/`, {
      name: 'Kraft Paper Tape',
      description: '<h3>Kraft</h3><iframe src="//evil"></iframe>',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Kraft Paper Tape', description: '<h3>Kraft</h3>' });
    expect(await latestAudit(ctx, 'product', product.id)).toMatchObject({
      action: 'product.update',
      before: { name: 'Product kraft-tape-test' },
      after: { name: 'Kraft Paper Tape', description: '<h3>Kraft</h3>' },
    });

    expect((await staff.admin('DELETE', `products/${product.id}/`)).statusCode).toBe(204);
    expect((await staff.admin('GET', `products/${product.id}/`)).statusCode).toBe(404);
  });

  it('pages and sorts the list on the server', async () => {
    const first = await staff.admin('GET', 'products/?page_size=2&ordering=name');
    const body = first.json<{ count: number; next: string; results: { name: string }[] }>();
    expect(body.results).toHaveLength(2);
    expect(body.count).toBeGreaterThan(2);
    expect(body.next).toContain('page=2');
    const names = body.results.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const tapes = await staff.admin('GET', `products/?category=${await categoryId('tapes')}&page_size=100`);
    expect(
      tapes
        .json<{ results: { category_slug: string }[] }>()
        .results.every((row) => row.category_slug === 'tapes'),
    ).toBe(true);
    expect((await staff.admin('GET', 'products/?ordering=price')).statusCode).toBe(400);
  });

  it('refuses a duplicate slug, a featured rank taken or out of range, and an unknown category', async () => {
    const taken = await staff.admin('POST', 'products/', {
      category: await categoryId('tapes'),
      name: 'Copy',
      slug: 'tape-dispenser',
    });
    expect(taken.json()).toEqual({ slug: ['Another entry already uses this slug.'] });
    const [featured] = await ctx.database.db
      .select({ rank: products.featuredRank })
      .from(products)
      .where(eq(products.featuredRank, 1));
    expect(featured).toBeDefined();
    const rank = await staff.admin('POST', 'products/', {
      category: 999_999,
      name: 'Copy',
      slug: 'copy-product',
      featured_rank: 1,
    });
    expect(rank.statusCode).toBe(400);
    expect(rank.json()).toEqual({
      category: ['Choose an existing category.'],
      featured_rank: ['Another product already has this place on the home page.'],
    });
    const range = await staff.admin('POST', 'products/', {
      category: 1,
      name: 'Copy',
      slug: 'copy',
      featured_rank: 16,
    });
    expect(range.json()).toEqual({ featured_rank: ['Ensure this value is less than or equal to 15.'] });
  });

  it('reads a product with its images, variants, table fields and items', async () => {
    const res = await staff.admin('GET', `products/${await productId('tape-dispenser')}/`);
    expect(res.statusCode).toBe(200);
    const product = res.json<AdminProductDetail>();
    expect(product.images).toHaveLength(1);
    expect(product.variants.map((variant) => variant.name)).toEqual([
      'Hand Tape Dispensers',
      'Bench Tape Dispensers',
    ]);
    const hand = product.variants[0]!;
    expect(hand.table_fields.map((field) => field.name)).toEqual(['Tape width', 'Frame', 'Blade guard']);
    expect(hand.items.map((item) => item.sku)).toEqual(['TD-LN-50', 'TD-PRO-50', 'TD-PRO-75', 'TD-STD-50']);
    expect(hand.tier_count).toBe(3);
  });
});

describe('variants and table fields', () => {
  it('adds, changes and deletes a variant and its table fields', async () => {
    const product = await newProduct('variant-test');
    const created = await staff.admin('POST', `products/${product.id}/variants/`, {
      name: 'Rolls',
      units_per_pallet: 1200,
      show_units_per: 'pack',
    });
    expect(created.statusCode, created.body).toBe(201);
    const variant = created.json<AdminVariantDetail>();
    expect(variant).toMatchObject({
      product: product.id,
      product_name: 'Product variant-test',
      name: 'Rolls',
      units_per_pallet: 1200,
      table_fields: [],
      tier_count: 0,
    });

    const field = await staff.admin('POST', `variants/${variant.id}/table-fields/`, {
      name: 'Width (mm)',
      field_type: 'number',
    });
    expect(field.statusCode).toBe(201);
    const fieldId = field.json<{ id: number }>().id;
    expect(
      (await staff.admin('PATCH', `table-fields/${fieldId}/`, { long_field: true })).json(),
    ).toMatchObject({ name: 'Width (mm)', long_field: true });
    expect(await latestAudit(ctx, 'table_field', fieldId)).toMatchObject({
      before: { long_field: false },
      after: { long_field: true },
    });
    const bad = await staff.admin('POST', `variants/${variant.id}/table-fields/`, {
      name: '',
      field_type: 'colour',
    });
    expect(Object.keys(bad.json()).sort()).toEqual(['field_type', 'name']);

    const read = await staff.admin('GET', `variants/${variant.id}/`);
    expect(read.json<AdminVariantDetail>().table_fields.map((f) => f.name)).toEqual(['Width (mm)']);

    const palletWithout = await staff.admin('PATCH', `variants/${variant.id}/`, {
      units_per_pallet: null,
      show_units_per: 'pallet',
    });
    expect(palletWithout.json()).toEqual({
      show_units_per: ['Set units per pallet to show this variant per pallet.'],
    });
    const renamed = await staff.admin('PATCH', `variants/${variant.id}/`, {
      name: 'Big rolls',
      show_units_per: 'pallet',
    });
    expect(renamed.json()).toMatchObject({ name: 'Big rolls', show_units_per: 'pallet' });

    expect((await staff.admin('DELETE', `table-fields/${fieldId}/`)).statusCode).toBe(204);
    expect((await staff.admin('DELETE', `variants/${variant.id}/`)).statusCode).toBe(204);
    expect((await staff.admin('GET', `variants/${variant.id}/`)).statusCode).toBe(404);
    expect((await staff.admin('POST', 'products/999999/variants/', { name: 'X' })).statusCode).toBe(404);
  });
});

/** A real PNG of `width` x `height` pixels. */
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

const upload = (product: number, body: Buffer | string, contentType: string, query = '') =>
  adminInject(ctx, staff, 'POST', `products/${product}/images/${query}`, {
    payload: body,
    headers: { 'content-type': contentType },
  });

describe('product images', () => {
  it('stores WebP variants of an upload, never enlarged, served as immutable image/webp', async () => {
    const product = await newProduct('image-test');
    const res = await upload(product.id, await png(1200, 800), 'image/png', '?alt_text=Orange%20box');
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<AdminProductImage>();
    expect(image).toMatchObject({ alt_text: 'Orange box', position: 0 });
    expect(image.image).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-1200\.webp$/);
    const hash = /([0-9a-f]{32})/.exec(image.image)![1]!;
    expect(
      readdirSync(path.join(dataDir, 'uploads/products'))
        .filter((f) => f.startsWith(hash))
        .sort(),
    ).toEqual([`${hash}-1200.webp`, `${hash}-480.webp`, `${hash}-960.webp`]);

    for (const width of [480, 960, 1200]) {
      const served = await ctx.app.inject({ method: 'GET', url: `/uploads/products/${hash}-${width}.webp` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width });
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/uploads/products/missing-480.webp' })).statusCode,
    ).toBe(404);

    // The storefront's product page shows it.
    const page = await eventually(
      () => ctx.app.services.catalogue.getProductPage('tapes', 'image-test'),
      (read) => (read?.product.images.length ?? 0) > 0,
    );
    expect(page!.product.images).toEqual([
      expect.objectContaining({ image: image.image, alt_text: 'Orange box' }),
    ]);
    expect(await latestAudit(ctx, 'product', product.id)).toMatchObject({ action: 'product_image.create' });

    // A second, smaller image: only its own width; then reorder, re-label and delete.
    const small = (await upload(product.id, await png(300, 300), 'image/png')).json<AdminProductImage>();
    expect(small.image).toMatch(/-300\.webp$/);
    expect(small.position).toBe(1);
    const order = await adminInject(ctx, staff, 'PUT', `products/${product.id}/image-order/`, {
      payload: { images: [small.id, image.id] },
    });
    expect(order.json<AdminProductImage[]>().map((row) => [row.id, row.position])).toEqual([
      [small.id, 0],
      [image.id, 1],
    ]);
    const incomplete = await adminInject(ctx, staff, 'PUT', `products/${product.id}/image-order/`, {
      payload: { images: [small.id] },
    });
    expect(incomplete.json()).toEqual({ images: ['List every image of the product exactly once.'] });
    const relabelled = await staff.admin('PATCH', `products/${product.id}/images/${small.id}/`, {
      alt_text: 'Square',
    });
    expect(relabelled.json()).toMatchObject({ alt_text: 'Square' });

    expect((await staff.admin('DELETE', `products/${product.id}/images/${image.id}/`)).statusCode).toBe(204);
    expect(readdirSync(path.join(dataDir, 'uploads/products')).some((f) => f.startsWith(hash))).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: image.image })).statusCode).toBe(404);
    const left = await ctx.database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, product.id));
    expect(left.map((row) => row.id)).toEqual([small.id]);
  });

  it('refuses text dressed as a PNG, a non-image type and an SVG with a 400, storing nothing', async () => {
    const product = await newProduct('image-refusals');
    const message = { detail: 'Upload a JPEG, PNG, WebP, GIF or AVIF image.' };
    const text = await upload(product.id, Buffer.from('definitely not an image'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual(message);
    const pdf = await upload(product.id, await png(10, 10), 'application/pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toEqual(message);
    const json = await upload(product.id, '{"a":1}', 'application/json');
    expect(json.json()).toEqual(message);
    const svg = await upload(
      product.id,
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
      'image/svg+xml',
    );
    expect(svg.json()).toEqual(message);
    const svgAsPng = await upload(
      product.id,
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
      'image/png',
    );
    expect(svgAsPng.json()).toEqual(message);
    const stored = await ctx.database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, product.id));
    expect(stored).toEqual([]);
    expect((await upload(999_999, await png(10, 10), 'image/png')).statusCode).toBe(404);
  });

  it('refuses an image over 25 megapixels with a 400 before decoding it, and takes one at the cap', async () => {
    const product = await newProduct('image-megapixels');
    const over = await upload(product.id, await png(5001, 5000), 'image/png');
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      detail:
        'The image has more than 25 megapixels; scale it down (1,600 px wide is enough) and upload it again.',
    });
    const atCap = await upload(product.id, await png(5000, 5000), 'image/png');
    expect(atCap.statusCode, atCap.body).toBe(201);
    expect(atCap.json<AdminProductImage>().image).toMatch(/-1600\.webp$/);
  });

  it('answers 429 to an upload while two others are being processed', async () => {
    const product = await newProduct('image-busy');
    // Three different large images, so each is decoded and none is found already stored.
    const images = await Promise.all([3000, 3001, 3002].map((width) => png(width, 4000)));
    const answers = await Promise.all(images.map((image) => upload(product.id, image, 'image/png')));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 429]);
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(refused.json()).toEqual({
      detail: 'Other images are being processed. Please try again in a moment.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Once they are done, the next upload is taken.
    expect((await upload(product.id, images[2]!, 'image/png')).statusCode).toBe(201);
  });

  it('refuses an upload over 5 MB with a 413 and a DRF body', async () => {
    const product = await newProduct('image-too-large');
    const res = await upload(product.id, Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'The image is larger than 5 MB.' });
  });
});

describe('the storefront', () => {
  it('shows a product edited in the back office within a second', async () => {
    const read = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/products/?slug=tape-dispenser' })).json<{
        results: { name: string }[];
      }>().results[0]!.name;
    expect(await read()).toBe('Tape Dispenser');
    // Read twice: the second answer comes from the catalogue cache, which the edit must clear.
    expect(await read()).toBe('Tape Dispenser');
    const id = await productId('tape-dispenser');
    expect((await staff.admin('PATCH', `products/${id}/`, { name: 'Tape Guns' })).statusCode).toBe(200);
    expect(await eventually(read, (name) => name === 'Tape Guns')).toBe('Tape Guns');
    await staff.admin('PATCH', `products/${id}/`, { name: 'Tape Dispenser' });
    await eventually(read, (name) => name === 'Tape Dispenser');
  });
});
