import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeProductImage, encodeVariants, variantWidths, type DecodedImage } from './files';

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

describe('product image variants', () => {
  it('decodes an upload once, to the pixels of its largest variant', async () => {
    const decoded = await decodeProductImage(await photo(3000, 2000));
    expect(decoded).toMatchObject({ width: 1600, height: 1067, channels: 3 });
    // Raw pixels, one byte a channel: nothing left to decode.
    expect(decoded.pixels.length).toBe(1600 * 1067 * 3);
    // A narrower image keeps its own width.
    expect(await decodeProductImage(await photo(300, 200))).toMatchObject({ width: 300, height: 200 });
  });

  it('turns an EXIF-rotated photo upright as it decodes', async () => {
    const turned = await sharp(await photo(300, 200))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await decodeProductImage(turned)).toMatchObject({ width: 200, height: 300 });
  });

  it('makes the whole variant set from one decoded image, with no file to read', async () => {
    // Pixels made here, not decoded from any file: red on the left half, blue on the right.
    const image: DecodedImage = {
      width: 1200,
      height: 800,
      channels: 3,
      pixels: Buffer.alloc(1200 * 800 * 3),
    };
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) image.pixels[(y * image.width + x) * 3 + (x < 600 ? 0 : 2)] = 255;
    }
    const variants = await encodeVariants(image, variantWidths(image.width));
    expect(variants.map((variant) => variant.width)).toEqual([480, 960, 1200]);
    for (const variant of variants) {
      const { data, info } = await sharp(variant.webp).raw().toBuffer({ resolveWithObject: true });
      expect(info).toMatchObject({ format: 'raw', width: variant.width, height: (variant.width * 2) / 3 });
      const at = (x: number) => [...data.subarray((10 * info.width + x) * 3, (10 * info.width + x) * 3 + 3)];
      expect(at(10)[0]).toBeGreaterThan(200);
      expect(at(info.width - 10)[2]).toBeGreaterThan(200);
    }
    expect((await sharp(variants[0]!.webp).metadata()).format).toBe('webp');
  });
});
