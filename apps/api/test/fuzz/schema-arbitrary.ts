// Maps the JSON Schemas of the OpenAPI document to fast-check arbitraries: values that fit the schema,
// values of the right type with hostile contents, and values of the wrong shape. The randomness and the
// shrinking are fast-check's; this module only says which of its arbitraries to compose.
import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.0 dialect, as fastify-type-provider-zod writes it) the mapper reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  /** A boolean in OpenAPI 3.0, a number in JSON Schema 2020-12. */
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/**
 * A JSON text to put into a body verbatim, for what `JSON.stringify` cannot write: number literals that
 * overflow (`1e999`), `-0`, integers past 2^53, or a nesting deeper than a recursive stringify allows.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** True when a string holds a UTF-16 surrogate without its pair (no UTF-8 text can carry it). */
export function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/** Serialises a generated value as a JSON text, writing `RawJson` parts as they are. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) return `\u0000RawJson:${raws.push(item.text) - 1}\u0000`;
    return item;
  });
  if (text === undefined) return '';
  return raws.length === 0
    ? text
    : text.replace(/"\\u0000RawJson:(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)]!);
}

const INT32_MAX = 2 ** 31 - 1;

/** Numbers at the edges: int32 and float64 limits, signed zero, fractions. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1,
  INT32_MAX,
  INT32_MAX + 1,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  0.5,
  1.5,
  -0.1,
  1e-300,
];

/** Number literals that JSON.parse reads to something odd (Infinity, -0, a rounded integer). */
export const HOSTILE_NUMBER_LITERALS: readonly string[] = [
  '1e999',
  '-1e999',
  '-0',
  '1E2',
  '1.0',
  '9007199254740993',
  '123456789012345678901234567890',
  '0.0000000000000000000000000000001',
  '1e-999',
];

/** Strings that have broken parsers, databases and templates before. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\n\r',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '0x10',
  '0b101',
  '0o17',
  '1_000',
  '1,5',
  '1.5',
  '-0',
  '+1',
  ' 1',
  '1 ',
  '01',
  '-1',
  '0',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999999999',
  '١٢٣',
  '１２３',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  "'",
  '"',
  '\\',
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  "'); select pg_sleep(0); --",
  '%',
  '%25',
  '%00',
  '_',
  '%_%',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDC00',
  'a\uDBFFz',
  '\u202Eevil\u202C',
  '\u200F\u200E',
  '\uFEFFbom',
  '\u2028\u2029',
  '\uFFFF\uFFFE',
  '😀',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  'e\u0301\u0301\u0301',
  'Z\u0364\u0351\u0367\u0311\u0313a\u0356\u032d\u0308\u0307',
  'ß',
  'İı',
  '../../../../etc/passwd',
  '..%2f..%2f',
  '<script>alert(1)</script>',
  '${jndi:ldap://example.invalid/a}',
  '{{7*7}}',
  '\r\nSet-Cookie: injected=1',
  'a@b.co',
  'user@example.com',
  '@',
  'a@b',
  'Ann\u0000@example.com',
  `${'a'.repeat(64)}@${'b'.repeat(250)}.com`,
];

/** Keys that have polluted prototypes or confused object mappers. */
export const HOSTILE_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '',
  ' ',
  'a.b',
  'a[b]',
  '$where',
  '\u0000',
  '😀',
];

/** A string of any code points (lone surrogates too), graphemes, or a long repetition of one. */
export function oddStringArbitrary(maxLength = 40): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-composite', maxLength }) },
    {
      weight: 1,
      // 10k to 20k characters.
      arbitrary: fc
        .tuple(
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }),
          fc.integer({ min: 10_000, max: 20_000 }),
        )
        .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)),
    },
  );
}

