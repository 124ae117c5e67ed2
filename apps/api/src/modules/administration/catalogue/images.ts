import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CATALOGUE_MESSAGES } from '@shop/domain';
import sharp from 'sharp';
import { BadRequest } from '../../../http/errors';

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

/** A decompression bomb stops here: 40 megapixels is far more than any product photo. */
const MAX_INPUT_PIXELS = 40_000_000;

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

/**
 * Reads an uploaded image with sharp and writes its WebP variants under `root`/products, named by the hash of
 * the upload, so the same image uploaded twice is stored once and a URL's bytes never change. Anything sharp
 * cannot read as a JPEG, PNG, WebP, GIF or AVIF is refused with a 400.
 */
export async function storeProductImage(bytes: Buffer, root: string): Promise<StoredImage> {
  const refuse = () => new BadRequest(CATALOGUE_MESSAGES.imageType);
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let width: number;
  try {
    const metadata = await sharp(bytes, options).metadata();
    if (!metadata.format || !READABLE_FORMATS.has(metadata.format)) throw refuse();
    // EXIF orientations 5-8 turn the picture a quarter: its displayed width is the stored height.
    const turned = (metadata.orientation ?? 1) >= 5;
    width = (turned ? metadata.height : metadata.width) ?? 0;
  } catch {
    throw refuse();
  }
  if (width < 1) throw refuse();

  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const directory = path.join(root, 'products');
  await mkdir(directory, { recursive: true });
  const variants: StoredImage['variants'] = [];
  for (const target of variantWidths(width)) {
    const name = `${hash}-${target}.webp`;
    const file = path.join(directory, name);
    if (!(await exists(file))) {
      let webp: Buffer;
      try {
        webp = await sharp(bytes, options)
          .rotate()
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        // The header read but the pixels do not (a truncated file).
        throw refuse();
      }
      // Written aside, then renamed: a reader never sees half a file.
      const temporary = path.join(directory, `.${name}.${randomBytes(6).toString('hex')}`);
      await writeFile(temporary, webp);
      await rename(temporary, file);
    }
    variants.push({ width: target, url: `${URL_PREFIX}${name}` });
  }
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
