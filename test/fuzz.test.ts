import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fibreKml } from './support/kml.js';
import { type LocalServer, startLocalServer } from './support/localServer.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type TestApp } from './support/testApp.js';

/**
 * Malformed requests against every route of the OpenAPI document, on each database: NUL bytes in
 * every text, ids out of range, wrong JSON types, broken bodies and multipart forms, unicode edge
 * cases. No answer may be a 5xx, and every error is the `{ success: false, message }` envelope.
 *
 * Deterministic: each route's variants are drawn with a random generator seeded by the route, and
 * bounded (VARIANTS_PER_ROUTE), so a run takes seconds and a failure repeats.
 */

/** Most variants one route gets in one pass; the core ones (NUL in each text, each bad id) first. */
const VARIANTS_PER_ROUTE = 70;
/** Variants of a route in the pass where it refuses the caller (admin routes without a token). */
const REFUSED_VARIANTS_PER_ROUTE = 12;

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** mulberry32: a small PRNG with a 32-bit state. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------
// The OpenAPI document

interface Schema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  nullable?: boolean;
  $ref?: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { security?: unknown[]; parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
}

interface Route {
  method: string;
  /** OpenAPI path, e.g. /api/towers/{id}. */
  path: string;
  admin: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** Content type -> schema of the body. */
  bodies: Record<string, Schema>;
}

function routesOf(doc: OpenApiDocument): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      const bodies: Record<string, Schema> = {};
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) bodies[type] = media.schema ?? {};
      routes.push({
        method: method.toUpperCase(),
        path,
        admin: (operation.security ?? []).length > 0,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        bodies,
      });
    }
  }
  return routes;
}

// ---------------------------------------------------------------------------------------------
// Requests: a plan that variants change, then turned into an inject() call

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | null; payload: string | Buffer }
  | { kind: 'multipart'; fields: [string, string][]; files: FilePart[]; mangle?: (body: Buffer, boundary: string) => { payload: Buffer; contentType: string } }
  | { kind: 'csv'; rows: string[][] };

interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

interface Plan {
  path: Record<string, string>;
  query: [string, string][];
  body: Body;
  /** undefined: the pass's token; null: no Authorization header; text: that header. */
  authorization?: string | null;
}

interface Variant {
  label: string;
  /** Core variants (the list) are always sent; the rest are sampled. */
  core: boolean;
  apply: (plan: Plan) => void;
}

const clone = <T>(value: T): T => structuredClone(value);

function multipartPayload(fields: [string, string][], files: FilePart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function csvText(rows: string[][]): string {
  return rows.map((row) => row.join(',')).join('\n');
}

// ---------------------------------------------------------------------------------------------
// Baseline values: plausible input built from the schemas, so one malformed field reaches the code
// behind the validation of the others.

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function resolve(doc: OpenApiDocument, schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let depth = 0; current.$ref && depth < 10; depth++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = doc.components?.schemas?.[name] ?? {};
  }
  return current;
}

/** The stand-in for every outside service (provider APIs, My Maps): set when a database's app starts. */
let upstreamUrl = 'http://127.0.0.1:9';

const isIdName = (name: string) => /(^|_)ids?$/.test(name);
const BOOLEAN_NAMES = /^(active|auto_sync|use_manual_override|remove_logo)$/;

function sampleString(name: string, schema: Schema): string {
  let value: string;
  if (/url$/.test(name)) value = `${upstreamUrl}/fuzz`;
  else if (/email/.test(name)) value = 'fuzz@example.com';
  else if (/phone/.test(name)) value = '+27 21 555 0100';
  else if (/date$/.test(name)) value = '2026-11-01';
  else if (name === 'color') value = '#00ff00';
  else if (/headers|mapping|config/.test(name)) value = '{}';
  else if (name === 'color_mappings') value = '[]';
  else if (name === 'services') value = 'Fibre';
  else if (name === 'lat' || name === 'test_lat') value = '-33.92';
  else if (name === 'lng' || name === 'test_lng') value = '18.42';
  else if (name === 'height') value = '10';
  else if (name === 'tower_ids') value = '1';
  else if (name === 'cursor') value = 'fuzz';
  else if (BOOLEAN_NAMES.test(name)) value = 'true';
  else value = 'Fuzz text';
  const min = schema.minLength ?? 0;
  if (value.length < min) value = value.padEnd(min, 'x');
  return value;
}

