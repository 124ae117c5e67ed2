// Turns the OpenAPI document into operations, and each operation into an arbitrary of hostile requests.
import fc from 'fast-check';
import {
  deepJsonArbitrary,
  fuzzArbitrary,
  hasLoneSurrogate,
  HOSTILE_KEYS,
  HOSTILE_STRINGS,
  oddStringArbitrary,
  toJsonText,
  validArbitrary,
  validPropertyArbitrary,
  type JsonSchema,
} from './schema-arbitrary';

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Operation {
  /** `POST /api/account/login/` */
  id: string;
  method: string;
  /** The path template, `{id}` for a path parameter. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema; required: boolean }[];
  body: JsonSchema | undefined;
  /** Needs a bearer token. */
  secured: boolean;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true })),
        body: operation.requestBody?.content?.['application/json']?.schema,
        secured: (operation.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

/** An Authorization header (or none) and a name for the summary. */
export interface AuthVariant {
  name: string;
  authorization?: string;
}

export interface FuzzRequest {
  operation: string;
  auth: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
}

/**
 * Percent-encodes any string, lone surrogates included (as their WTF-8 bytes, which no UTF-8 decoder
 * accepts), where `encodeURIComponent` would throw.
 */
export function percentEncode(text: string): string {
  if (!hasLoneSurrogate(text)) return encodeURIComponent(text);
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** Already-encoded URL fragments: bad escapes, overlong and surrogate UTF-8, traversal. */
const RAW_URL_PARTS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  '..%2f..%2f',
  '%2e%2e',
  '..',
  '.',
  '%20',
  '+',
  '%2B1',
  '1%3B',
];

/** Path segments for a numeric id: negative, huge, not a number, traversal, too long. */
const HOSTILE_PATH_SEGMENTS = [
  ...RAW_URL_PARTS,
  '0',
  '-1',
  '00',
  '1e3',
  '0x10',
  '1.5',
  '+1',
  '%201',
  'NaN',
  'Infinity',
  'null',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '99999999999999999999',
  'a'.repeat(199),
  '9'.repeat(250),
  '1%2F2',
];

function pathSegmentArbitrary(schema: JsonSchema, knownIds: readonly number[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    // Ids of rows the run made (a company, a quote), so calls reach past the 404 to their checks.
    ...(knownIds.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...knownIds.map(String)) }] : []),
    { weight: 4, arbitrary: validArbitrary(schema).map((value) => percentEncode(String(value))) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_PATH_SEGMENTS) },
    { weight: 2, arbitrary: oddStringArbitrary(60).map(percentEncode) },
  );
}

/** One query value as it goes on the wire (already encoded). */
function queryValueArbitrary(name: string, schema: JsonSchema): fc.Arbitrary<string> {
  const item = schema.type === 'array' ? (schema.items ?? {}) : schema;
  return fc.oneof(
    { weight: 8, arbitrary: validPropertyArbitrary(name, item).map((value) => percentEncode(String(value))) },
    { weight: 3, arbitrary: oddStringArbitrary(60).map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PARTS) },
  );
}

/** A parameter's values: one, several (`?a=1&a=2`) or, for a list, up to one past its limit. */
function queryValuesArbitrary(name: string, schema: JsonSchema): fc.Arbitrary<string[]> {
  const value = queryValueArbitrary(name, schema);
  const max = schema.type === 'array' ? (schema.maxItems ?? 10) + 1 : 3;
  return fc.oneof(
    { weight: 6, arbitrary: value.map((v) => [v]) },
    { weight: 2, arbitrary: fc.array(value, { minLength: 2, maxLength: Math.min(max, 6) }) },
    { weight: 1, arbitrary: fc.array(value, { minLength: max, maxLength: max }) },
  );
}

/** Query strings that are odd as a whole: keys without values, bracket keys, other separators. */
const ODD_QUERIES = [
  '',
  '&&',
  '=',
  '=1',
  'page',
  'page[]=1',
  'page[a]=1',
  'page=1;page=2',
  '__proto__[a]=1',
  '?',
];

