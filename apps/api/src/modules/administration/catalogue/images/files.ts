import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CATALOGUE_LIMITS, CATALOGUE_MESSAGES } from '@shop/domain';
import sharp from 'sharp';
import { BadRequest } from '../../../../http/errors';

/** The content types an upload may declare. */
export const IMAGE_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;

/** What sharp must find in the bytes (AVIF is a HEIF container); SVG and TIFF are refused. */
const READABLE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

/** The widths of the WebP variants; an image narrower than one gets a variant of its own width instead. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

/**
 * Pixels an upload may have (width x height, read from its header before anything is decoded): 25 MP. The largest
 * variant is 1,600 px wide (about 2 MP); a camera's 6,000 x 4,000 frame (24 MP) still fits, and the 5 MB cap
 * keeps out larger camera JPEGs anyway. What is left above it is mostly flat images that compress to little and
 * decode to a lot: a 128 KB PNG of 40 MP cost 5 s of CPU before.
 */
export const MAX_INPUT_PIXELS = CATALOGUE_LIMITS.imagePixels;

const URL_PREFIX = '/uploads/products/';

export interface StoredImage {
  /** The largest variant's public URL, stored as the image's path. */
  url: string;
  /** Every variant's width and URL, narrowest first. */
  variants: { width: number; url: string }[];
}

/** Whether a request's Content-Type is one of the image types an upload may have. */
export function isImageContentType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(type ?? '');
}

/** The widths of the variants of an image `width` pixels wide: never wider than the image itself. */
export function variantWidths(width: number): number[] {
  return [...new Set(VARIANT_WIDTHS.map((target) => Math.min(target, width)))];
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** An image decoded once: raw 8-bit sRGB pixels, upright, already shrunk to its largest variant's width. */
export interface DecodedImage {
  pixels: Buffer;
  width: number;
  height: number;
  /** 3, or 4 with an alpha channel. */
  channels: 1 | 2 | 3 | 4;
}

/** A variant as encoded, before it is written. */
export interface EncodedVariant {
  width: number;
  webp: Buffer;
}

const DECODE_OPTIONS = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };

/**
 * The displayed width of an upload, from its header alone (nothing is decoded yet). Anything sharp cannot read
 * as a JPEG, PNG, WebP, GIF or AVIF is refused with a 400, and so is an image of more than MAX_INPUT_PIXELS.
 */
async function readHeader(bytes: Buffer): Promise<{ width: number }> {
  const refuse = () => new BadRequest(CATALOGUE_MESSAGES.imageType);
  let metadata: sharp.Metadata;
  try {
    // No pixel limit on reading the header, so that the limit below answers with its own message.
    metadata = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw refuse();
  }
  if (!metadata.format || !READABLE_FORMATS.has(metadata.format)) throw refuse();
  const { width = 0, height = 0 } = metadata;
  if (width < 1 || height < 1) throw refuse();
  if (width * height > MAX_INPUT_PIXELS) throw new BadRequest(CATALOGUE_MESSAGES.imageTooManyPixels);
  // EXIF orientations 5-8 turn the picture a quarter: its displayed width is the stored height.
  return { width: (metadata.orientation ?? 1) >= 5 ? height : width };
}

/**
 * Decodes an upload once: turned upright by its EXIF orientation and shrunk to the largest variant's width
 * (never enlarged), as raw pixels that every variant is then made from. JPEG shrinks while it decodes, so a
 * large photo is never held at full size. A file whose header reads but whose pixels do not is a 400.
 */
export async function decodeProductImage(bytes: Buffer): Promise<DecodedImage> {
  try {
    const { data, info } = await sharp(bytes, DECODE_OPTIONS)
      .rotate()
      .resize({ width: Math.max(...VARIANT_WIDTHS), withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { pixels: data, width: info.width, height: info.height, channels: info.channels };
  } catch {
    throw new BadRequest(CATALOGUE_MESSAGES.imageType);
  }
}

/**
 * Encodes the WebP variants of these widths from one decoded image, one after another: each holds a thread of
 * libuv's pool (4 by default, shared with files, compression and crypto) while it runs.
 */
export async function encodeVariants(
  image: DecodedImage,
  widths: readonly number[],
): Promise<EncodedVariant[]> {
  const raw = { width: image.width, height: image.height, channels: image.channels };
  const variants: EncodedVariant[] = [];
  for (const width of widths) {
    const webp = await sharp(image.pixels, { raw })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    variants.push({ width, webp });
  }
  return variants;
}

/**
 * Stores an uploaded image's WebP variants under `root`/products, named by the hash of the upload, so the same
 * image uploaded twice is stored once and a URL's bytes never change. The header is read first (type, pixel cap,
 * width); the image is then decoded once, only if a variant is missing, and every variant made from that.
 */
export async function storeProductImage(bytes: Buffer, root: string): Promise<StoredImage> {
  const { width } = await readHeader(bytes);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const directory = path.join(root, 'products');
  const fileOf = (target: number) => path.join(directory, `${hash}-${target}.webp`);
  const widths = variantWidths(width);
  const missing: number[] = [];
  for (const target of widths) if (!(await exists(fileOf(target)))) missing.push(target);

  if (missing.length > 0) {
    const variants = await encodeVariants(await decodeProductImage(bytes), missing);
    await mkdir(directory, { recursive: true });
    for (const variant of variants) {
      const file = fileOf(variant.width);
      // Written aside, then renamed: a reader never sees half a file.
      const temporary = path.join(directory, `.${path.basename(file)}.${randomBytes(6).toString('hex')}`);
      await writeFile(temporary, variant.webp);
      await rename(temporary, file);
    }
  }
  const variants = widths.map((target) => ({ width: target, url: `${URL_PREFIX}${hash}-${target}.webp` }));
  return { url: variants.at(-1)!.url, variants };
}

/** Removes an image's variants, given the URL stored for it; paths that are not uploads are left alone. */
export async function removeProductImage(url: string, root: string): Promise<void> {
  const match = /^\/uploads\/products\/([0-9a-f]{32})-\d+\.webp$/.exec(url);
  if (!match) return;
  const directory = path.join(root, 'products');
  await Promise.all(
    VARIANT_WIDTHS.map((width) => rm(path.join(directory, `${match[1]}-${width}.webp`), { force: true })),
  );
  // A variant of an image narrower than 1600 px carries the image's own width.
  const own = /-(\d+)\.webp$/.exec(url)![1]!;
  await rm(path.join(directory, `${match[1]}-${own}.webp`), { force: true });
}