function sample(doc: OpenApiDocument, schema: Schema | undefined, name: string, depth = 0): unknown {
  const s = resolve(doc, schema);
  if (s.example !== undefined) return clone(s.example);
  if (s.examples?.length) return clone(s.examples[0]);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum.find((v) => v !== null) ?? null;
  const member = (s.anyOf ?? s.oneOf)?.find((m) => !(resolve(doc, m).enum?.length === 1 && resolve(doc, m).enum?.[0] === null));
  if (member) return sample(doc, member, name, depth);
  if (s.allOf?.[0]) return sample(doc, s.allOf[0], name, depth);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return sampleString(name, s);
    case 'integer':
    case 'number': {
      if (name === 'lat' || name === 'latitude' || name === 'test_lat') return -33.92;
      if (name === 'lng' || name === 'longitude' || name === 'test_lng') return 18.42;
      const low = s.minimum ?? (isIdName(name) ? 1 : 0);
      return Math.min(Math.max(1, low), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'array':
      return depth > 4 ? [] : [sample(doc, s.items, name, depth + 1)];
    case 'object': {
      const object: Record<string, unknown> = {};
      if (depth > 4) return object;
      for (const [key, property] of Object.entries(s.properties ?? {})) object[key] = sample(doc, property, key, depth + 1);
      return object;
    }
    default:
      // An input the schema leaves open (text read by a preprocess step, such as booleans as text).
      return BOOLEAN_NAMES.test(name) ? true : sampleString(name, s);
  }
}

// ---------------------------------------------------------------------------------------------
// The malformed values

const NUL_VALUES = (base: string) => [`${base}\u0000`, 'a\u0000b', '\u0000'];
/** The list of bad ids, as text (paths, queries, forms). */
const BAD_ID_TEXTS = ['0', '-1', '1.5', '2147483648', '99999999999999999999', 'abc'];
/** The same as JSON values. */
const BAD_ID_VALUES: unknown[] = [0, -1, 1.5, 2147483648, 1e20, 'abc'];
const MORE_ID_TEXTS = ['', ' ', '2147483647', '1e3', '0x10', '+1', '1\u0000', '١', '-0', 'NaN', 'Infinity', '9'.repeat(400)];

const LONG = 'x'.repeat(100_000);
const UNICODE_EDGES = [
  '\ud800',
  '\udfff\ud800',
  '\ufeffbom',
  '\uffff\ufffe',
  '\u202eevil.txt',
  'e\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦🛰️',
  '\u0001\u001f\u007f\u0085',
  'line\r\nbreak',
  '\u2028\u2029',
  'Ｆｕｌｌｗｉｄｔｈ',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
];
const ODD_TEXTS = ['', '   ', "' OR 1=1 --", '%00%ff', '../../../etc/passwd', '<script>alert(1)</script>', '${7*7}{{7*7}}', '[]', '{}', 'null', 'true', '-1'];
const NUMBER_TEXTS = ['NaN', 'Infinity', '-Infinity', '1e400', '-1e400', '1e-400', '9007199254740993', '9'.repeat(400), '0x1f', '1,5', ''];
const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, 1e308, -1e308, '', 'text', [], {}, ['a', 1, null], { a: { b: [null, { c: '\u0000' }] } }];
const NESTED_GARBAGE = { a: [{ b: { c: [[[{ d: '\u0000' }]]] } }], __proto__garbage: { toString: 1, valueOf: [] }, constructor: { prototype: { x: 1 } } };

/** Where a value sits in a JSON body. */
type JsonPath = (string | number)[];

function leavesOf(value: unknown, path: JsonPath = [], out: { path: JsonPath; value: unknown }[] = []): { path: JsonPath; value: unknown }[] {
  if (path.length > 0) out.push({ path, value });
  if (Array.isArray(value)) value.forEach((item, i) => leavesOf(item, [...path, i], out));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) leavesOf(item, [...path, key], out);
  return out;
}

function setAt(root: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...JsonPath];
  const container = (root ?? {}) as Record<string | number, unknown>;
  container[head] = setAt(container[head], rest, value);
  return container;
}

function removeAt(root: unknown, path: JsonPath): void {
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], root);
  const key = path.at(-1) as string | number;
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete (parent as Record<string | number, unknown>)[key];
}