/** JSON nested `depth` levels deep, as a raw text (JSON.stringify would recurse that deep too). */
export function deepJsonArbitrary(minDepth = 100, maxDepth = 5_000): fc.Arbitrary<RawJson> {
  return fc
    .tuple(fc.integer({ min: minDepth, max: maxDepth }), fc.constantFrom('[]', '{"a":}', '[{"a":]}'))
    .map(([depth, shape]) => {
      if (shape === '[]') return new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
      if (shape === '{"a":}') return new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
      return new RawJson(`${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}`);
    });
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function integerBounds(schema: JsonSchema): { min: number; max: number } {
  let min = schema.minimum ?? Number.MIN_SAFE_INTEGER;
  let max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  if (schema.exclusiveMinimum === true) min += 1;
  if (typeof schema.exclusiveMinimum === 'number') min = Math.max(min, schema.exclusiveMinimum + 1);
  if (schema.exclusiveMaximum === true) max -= 1;
  if (typeof schema.exclusiveMaximum === 'number') max = Math.min(max, schema.exclusiveMaximum - 1);
  return { min: Math.ceil(min), max: Math.floor(max) };
}

function validInteger(schema: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = integerBounds(schema);
  // Small positive values name seeded rows (ids, quantities), so some valid requests reach the database.
  const small = fc.integer({ min: Math.max(min, 1), max: Math.max(Math.min(max, 60), Math.max(min, 1)) });
  return fc.oneof(
    { weight: 3, arbitrary: small },
    { weight: 2, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, 300);
  if (schema.pattern !== undefined) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((text) => text.length >= minLength && text.length <= maxLength);
  }
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  // Lengths count UTF-16 units, as Zod does; a grapheme can take several, so cut (a cut may split a pair).
  const fit = (text: string) => text.slice(0, maxLength).padEnd(minLength, 'x');
  const units = Math.min(maxLength, minLength + 30);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: units }).map(fit) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength, maxLength: units }).map(fit) },
    // A mapped fallback, not a filter: a filter that rarely passes (a 5-character address) never ends.
    { weight: 1, arbitrary: fc.emailAddress().map((address) => (fits(address) ? address : fit(address))) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter(fits), 'x'.repeat(minLength)) },
    {
      weight: 1,
      // As long as the schema allows, in characters that take several bytes.
      arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 }).map((unit) => {
        const text = unit.repeat(maxLength).slice(0, maxLength);
        return fits(text) ? text : 'x'.repeat(minLength);
      }),
    },
  );
}

/** Values the schema accepts (their contents may still be odd: any code point, the longest allowed). */
export function validArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map(validArbitrary));
  if (schema.allOf && schema.allOf.length > 0) return validArbitrary(Object.assign({}, ...schema.allOf));
  let base: fc.Arbitrary<unknown>;
  if (schema.enum && schema.enum.length > 0) {
    base = fc.constantFrom(...schema.enum);
  } else {
    const [type] = typesOf(schema);
    switch (type) {
      case 'integer':
        base = validInteger(schema);
        break;
      case 'number':
        base = fc.double({
          noNaN: true,
          noDefaultInfinity: true,
          min: schema.minimum ?? -1e9,
          max: schema.maximum ?? 1e9,
        });
        break;
      case 'string':
        base = validString(schema);
        break;
      case 'boolean':
        base = fc.boolean();
        break;
      case 'null':
        base = fc.constant(null);
        break;
      case 'array': {
        const minLength = schema.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 5, minLength + 5));
        base = fc.array(validArbitrary(schema.items ?? {}), { minLength, maxLength });
        break;
      }
      case 'object':
        base = validObject(schema);
        break;
      default:
        base = fc.jsonValue({ maxDepth: 2 });
    }
  }
  return schema.nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}

/**
 * A valid value for a named property. The document says `type: string` for an e-mail address, so the name
 * decides: mostly real addresses there, or every request would stop at the address check.
 */
export function validPropertyArbitrary(name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  if (/email/i.test(name) && typesOf(schema)[0] === 'string') {
    const maxLength = schema.maxLength ?? 254;
    return fc.oneof(
      { weight: 3, arbitrary: fc.emailAddress().filter((address) => address.length <= maxLength) },
      { weight: 1, arbitrary: validArbitrary(schema) },
    );
  }
  return validArbitrary(schema);
}

