import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentEncode } from './requests';
import {
  deepJsonArbitrary,
  hasLoneSurrogate,
  hostileArbitrary,
  invalidArbitrary,
  RawJson,
  toJsonText,
  validArbitrary,
  type JsonSchema,
} from './schema-arbitrary';

const id: JsonSchema = { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 2_147_483_647 };
const line: JsonSchema = {
  type: 'object',
  properties: {
    cart: id,
    unit_type: { type: 'string', enum: ['pack', 'pallet'] },
    note: { type: 'string', minLength: 2, maxLength: 5 },
    code: { type: 'string', pattern: '^\\d{6}$' },
    discount: { ...id, nullable: true },
  },
  required: ['cart', 'unit_type'],
};
const sample = <T>(arbitrary: fc.Arbitrary<T>) => fc.sample(arbitrary, { seed: 42, numRuns: 300 });

describe('validArbitrary', () => {
  it('makes integers inside an exclusive minimum and a maximum', () => {
    for (const value of sample(validArbitrary(id))) {
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(1);
      expect(value).toBeLessThanOrEqual(2_147_483_647);
    }
  });

  it('makes objects with the required keys and values that fit each property', () => {
    for (const value of sample(validArbitrary(line)) as Record<string, unknown>[]) {
      expect(value).toHaveProperty('cart');
      expect(['pack', 'pallet']).toContain(value.unit_type);
      if ('note' in value) expect((value.note as string).length).toBeGreaterThanOrEqual(2);
      if ('note' in value) expect((value.note as string).length).toBeLessThanOrEqual(5);
      if ('code' in value) expect(value.code).toMatch(/^\d{6}$/);
      if ('discount' in value && value.discount !== null) expect(value.discount).toBeGreaterThan(0);
    }
  });

  it('keeps arrays within minItems and maxItems', () => {
    const lines: JsonSchema = { type: 'array', items: id, minItems: 1, maxItems: 3 };
    for (const value of sample(validArbitrary(lines)) as unknown[][]) {
      expect(value.length).toBeGreaterThanOrEqual(1);
      expect(value.length).toBeLessThanOrEqual(3);
    }
  });
});

describe('hostileArbitrary', () => {
  it('reaches past both bounds of an integer', () => {
    const values = sample(hostileArbitrary(id));
    expect(values).toContain(0);
    expect(values).toContain(2_147_483_648);
    expect(values.some((value) => value instanceof RawJson)).toBe(true);
  });

  it('makes strings with lone surrogates, NUL and 10k+ characters', () => {
    const values = fc.sample(hostileArbitrary({ type: 'string', maxLength: 10 }), {
      seed: 7,
      numRuns: 2_000,
    });
    const strings = values.filter((value): value is string => typeof value === 'string');
    expect(strings.some(hasLoneSurrogate)).toBe(true);
    expect(strings.some((text) => text.includes('\u0000'))).toBe(true);
    expect(strings.some((text) => text.length >= 10_000)).toBe(true);
  });
});

describe('invalidArbitrary', () => {
  it('drops required keys, adds extra ones and sends other types', () => {
    const values = fc.sample(invalidArbitrary(line), { seed: 3, numRuns: 500 });
    const objects = values.filter(
      (value): value is Record<string, unknown> =>
        typeof value === 'object' && value !== null && !Array.isArray(value),
    );
    expect(objects.some((value) => !('cart' in value) || !('unit_type' in value))).toBe(true);
    expect(objects.some((value) => Object.keys(value).some((key) => !(key in line.properties!)))).toBe(true);
    expect(values.some((value) => typeof value !== 'object' || value === null || Array.isArray(value))).toBe(
      true,
    );
  });
});

describe('toJsonText', () => {
  it('writes raw number literals and deep nesting verbatim', () => {
    expect(toJsonText({ a: new RawJson('1e999'), b: [new RawJson('-0')] })).toBe('{"a":1e999,"b":[-0]}');
    const [deep] = fc.sample(deepJsonArbitrary(1_000, 1_000), { seed: 1, numRuns: 1 });
    const text = toJsonText(deep);
    expect(text.length).toBeGreaterThanOrEqual(2_000);
    expect(() => JSON.parse(text)).not.toThrow();
  });
});

describe('percentEncode', () => {
  it('encodes lone surrogates as bytes no UTF-8 decoder accepts, where encodeURIComponent throws', () => {
    expect(percentEncode('a b')).toBe('a%20b');
    expect(percentEncode('\uD800')).toBe('%ED%A0%80');
    expect(() => decodeURIComponent(percentEncode('x\uDC00'))).toThrow(URIError);
  });
});