/** Bad values for one text slot (path, query, form field, CSV cell): all text. */
function textValues(name: string, base: string): { label: string; value: string; core: boolean }[] {
  const values: { label: string; value: string; core: boolean }[] = NUL_VALUES(base).map((value) => ({
    label: `NUL ${JSON.stringify(value)}`,
    value,
    core: true,
  }));
  if (isIdName(name) || /^\d+$/.test(base)) {
    for (const value of BAD_ID_TEXTS) values.push({ label: `id ${value}`, value, core: true });
    for (const value of MORE_ID_TEXTS) values.push({ label: `id ${JSON.stringify(value.slice(0, 20))}`, value, core: false });
  }
  if (/^-?\d+(\.\d+)?$/.test(base)) for (const value of NUMBER_TEXTS) values.push({ label: `number ${value.slice(0, 20)}`, value, core: false });
  // JSON text whose strings hold what the text itself does not (escaped NUL, header injection).
  if (base.startsWith('{') || base.startsWith('[')) {
    for (const value of [
      '{"X-Fuzz":"\\u0000"}',
      '{"X-Fuzz\\n":"v"}',
      '{"X-Fuzz":"a\\r\\nInjected: 1"}',
      '[{"color":"#00ff00","status":"live","description":"\\u0000"}]',
      '{"a":{"b":[1e400]}}',
    ]) {
      values.push({ label: `JSON text ${value}`, value, core: true });
    }
  }
  values.push({ label: 'over-long', value: LONG, core: false });
  for (const value of UNICODE_EDGES) values.push({ label: `unicode ${JSON.stringify(value)}`, value, core: false });
  for (const value of ODD_TEXTS) values.push({ label: `text ${JSON.stringify(value)}`, value, core: false });
  return values;
}

/** Bad values for one JSON slot, by the type of its baseline value. */
function jsonValues(key: string | number, base: unknown): { label: string; value: unknown; core: boolean }[] {
  const name = String(key);
  const values: { label: string; value: unknown; core: boolean }[] = [];
  if (typeof base === 'string') {
    for (const v of textValues(name, base)) values.push(v);
  }
  if (typeof base === 'number' || isIdName(name)) {
    const ids = isIdName(name) || Number.isInteger(base);
    if (ids) for (const value of BAD_ID_VALUES) values.push({ label: `id ${JSON.stringify(value)}`, value, core: true });
    for (const value of [Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, 2 ** 53 + 2, -0, 2147483647])
      values.push({ label: `number ${value}`, value, core: false });
    for (const value of NUMBER_TEXTS) values.push({ label: `number text ${value.slice(0, 20)}`, value, core: false });
  }
  for (const value of WRONG_TYPES) values.push({ label: `wrong type ${JSON.stringify(value)}`, value, core: false });
  values.push({ label: 'nested garbage', value: clone(NESTED_GARBAGE), core: false });
  values.push({ label: 'huge array', value: Array.from({ length: 10_000 }, (_, i) => (typeof base === 'number' ? i : `item ${i}`)), core: false });
  return values;
}