function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties))
    model[key] = validPropertyArbitrary(key, property);
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
}

/** Values of the schema's own JSON type whose contents are hostile: out of range, odd numbers, odd text. */
export function hostileArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const [type] = typesOf(schema);
  switch (type) {
    case 'integer':
    case 'number': {
      const { min, max } = integerBounds(schema);
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS, min - 1, max + 1, min, max) },
        { weight: 1, arbitrary: fc.integer() },
        { weight: 1, arbitrary: fc.double() },
        {
          weight: 1,
          arbitrary: fc.constantFrom(...HOSTILE_NUMBER_LITERALS).map((text) => new RawJson(text)),
        },
      );
    }
    case 'string':
      return oddStringArbitrary(Math.max(40, (schema.maxLength ?? 40) + 2));
    case 'boolean':
      return fc.constantFrom(0, 1, 'true', 'false', '', 'yes');
    case 'array': {
      const item = schema.items ?? {};
      const maxItems = schema.maxItems ?? 50;
      return fc.oneof(
        fc.array(fc.oneof(validArbitrary(item), hostileArbitrary(item)), { minLength: 1, maxLength: 5 }),
        // One past the longest allowed list, and an empty one.
        fc.array(validArbitrary(item), { minLength: maxItems + 1, maxLength: maxItems + 1 }),
        fc.constant([]),
      );
    }
    case 'object':
      return hostileObject(schema);
    default:
      return oddStringArbitrary();
  }
}

/** Mostly valid properties with a few hostile ones, so the request gets past most of the validation. */
function hostileObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) {
    model[key] = fc.oneof(
      { weight: 2, arbitrary: validPropertyArbitrary(key, property) },
      { weight: 1, arbitrary: hostileArbitrary(property) },
    );
  }
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
}

/** A value of some other JSON type than the schema's (or, rarely, of the same type by chance). */
export function wrongTypeArbitrary(): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, '', '1', 'NaN', [], {}, [1], { '0': 1 }),
    },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBER_LITERALS).map((text) => new RawJson(text)) },
    { weight: 1, arbitrary: deepJsonArbitrary(50, 1_500) },
  );
}

/** Values of the wrong shape: wrong types, missing required fields, extra fields, deep nesting. */
export function invalidArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const [type] = typesOf(schema);
  const shapes: fc.Arbitrary<unknown>[] = [wrongTypeArbitrary()];
  if (type === 'object') {
    const required = (schema.required ?? []).filter((key) => key in (schema.properties ?? {}));
    if (required.length > 0) {
      shapes.push(
        fc
          .tuple(validObject(schema), fc.subarray(required, { minLength: 1 }))
          .map(([value, missing]) => omit(value, missing)),
      );
    }
    shapes.push(
      fc
        .tuple(
          validObject(schema),
          fc.dictionary(
            fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 10 })),
            fc.jsonValue({ maxDepth: 2 }),
            { minKeys: 1, maxKeys: 3 },
          ),
        )
        .map(([value, extra]) => Object.assign(Object.create(null) as object, value, extra)),
      // Each property of the wrong type.
      fc.record(
        Object.fromEntries(Object.keys(schema.properties ?? {}).map((key) => [key, wrongTypeArbitrary()])),
      ),
      // The object inside a list.
      validObject(schema).map((value) => [value]),
    );
  }
  if (type === 'array') {
    const item = schema.items ?? {};
    shapes.push(validArbitrary(item), fc.array(invalidArbitrary(item), { minLength: 1, maxLength: 3 }));
  }
  return fc.oneof(...shapes);
}

function omit(value: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const copy = { ...value };
  for (const key of keys) delete copy[key];
  return copy;
}

/** The mix the fuzz test sends: mostly valid shapes, then hostile values, then wrong shapes. */
export function fuzzArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: validArbitrary(schema) },
    { weight: 4, arbitrary: hostileArbitrary(schema) },
    { weight: 2, arbitrary: invalidArbitrary(schema) },
  );
}
