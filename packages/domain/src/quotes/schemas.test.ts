import { describe, expect, it } from 'vitest';
import { QuoteAttachmentQuerySchema } from './schemas';

const accepts = (filename: string) => QuoteAttachmentQuerySchema.safeParse({ filename }).success;

describe('a quote attachment’s file name', () => {
  it('refuses every control character and every mark that changes the direction text is shown in', () => {
    const refused = [
      ...Array.from({ length: 0x20 }, (_, code) => code),
      ...Array.from({ length: 0x21 }, (_, offset) => 0x7f + offset),
      0x061c,
      0x200e,
      0x200f,
      ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e],
      ...[0x2066, 0x2067, 0x2068, 0x2069],
    ];
    for (const code of refused) {
      expect(accepts(`logo${String.fromCodePoint(code)}x.pdf`), code.toString(16)).toBe(false);
    }
  });

  it('takes names in any script, with spaces and punctuation', () => {
    for (const name of [
      'Box spec (v2).pdf',
      'Étiquette – été.png',
      'شعار.png',
      'ロゴ 最終.jpg',
      'a\u00a0b.pdf',
    ]) {
      expect(accepts(name), name).toBe(true);
    }
  });
});