const JSON_BODY_TEXTS: [string, string | null, string | Buffer][] = [
  ['empty JSON body', 'application/json', ''],
  ['body null', 'application/json', 'null'],
  ['body array', 'application/json', '[]'],
  ['body text', 'application/json', '"text"'],
  ['body number', 'application/json', '123'],
  ['body true', 'application/json', 'true'],
  ['body {}', 'application/json', '{}'],
  ['truncated JSON', 'application/json', '{"name": "x", "a":'],
  ['invalid UTF-8', 'application/json', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d])],
  ['NUL bytes as the body', 'application/json', Buffer.from([0, 0, 0, 0])],
  ['deeply nested arrays', 'application/json', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
  ['deeply nested objects', 'application/json', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`],
  ['__proto__ key', 'application/json', '{"__proto__":{"polluted":true}}'],
  ['constructor.prototype key', 'application/json', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['huge number', 'application/json', '{"id": 1e400, "provider_id": 99999999999999999999999999999}'],
  ['JSON as text/plain', 'text/plain', '{"name":"x"}'],
  ['odd content type', 'application/x-www-form-urlencoded', 'name=%00&id=2147483648'],
  ['UTF-16 charset', 'application/json; charset=utf-16', '{"name":"x"}'],
  ['no content type', null, '{"name":"x"}'],
];

const KML_WITH_NUL = Buffer.from(fibreKml().replace(/<name>([^<]*)<\/name>/, '<name>$1\u0000nul</name>'));

/** A plausible file for a form's file field. */
function sampleFile(route: Route, field: string): FilePart {
  if (field === 'logo') return { field, filename: 'logo.png', contentType: 'image/png', bytes: PNG_1X1 };
  if (field === 'kml_file') return { field, filename: 'coverage.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(fibreKml()) };
  if (route.path.includes('addresses'))
    return { field, filename: 'addresses.csv', contentType: 'text/csv', bytes: Buffer.from('label,lat,lng\nSea Point,-33.91,18.39\n') };
  return { field, filename: 'S34E018.hgt', contentType: 'application/octet-stream', bytes: Buffer.alloc(1024, 7) };
}

function fileFieldsOf(schema: Schema): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, property]) => property.format === 'binary' || (property.anyOf ?? []).some((m) => m.format === 'binary'))
    .map(([name]) => name);
}

// ---------------------------------------------------------------------------------------------
// Variants of a route

interface Built {
  baseline: Plan;
  variants: Variant[];
}

function build(doc: OpenApiDocument, route: Route, ids: Record<string, string>): Built {
  const baseline: Plan = { path: {}, query: [], body: { kind: 'none' } };
  for (const param of route.pathParams) baseline.path[param.name] = pathSample(route, param, ids);
  for (const param of route.queryParams) {
    const value = sample(doc, param.schema, param.name);
    if (param.required || param.name !== 'cursor') baseline.query.push([param.name, String(value)]);
  }
  const types = Object.keys(route.bodies);
  const multipartSchema = route.bodies['multipart/form-data'];
  const jsonSchema = route.bodies['application/json'];
  const csvSchema = route.bodies['text/csv'];
  const variants: Variant[] = [];
  const add = (label: string, core: boolean, apply: (plan: Plan) => void) => variants.push({ label, core, apply });

  // Path parameters.
  for (const param of route.pathParams) {
    for (const { label, value, core } of textValues(param.name, baseline.path[param.name] ?? '')) {
      add(`path ${param.name}: ${label}`, core, (plan) => {
        plan.path[param.name] = value;
      });
    }
  }
  // Query parameters: each one malformed, repeated, or left out; unknown ones added.
  baseline.query.forEach(([name, base], index) => {
    for (const { label, value, core } of textValues(name, base)) {
      add(`query ${name}: ${label}`, core, (plan) => {
        plan.query[index] = [name, value];
      });
    }
    add(`query ${name}: repeated`, false, (plan) => {
      plan.query.push([name, '\u0000']);
    });
    add(`query ${name}: left out`, false, (plan) => {
      plan.query.splice(index, 1);
    });
  });
  if (route.queryParams.length > 0 || route.method === 'GET') {
    add('query: unknown parameter with NUL', false, (plan) => {
      plan.query.push(['unknown\u0000', '\u0000']);
    });
  }

  // JSON bodies: every leaf and container gets bad values; the body as a whole gets bad shapes.
  if (jsonSchema && !multipartSchema) {
    const value = sample(doc, jsonSchema, 'body');
    baseline.body = { kind: 'json', value };
    addJsonVariants(value, add);
  } else if (multipartSchema) {
    const fileFields = fileFieldsOf(resolve(doc, multipartSchema));
    const textFields = Object.entries(resolve(doc, multipartSchema).properties ?? {}).filter(([name]) => !fileFields.includes(name));
    const fields: [string, string][] = textFields.map(([name, schema]) => {
      const v = sample(doc, schema, name);
      return [name, typeof v === 'string' ? v : JSON.stringify(v)];
    });
    const files = fileFields.map((field) => sampleFile(route, field));
    baseline.body = { kind: 'multipart', fields, files };
    addMultipartVariants(fields, files, add);
    if (jsonSchema) {
      const value = sample(doc, jsonSchema, 'body');
      add('JSON body instead of multipart', false, (plan) => {
        plan.body = { kind: 'json', value: clone(value) };
      });
      addJsonVariants(value, (label, core, apply) =>
        add(`JSON ${label}`, core, (plan) => {
          plan.body = { kind: 'json', value: clone(value) };
          apply(plan);
        }),
      );
    }
  }
  if (csvSchema) {
    const example = String(sample(doc, csvSchema, 'csv'));
    const rows = example
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    addCsvVariants(rows, add);
  }
  if (types.length > 0) {
    for (const [label, contentType, payload] of JSON_BODY_TEXTS) {
      add(label, false, (plan) => {
        plan.body = { kind: 'raw', contentType, payload };
      });
    }
    add('no body', false, (plan) => {
      plan.body = { kind: 'none' };
    });
  }
  // Authorization headers that are not a session.
  for (const header of ['Bearer ', 'Bearer \u0000', `Bearer ${'a'.repeat(10_000)}`, 'Basic YWRtaW46YWRtaW4=', 'Bearer ../../etc', 'Bearer\u00a0x']) {
    add(`authorization ${JSON.stringify(header.slice(0, 16))}`, false, (plan) => {
      plan.authorization = header;
    });
  }
  return { baseline, variants };
}

function addJsonVariants(value: unknown, add: (label: string, core: boolean, apply: (plan: Plan) => void) => void): void {
  const jsonBody = (plan: Plan) => (plan.body as { value: unknown }).value;
  for (const leaf of leavesOf(value)) {
    const key = leaf.path.at(-1) as string | number;
    const where = leaf.path.join('.');
    for (const { label, value: bad, core } of jsonValues(key, leaf.value)) {
      add(`body ${where}: ${label}`, core, (plan) => {
        (plan.body as { value: unknown }).value = setAt(jsonBody(plan), leaf.path, clone(bad));
      });
    }
    add(`body ${where}: left out`, false, (plan) => removeAt(jsonBody(plan), leaf.path));
  }
  add('body: array of the object', false, (plan) => {
    (plan.body as { value: unknown }).value = [jsonBody(plan), jsonBody(plan)];
  });
  add('body: extra fields of garbage', false, (plan) => {
    (plan.body as { value: unknown }).value = { ...(jsonBody(plan) as object), extra: clone(NESTED_GARBAGE), 'nul\u0000key': '\u0000' };
  });
}

function addMultipartVariants(fields: [string, string][], files: FilePart[], add: (label: string, core: boolean, apply: (plan: Plan) => void) => void): void {
  const form = (plan: Plan) => plan.body as Extract<Body, { kind: 'multipart' }>;
  fields.forEach(([name, base], index) => {
    for (const { label, value, core } of textValues(name, base)) {
      add(`field ${name}: ${label}`, core, (plan) => {
        form(plan).fields[index] = [name, value];
      });
    }
    add(`field ${name}: over the field size limit`, false, (plan) => {
      form(plan).fields[index] = [name, 'y'.repeat(1024 * 1024 + 10)];
    });
    add(`field ${name}: twice`, false, (plan) => {
      form(plan).fields.push([name, '\u0000']);
    });
  });
  add('field with NUL in its name', true, (plan) => {
    form(plan).fields.push(['na\u0000me', 'x']);
  });
  add('more fields than allowed', false, (plan) => {
    for (let i = 0; i < 100; i++) form(plan).fields.push([`f${i}`, 'x']);
  });
  const fileField = files[0]?.field ?? 'file';
  const withFile = (label: string, core: boolean, file: Partial<FilePart>) =>
    add(label, core, (plan) => {
      form(plan).files = [
        { field: fileField, filename: 'upload.bin', contentType: 'application/octet-stream', bytes: Buffer.from('x'), ...(files[0] ?? {}), ...file },
      ];
    });
  withFile('file name with NUL', true, { filename: 'cover\u0000age.kml' });
  withFile('file name over-long', false, { filename: `${'n'.repeat(5000)}.kml` });
  withFile('file name with path', false, { filename: '../../../etc/passwd' });
  withFile('file name unicode', false, { filename: '\u202egpj.lmk\ud800.kml' });
  withFile('file empty', false, { bytes: Buffer.alloc(0) });
  withFile('file of NUL bytes', false, { bytes: Buffer.alloc(4096) });
  withFile('file of garbage', false, { bytes: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)) });
  withFile('KML with NUL in a name', false, { bytes: KML_WITH_NUL });
  withFile('file in another field', false, { field: 'unexpected' });
  add('two files', false, (plan) => {
    const first = files[0] ?? { field: fileField, filename: 'a', contentType: 'text/plain', bytes: Buffer.from('a') };
    form(plan).files = [first, { ...first, filename: 'second.bin' }];
  });
  const mangled = (label: string, mangle: (body: Buffer, boundary: string) => { payload: Buffer; contentType: string }) =>
    add(label, false, (plan) => {
      form(plan).mangle = mangle;
    });
  mangled('multipart without a boundary', (body) => ({ payload: body, contentType: 'multipart/form-data' }));
  mangled('multipart with another boundary', (body) => ({ payload: body, contentType: 'multipart/form-data; boundary=other' }));
  mangled('multipart cut in half', (body, boundary) => ({
    payload: body.subarray(0, Math.floor(body.length / 2)),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }));
  mangled('multipart of garbage', (_body, boundary) => ({
    payload: Buffer.from('\u0000garbage\r\n--\r\n'),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }));
  mangled('multipart with no parts', (_body, boundary) => ({
    payload: Buffer.from(`--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }));
  mangled('multipart part without a name', (_body, boundary) => ({
    payload: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }));
  mangled('multipart boundary of NUL', (body) => ({ payload: body, contentType: 'multipart/form-data; boundary=\u0000' }));
}