function queryArbitrary(operation: Operation): fc.Arbitrary<string> {
  const params = fc.tuple(
    ...operation.queryParams.map((param) =>
      fc
        .option(queryValuesArbitrary(param.name, param.schema), { freq: param.required ? 8 : 2 })
        .map((values) => (values ?? []).map((value) => `${param.name}=${value}`)),
    ),
  );
  const extra = fc.oneof(
    { weight: 8, arbitrary: fc.constant<string[]>([]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc
          .tuple(
            fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 8 })),
            oddStringArbitrary(20),
          )
          .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`),
        { minLength: 1, maxLength: 3 },
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_QUERIES).map((query) => [query]) },
  );
  return fc
    .tuple(params, extra)
    .chain(([parts, more]) =>
      fc.shuffledSubarray([...parts.flat(), ...more], { minLength: parts.flat().length + more.length }),
    )
    .map((parts) => parts.join('&'));
}

/** Bodies that are not JSON, or JSON that is odd as a text (duplicate keys, BOM, trailing data). */
function rawBodyArbitrary(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const valid = schema ? validArbitrary(schema).map(toJsonText) : fc.constant('{}');
  return fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      'null',
      '""',
      '0',
      '{',
      '}',
      '{"a":',
      '[',
      '{"a":1,}',
      "{'a':1}",
      'NaN',
      'undefined',
    ),
    valid.map((text) => `\uFEFF${text}`),
    valid.map((text) => `${text}garbage`),
    valid.map((text) => text.slice(0, Math.max(0, text.length - 1))),
    // The same key twice: the second value is hostile.
    fc
      .tuple(valid, fc.constantFrom(...Object.keys(schema?.properties ?? { a: 0 })), oddStringArbitrary(20))
      .map(([text, key, value]) =>
        text.startsWith('{') && text.length > 2
          ? `{${JSON.stringify(key)}:${JSON.stringify(value)},${text.slice(1)}`
          : text,
      ),
    deepJsonArbitrary(500, 5_000).map(toJsonText),
    oddStringArbitrary(100),
  );
}

/** Where a value holds strings: the paths to each, keys included (a key is `[...path, key, KEY]`). */
const KEY = Symbol('key');
type Path = (string | number | typeof KEY)[];

function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      [...path, key, KEY],
      ...stringPaths(item, [...path, key]),
    ]);
  }
  return [];
}

/** `value` with the string (or key) at `path` given a lone surrogate, at its start, middle or end. */
function poisoned(value: unknown, path: Path, surrogate: string, at: number): unknown {
  const spoil = (text: string) => {
    const cut = Math.min(text.length, Math.floor((text.length * at) / 2));
    return `${text.slice(0, cut)}${surrogate}${text.slice(cut)}`;
  };
  if (path.length === 0) return typeof value === 'string' ? spoil(value) : value;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    return value.map((item, i) => (i === head ? poisoned(item, rest, surrogate, at) : item));
  }
  const record = value as Record<string, unknown>;
  if (rest.length === 1 && rest[0] === KEY) {
    return Object.fromEntries(
      Object.entries(record).map(([key, item]) => [key === head ? spoil(key) : key, item]),
    );
  }
  return Object.fromEntries(
    Object.entries(record).map(([key, item]) => [
      key,
      key === head ? poisoned(item, rest, surrogate, at) : item,
    ]),
  );
}

/**
 * A body of the right shape with one string, or one key, holding half of a surrogate pair: text that JSON
 * carries (`"\ud800"`) but no UTF-8 can, so a route that stores it as text or JSON must refuse it, not fail.
 */
export function loneSurrogateBodyArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  return validArbitrary(schema).chain((value) => {
    const paths = stringPaths(value);
    if (paths.length === 0) return fc.constant(value);
    const values = paths.filter((path) => path.at(-1) !== KEY);
    const keys = paths.filter((path) => path.at(-1) === KEY);
    // Mostly a value: a key of the wrong name is refused by every strict schema anyway.
    const path = fc.oneof(
      ...(values.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...values) }] : []),
      ...(keys.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...keys) }] : []),
    );
    return fc
      .tuple(
        path,
        fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uDFFF\uD800'),
        fc.integer({ min: 0, max: 2 }),
      )
      .map(([path, surrogate, at]) => poisoned(value, path, surrogate, at));
  });
}

const JSON_TYPE = 'application/json';
const ODD_CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/vnd.api+json',
  '*/*',
  'application/json, text/plain',
  '',
];

interface BodyParts {
  payload?: string;
  contentType?: string;
}

function bodyArbitrary(operation: Operation): fc.Arbitrary<BodyParts> {
  const contentType = fc.oneof(
    { weight: 12, arbitrary: fc.constant<string | undefined>(JSON_TYPE) },
    { weight: 2, arbitrary: fc.constantFrom<string | undefined>(...ODD_CONTENT_TYPES) },
    { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
  );
  const payload = operation.body
    ? fc.oneof(
        { weight: 9, arbitrary: fuzzArbitrary(operation.body).map(toJsonText) },
        { weight: 4, arbitrary: loneSurrogateBodyArbitrary(operation.body).map(toJsonText) },
        { weight: 2, arbitrary: rawBodyArbitrary(operation.body) },
        { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
      )
    : fc.oneof(
        { weight: 6, arbitrary: fc.constant<string | undefined>(undefined) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(toJsonText) },
        { weight: 1, arbitrary: rawBodyArbitrary(undefined) },
      );
  return fc
    .tuple(payload, contentType)
    .map(([text, type]) =>
      text === undefined ? {} : { payload: text, ...(type === undefined ? {} : { contentType: type }) },
    );
}

/** Refresh cookies that name no session: empty, malformed, huge, odd characters. */
const COOKIES = [
  'refresh_token=',
  'refresh_token=x',
  'refresh_token=%',
  'refresh_token=%ZZ',
  'refresh_token="quoted"',
  `refresh_token=${'A'.repeat(5_000)}`,
  'refresh_token=a; refresh_token=b',
  '__Secure-refresh_token=x',
  'refresh_token=../../',
  'refresh_token=%00',
  ';;;',
  '=',
  'refresh_token',
];

export interface RequestOptions {
  /** Authorization variants for operations that need a user (the valid token weighs the most). */
  securedAuth: fc.Arbitrary<AuthVariant>;
  /** Authorization variants for public operations (mostly none). */
  publicAuth: fc.Arbitrary<AuthVariant>;
  /** Authorization variants for the back-office operations `staffOperation` picks (staff's token the most). */
  staffAuth?: fc.Arbitrary<AuthVariant>;
  staffOperation?: (operation: Operation) => boolean;
  /** Ids of rows that exist, tried in paths beside hostile and random ones. */
  knownIds?: readonly number[];
}

/** The Authorization variants an operation is sent with. */
function authFor(operation: Operation, options: RequestOptions): fc.Arbitrary<AuthVariant> {
  if (!operation.secured) return options.publicAuth;
  if (options.staffAuth && options.staffOperation?.(operation)) return options.staffAuth;
  return options.securedAuth;
}

/** Hostile requests for one operation. */
export function requestArbitrary(operation: Operation, options: RequestOptions): fc.Arbitrary<FuzzRequest> {
  const path = fc
    .tuple(...operation.pathParams.map((param) => pathSegmentArbitrary(param.schema, options.knownIds)))
    .map((segments) =>
      operation.pathParams.reduce(
        (url, param, i) => url.replace(`{${param.name}}`, segments[i]!),
        operation.path,
      ),
    );
  const cookie = fc.option(fc.constantFrom(...COOKIES), { freq: 4 });
  // Mostly one client, so rate limits are reached; many others, so limited operations are still exercised.
  const remoteAddress = fc.oneof(
    { weight: 3, arbitrary: fc.constant('127.0.0.1') },
    { weight: 2, arbitrary: fc.ipV4() },
    { weight: 1, arbitrary: fc.ipV6() },
  );
  return fc
    .record({
      path,
      query: queryArbitrary(operation),
      body: bodyArbitrary(operation),
      auth: authFor(operation, options),
      cookie,
      remoteAddress,
    })
    .map(({ path: url, query, body, auth, cookie: cookieHeader, remoteAddress: address }) => {
      const headers: Record<string, string> = {};
      if (auth.authorization !== undefined) headers.authorization = auth.authorization;
      if (cookieHeader !== null) headers.cookie = cookieHeader;
      if (body.contentType !== undefined) headers['content-type'] = body.contentType;
      return {
        operation: operation.id,
        auth: auth.name,
        method: operation.method,
        url: query === '' ? url : `${url}?${query}`,
        headers,
        ...(body.payload === undefined ? {} : { payload: body.payload }),
        remoteAddress: address,
      };
    });
}

/** A request, short enough to print: long values are cut and their length noted. */
export function describeRequest(request: FuzzRequest): string {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…(${text.length} chars)` : text);
  return JSON.stringify({
    ...request,
    url: cut(request.url),
    headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, cut(v)])),
    ...(request.payload === undefined ? {} : { payload: cut(request.payload) }),
  });
}

/** Hostile Authorization values that are not tokens at all. */
export const MALFORMED_AUTHORIZATION: readonly string[] = [
  'Bearer',
  'Bearer ',
  'Bearer  ',
  'Bearer a b',
  'Basic dXNlcjpwYXNz',
  'Token abc',
  'JWT abc',
  'Bearer null',
  'Bearer undefined',
  'Bearer eyJ',
  'Bearer ...',
  'Bearer a.b.c',
  `Bearer ${'A'.repeat(10_000)}`,
  ...HOSTILE_STRINGS.filter((text) => /^[\x20-\x7e]*$/.test(text)).slice(0, 20),
];