function addCsvVariants(rows: string[][], add: (label: string, core: boolean, apply: (plan: Plan) => void) => void): void {
  const [header = [], ...data] = rows;
  const base = data[0] ?? header.map(() => '');
  base.forEach((cell, column) => {
    const name = header[column] ?? `column ${column}`;
    for (const { label, value, core } of textValues(name, cell)) {
      add(`CSV ${name}: ${label}`, core, (plan) => {
        plan.body = { kind: 'csv', rows: [header, base.map((c, i) => (i === column ? value : c))] };
      });
    }
  });
  const csv = (label: string, text: string | Buffer) =>
    add(label, false, (plan) => {
      plan.body = { kind: 'raw', contentType: 'text/csv', payload: text };
    });
  csv('CSV with NUL in the header', `lab\u0000el,lat,lng\nA,1,2`);
  csv('CSV with an open quote', `${header.join(',')}\n"open,1,2\nB,1,2`);
  csv('CSV with only a header', header.join(','));
  csv('CSV with a BOM and CR line ends', `\ufeff${header.join(',')}\r\nA,1,2\r\n`);
  csv('CSV with a thousand columns', `${header.join(',')}\n${Array.from({ length: 1000 }, () => '\u0000').join(',')}`);
  csv('CSV of binary garbage', Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 31) % 256)));
  csv('empty CSV', '');
}

/** The id of a seeded row for the route's {id}, or a plausible value for other path parameters. */
function pathSample(route: Route, param: Parameter, ids: Record<string, string>): string {
  if (param.name === 'id') {
    const prefix = Object.keys(ids).find((p) => route.path.startsWith(p));
    return prefix ? (ids[prefix] ?? '1') : '1';
  }
  if (param.name === 'filename') return 'logo.png';
  if (param.name === 'name') return 'S34E018';
  if (param.name === 'y.pbf' || param.name === 'y') return '0';
  return '0';
}

// ---------------------------------------------------------------------------------------------
// Sending

/** Percent-encoded UTF-8; a lone surrogate becomes the bytes it would have (not valid UTF-8). */
function encodeText(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(value[i] ?? '');
    }
  }
  return out;
}

function urlOf(route: Route, plan: Plan): string {
  let url = route.path;
  for (const [name, value] of Object.entries(plan.path)) url = url.replace(`{${name}}`, encodeText(value));
  const query = plan.query.map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`).join('&');
  return query ? `${url}?${query}` : url;
}

function requestOf(route: Route, plan: Plan, token: string | null, remoteAddress: string) {
  const headers: Record<string, string> = {};
  const authorization = plan.authorization === undefined ? (token ? bearer(token).authorization : null) : plan.authorization;
  if (authorization) headers.authorization = authorization;
  let payload: string | Buffer | undefined;
  const body = plan.body;
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.value) ?? '';
  } else if (body.kind === 'raw') {
    if (body.contentType) headers['content-type'] = body.contentType;
    payload = body.payload;
  } else if (body.kind === 'csv') {
    headers['content-type'] = 'text/csv';
    payload = csvText(body.rows);
  } else if (body.kind === 'multipart') {
    const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
    const raw = multipartPayload(body.fields, body.files, boundary);
    const mangled = body.mangle ? body.mangle(raw, boundary) : { payload: raw, contentType: `multipart/form-data; boundary=${boundary}` };
    headers['content-type'] = mangled.contentType;
    payload = mangled.payload;
  }
  const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  return { method, url: urlOf(route, plan), headers, remoteAddress, ...(payload === undefined ? {} : { payload }) };
}

/** Why an answer is wrong, or null. */
function problemOf(status: number, contentType: string | undefined, body: string): string | null {
  if (status >= 500) return `status ${status}`;
  if (status < 400) return null;
  if (!String(contentType ?? '').includes('application/json')) return `status ${status} without a JSON body (${contentType})`;
  try {
    const parsed = JSON.parse(body) as { success?: unknown; message?: unknown };
    if (parsed.success !== false) return `status ${status} with success ${String(parsed.success)}`;
    if (typeof parsed.message !== 'string' || parsed.message === '') return `status ${status} without a message`;
  } catch {
    return `status ${status} with a body that is not JSON`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

describe.each(databaseKinds())('malformed requests to every route on %s', (kind) => {
  let app: TestApp;
  let upstream: LocalServer;
  let doc: OpenApiDocument;
  let routes: Route[];
  const ids: Record<string, string> = {};
  let addressCounter = 0;
  /** A new client address per request, so the rate limits and sign-in throttling stay out of the way. */
  const nextAddress = () => {
    addressCounter++;
    return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
  };

  beforeAll(async () => {
    // Outbound requests (API tests, My Maps) reach a local server that answers every one, so the
    // request is built, sent and read from the fuzzed input; no answer is an outside failure (502).
    upstream = await startLocalServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end('{"covered":false}');
    });
    upstreamUrl = upstream.url;
    // A clock that does not wait: sign-in throttling's delays pass at once.
    app = await createTestApp(kind, {
      env: {
        GEOCODER_URL: 'none',
        ALLOW_PRIVATE_FETCH: 'true',
        MY_MAPS_KML_URL: `${upstream.url}/kml?mid={mapId}`,
        LEAD_RATE_LIMIT_PER_HOUR: '100000',
        SEARCH_LOG_RATE_LIMIT_PER_MINUTE: '100000',
      },
      deps: { clock: new ManualClock() },
    });
    const token = await signIn(app);
    const headers = bearer(token);
    const docResponse = await app.server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docResponse.statusCode).toBe(200);
    doc = docResponse.json();
    routes = routesOf(doc);

    // Rows for the routes' ids, so that a malformed field next to a valid id reaches the database.
    const boundary = 'seedboundary';
    const provider = await app.server.inject({
      method: 'POST',
      url: '/api/providers',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipartPayload([['name', 'Seed Fibre']], [], boundary),
    });
    expect(provider.statusCode, provider.body).toBe(200);
    ids['/api/providers'] = String(provider.json().data.id);
    const layer = await app.server.inject({
      method: 'POST',
      url: '/api/coverage_layers',
      headers,
      payload: { name: 'Seed layer', provider_id: provider.json().data.id, services: ['Fibre'] },
    });
    expect(layer.statusCode, layer.body).toBe(200);
    ids['/api/coverage_layers'] = String(layer.json().data.id);
    const tower = await app.server.inject({
      method: 'POST',
      url: '/api/towers',
      headers,
      payload: { name: 'Seed tower', latitude: -33.92, longitude: 18.42, height_meters: 30 },
    });
    expect(tower.statusCode, tower.body).toBe(200);
    ids['/api/towers'] = String(tower.json().data.id);
    ids['/api/line-of-sight/tower'] = ids['/api/towers'];
    const lead = await app.server.inject({
      method: 'POST',
      url: '/api/submit_lead',
      payload: { provider_id: provider.json().data.id, lead_type: 'contact_request', name: 'Seed Visitor', email: 'seed@example.com' },
    });
    expect(lead.statusCode, lead.body).toBe(200);
    ids['/api/leads'] = String(lead.json().data.id);
  });
  afterAll(async () => {
    await app?.close();
    await upstream?.close();
  });

  it('reads every route from the OpenAPI document, multipart forms and CSV included', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThanOrEqual(50);
    expect(names).toEqual(
      expect.arrayContaining(['POST /api/auth/login', 'PUT /api/providers/{id}', 'POST /api/addresses/import', 'GET /api/coverage_tiles/{z}/{x}/{y}.pbf']),
    );
    const form = routes.find((r) => r.method === 'POST' && r.path === '/api/providers');
    expect(Object.keys(form?.bodies ?? {})).toEqual(['multipart/form-data']);
    expect(Object.keys(routes.find((r) => r.path === '/api/addresses/import')?.bodies ?? {})).toEqual(
      expect.arrayContaining(['multipart/form-data', 'text/csv']),
    );
  });

  it('refuses NUL with a 400 naming the field, and ids beyond the database column as not found, by the shared rules', async () => {
    const headers = bearer(await signIn(app));
    const send = async (request: InjectOptions) => {
      const response = await app.server.inject({ remoteAddress: nextAddress(), ...request });
      return { status: response.statusCode, body: response.json() as { success: boolean; message: string; data?: unknown } };
    };
    const form = (fields: [string, string][], files: FilePart[] = []) => {
      const boundary = 'rulesboundary';
      return { headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: multipartPayload(fields, files, boundary) };
    };
    const refused = (status: number, message: string) => ({ status, body: expect.objectContaining({ success: false, message }) });

    // Text: a JSON body, the unauthenticated sign-in, a form field, a query, a path, a file name, a CSV row.
    expect(await send({ method: 'POST', url: '/api/auth/login', payload: { username: 'ad\u0000min', password: 'whatever1' } })).toEqual(
      refused(400, 'Username must not contain NUL characters'),
    );
    expect(await send({ method: 'POST', url: '/api/providers', ...form([['name', 'Fibre\u0000Co']]) })).toEqual(
      refused(400, 'Provider name must not contain NUL characters'),
    );
    expect(await send({ method: 'PUT', url: `/api/providers/${ids['/api/providers']}`, ...form([['description', 'x\u0000']]) })).toEqual(
      refused(400, 'Description must not contain NUL characters'),
    );
    expect(
      await send({
        method: 'POST',
        url: '/api/towers',
        headers,
        payload: { name: 'Mast', code: 'M\u00001', latitude: -33.9, longitude: 18.4, height_meters: 20 },
      }),
    ).toEqual(refused(400, 'Code must not contain NUL characters'));
    expect(await send({ method: 'GET', url: '/api/search_addresses?q=Sea%00Point' })).toEqual(refused(400, 'q must not contain NUL characters'));
    expect(await send({ method: 'DELETE', url: '/api/terrain/tiles/S34%00E018', headers })).toEqual(refused(400, 'Tile name must not contain NUL characters'));
    const kml = { field: 'kml_file', filename: 'cover\u0000age.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(fibreKml()) };
    expect(await send({ method: 'POST', url: `/api/coverage_layers/${ids['/api/coverage_layers']}/upload`, ...form([], [kml]) })).toEqual(
      refused(400, 'File name must not contain NUL characters'),
    );
    const csv = await send({
      method: 'POST',
      url: '/api/addresses/import',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: 'label,lat,lng\nSea\u0000Point,-33.9,18.4\nGreen Point,-33.9,18.4\n',
    });
    expect(csv).toEqual({
      status: 200,
      body: expect.objectContaining({ data: { imported_count: 1, error_count: 1, errors: [{ line: 2, message: 'Label must not contain NUL characters' }] } }),
    });

    // Ids: in a path beyond the column, not found (404); not a positive whole number, 400; in a body, 400.
    expect(await send({ method: 'GET', url: '/api/providers/2147483648', headers })).toEqual(refused(404, 'Provider not found'));
    expect(await send({ method: 'DELETE', url: '/api/towers/99999999999999999999', headers })).toEqual(refused(404, 'Tower not found'));
    expect(await send({ method: 'GET', url: '/api/leads/1.5', headers })).toEqual(refused(400, 'Lead id must be a positive whole number'));
    expect(await send({ method: 'GET', url: '/api/coverage_layers/0', headers })).toEqual(refused(400, 'Coverage layer id must be a positive whole number'));
    expect(await send({ method: 'POST', url: '/api/coverage_layers', headers, payload: { name: 'L', provider_id: 2147483648, services: ['Fibre'] } })).toEqual(
      refused(400, 'Provider not found'),
    );
    expect(await send({ method: 'POST', url: '/api/submit_lead', payload: { provider_id: -1, lead_type: 'contact_request', name: 'Visitor' } })).toEqual(
      refused(400, 'Provider is required'),
    );
    expect(await send({ method: 'GET', url: '/api/reports/leads?provider_id=2147483648', headers })).toEqual(
      refused(400, 'provider_id must be a provider id or 0'),
    );

    // Refusals by Fastify itself, before any route: the same envelope.
    expect(await send({ method: 'GET', url: '/api/providers/%ED%A0%80', headers })).toEqual(refused(400, 'The URL is not valid (malformed percent-encoding)'));
    expect(await send({ method: 'GET', url: `/api/providers/${'9'.repeat(200)}`, headers })).toEqual(refused(414, 'A part of the URL path is too long'));
  });

  /**
   * Sends each route's variants and returns the wrong answers. DELETE routes go last (a variant
   * may name a seeded row), and signing out gets a session of its own for each variant.
   */
  async function fuzz(pass: 'admin' | 'anonymous'): Promise<{ problems: string[]; sent: number }> {
    const token = pass === 'admin' ? await signIn(app) : null;
    const ordered = [...routes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const problems: string[] = [];
    let sent = 0;
    for (const route of ordered) {
      const { baseline, variants } = build(doc, route, ids);
      const refused = pass === 'anonymous' && route.admin;
      const cap = refused ? REFUSED_VARIANTS_PER_ROUTE : VARIANTS_PER_ROUTE;
      const random = randomSource(seedOf(`${pass} ${route.method} ${route.path}`));
      const core = shuffled(
        variants.filter((v) => v.core),
        random,
      );
      const rest = shuffled(
        variants.filter((v) => !v.core),
        random,
      );
      // Every core variant of a route that answers (the list); the rest sampled up to the cap.
      const chosen = refused ? [...core, ...rest].slice(0, cap) : [...core, ...rest.slice(0, Math.max(0, cap - core.length))];
      for (const variant of chosen) {
        const plan = clone({ ...baseline, body: baseline.body.kind === 'multipart' ? { ...baseline.body, mangle: undefined } : baseline.body });
        variant.apply(plan);
        const sessionToken = token && route.path === '/api/auth/logout' ? await signIn(app) : token;
        const request = requestOf(route, plan, sessionToken, nextAddress());
        const response = await app.server.inject(request);
        sent++;
        const problem = problemOf(response.statusCode, response.headers['content-type'] as string | undefined, response.body);
        if (problem) problems.push(`${route.method} ${route.path} [${variant.label}]: ${problem}: ${response.body.slice(0, 200)}`);
      }
    }
    return { problems, sent };
  }

  // Every route times every variant: about 110 s on a loaded 2-core machine with today's routes, so
  // the limit leaves room for the routes still to come.
  it('answers no 5xx, and errors only in the envelope, with the admin token', { timeout: 300_000 }, async () => {
    const { problems, sent } = await fuzz('admin');
    expect(sent).toBeGreaterThan(2000);
    expect(problems).toEqual([]);
  });

  it('answers no 5xx, and errors only in the envelope, without a token', { timeout: 300_000 }, async () => {
    const { problems, sent } = await fuzz('anonymous');
    expect(sent).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  });
});
