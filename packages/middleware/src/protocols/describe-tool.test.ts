import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { zodSchema } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeTool, leanSchema } from './describe-tool';

type Json = Record<string, unknown>;

const SAFE = Number.MAX_SAFE_INTEGER;

const weather = z.object({
  city: z.string().describe('City name'),
  days: z.number().int().min(1).max(14).default(3),
  count: z.int(),
  from: z.int().min(0),
  ratio: z.number(),
  unit: z.enum(['celsius', 'fahrenheit']).optional(),
  email: z.email(),
  tags: z.array(z.string()).meta({ title: 'tags' }),
  note: z.string().meta({ title: 'A note for the forecaster' }),
  nested: z.object({ limit: z.int().nullable() }),
});

/** What a model needs of `weather`: the zod schema without `$schema`, safe-integer bounds and the title `tags`. */
const weatherFacts = {
  type: 'object',
  properties: {
    city: { type: 'string', description: 'City name' },
    days: { default: 3, type: 'integer', minimum: 1, maximum: 14 },
    count: { type: 'integer' },
    from: { type: 'integer', minimum: 0 },
    ratio: { type: 'number' },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    email: { type: 'string', format: 'email', pattern: expect.any(String) },
    tags: { type: 'array', items: { type: 'string' } },
    note: { type: 'string', title: 'A note for the forecaster' },
    nested: {
      type: 'object',
      properties: { limit: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
      required: ['limit'],
      additionalProperties: false,
    },
  },
  required: expect.arrayContaining(['city', 'count', 'from', 'ratio', 'email', 'tags', 'nested']),
  additionalProperties: false,
};

describe('leanSchema', () => {
  it("drops what zod 4's z.toJSONSchema adds that tells a model nothing, and keeps every fact", () => {
    const schema = z.toJSONSchema(weather) as Json;
    expect(schema['$schema']).toBeDefined();
    const lean = leanSchema(schema);
    expect(lean).toStrictEqual(weatherFacts);
    expect(JSON.stringify(lean).length).toBeLessThan(JSON.stringify(schema).length);
  });

  it("does the same for the AI SDK's zodSchema", async () => {
    const schema = (await zodSchema(weather).jsonSchema) as Json;
    expect(schema['$schema']).toBe('http://json-schema.org/draft-07/schema#');
    expect(leanSchema(schema)).toStrictEqual(weatherFacts);
  });

  it('drops a title that restates its property name in other spelling', () => {
    const schema = {
      type: 'object',
      title: 'Arguments',
      properties: {
        due_date: { type: 'string', title: 'Due Date' },
        dueDate: { type: 'string', title: 'due-date' },
        city: { type: 'string', title: 'City of birth' },
      },
    };
    expect(leanSchema(schema)).toStrictEqual({
      type: 'object',
      title: 'Arguments',
      properties: {
        due_date: { type: 'string' },
        dueDate: { type: 'string' },
        city: { type: 'string', title: 'City of birth' },
      },
    });
  });

  it('keeps safe-integer bounds on what is not an integer, and real bounds on integers', () => {
    const schema = {
      anyOf: [
        { type: 'number', minimum: -SAFE, maximum: SAFE },
        { type: ['integer', 'null'], minimum: -SAFE, maximum: SAFE - 1 },
      ],
    };
    expect(leanSchema(schema)).toStrictEqual({
      anyOf: [
        { type: 'number', minimum: -SAFE, maximum: SAFE },
        { type: ['integer', 'null'], maximum: SAFE - 1 },
      ],
    });
  });

  it('reads keywords only where a schema stands: property names and values are data', () => {
    const properties: Json = {};
    for (const name of ['$schema', 'title', 'minimum', 'maximum', '__proto__'])
      Object.defineProperty(properties, name, {
        value: { type: 'integer', title: 'other', maximum: SAFE },
        enumerable: true,
      });
    const schema = {
      type: 'object',
      properties,
      default: { $schema: 'x', title: { type: 'integer', title: 'title', minimum: -SAFE } },
      enum: [{ $schema: 'x' }],
      const: { title: 'title' },
      examples: [{ maximum: SAFE }],
      $defs: { title: { type: 'string', title: 'title' } },
    };
    const lean = leanSchema(schema) as Json;
    const leanProperties = lean['properties'] as Json;
    expect(Object.keys(leanProperties)).toEqual([
      '$schema',
      'title',
      'minimum',
      'maximum',
      '__proto__',
    ]);
    for (const name of Object.keys(leanProperties))
      expect(leanProperties[name]).toStrictEqual({ type: 'integer', title: 'other' });
    expect(Object.getPrototypeOf(leanProperties)).toBe(Object.prototype);
    for (const key of ['default', 'enum', 'const', 'examples', '$defs'] as const)
      expect(lean[key]).toStrictEqual(schema[key]);
  });

  it('keeps boolean schemas, tuple items and dependency lists', () => {
    const schema = {
      type: 'array',
      items: [{ type: 'integer', minimum: -SAFE }, true],
      additionalItems: false,
      dependencies: { a: ['b'], c: { $schema: 'x', required: ['d'] } },
    };
    expect(leanSchema(schema)).toStrictEqual({
      type: 'array',
      items: [{ type: 'integer' }, true],
      additionalItems: false,
      dependencies: { a: ['b'], c: { required: ['d'] } },
    });
  });

  it('reaches every keyword that holds schemas', () => {
    const noisy = () => ({ $schema: 'x', type: 'integer', minimum: -SAFE, maximum: SAFE });
    const single = [
      'additionalItems',
      'additionalProperties',
      'contains',
      'contentSchema',
      'else',
      'if',
      'items',
      'not',
      'propertyNames',
      'then',
      'unevaluatedItems',
      'unevaluatedProperties',
    ];
    const lists = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
    const maps = ['$defs', 'definitions', 'dependencies', 'dependentSchemas', 'patternProperties'];
    const schema = Object.fromEntries([
      ...single.map((key) => [key, noisy()]),
      ...lists.map((key) => [key, [noisy(), noisy()]]),
      ...maps.map((key) => [key, { a: noisy() }]),
    ]);
    expect(leanSchema(schema)).toStrictEqual(
      Object.fromEntries([
        ...single.map((key) => [key, { type: 'integer' }]),
        ...lists.map((key) => [key, [{ type: 'integer' }, { type: 'integer' }]]),
        ...maps.map((key) => [key, { a: { type: 'integer' } }]),
      ]),
    );
  });

  it('leaves its input as it was', () => {
    const schema = z.toJSONSchema(weather);
    const before = structuredClone(schema);
    leanSchema(schema);
    expect(schema).toStrictEqual(before);
  });

  it('handles 100,000 nested schemas and a cycle without running out of stack', () => {
    let deep: Json = { type: 'integer', maximum: SAFE };
    for (let i = 0; i < 100_000; i++) deep = { type: 'array', items: deep };
    let lean = leanSchema(deep);
    for (let i = 0; i < 100_000; i++) lean = lean['items'] as Json;
    expect(lean).toStrictEqual({ type: 'integer' });

    const cyclic: Json = { $schema: 'x', type: 'object', properties: {} };
    (cyclic['properties'] as Json)['self'] = cyclic;
    const leanCyclic = leanSchema(cyclic);
    expect(leanCyclic['$schema']).toBeUndefined();
    const self = (leanCyclic['properties'] as Json)['self'] as Json;
    expect(self['$schema']).toBeUndefined();
    expect((self['properties'] as Json)['self']).toBe(self);
  });
});

// Property tests. `clean` schemas hold no keyword leanSchema drops; `noisy` is the same schema
// with $schema, safe-integer bounds and restating titles added at random schema positions.

const propertyName = fc.constantFrom(
  'city',
  'due_date',
  'title',
  '$schema',
  'minimum',
  'maximum',
  '__proto__',
  'type',
);
const restate = fc.constantFrom(
  (name: string) => name,
  (name: string) => name.toUpperCase(),
  (name: string) => name.replaceAll('_', ' '),
);
/** Values at data positions, keyword-shaped on purpose. */
const data = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    { $schema: 'x' },
    { title: 'city' },
    { minimum: -SAFE, maximum: SAFE },
    SAFE,
    [{ $schema: 'x' }],
    { city: { type: 'integer', title: 'city', maximum: SAFE }, other: { $schema: 'x' } },
  ),
);

function withOwn(entries: Array<[string, unknown]>): Json {
  const object: Json = {};
  for (const [key, value] of entries)
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return object;
}

/** Keywords of a schema that hold no schema. */
const leafFields = {
  type: fc.constantFrom<unknown>('integer', 'number', 'string', 'object', ['integer', 'null']),
  title: fc.string().map((text) => `Title: ${text}`),
  description: fc.string(),
  minimum: fc.integer({ min: -1000, max: 1000 }),
  maximum: fc.integer({ min: -1000, max: 1000 }),
  default: data,
  enum: fc.array(data, { maxLength: 3 }),
  format: fc.constantFrom('email', 'date-time'),
};

const schemaPairs = fc.letrec<{ schema: [clean: Json, noisy: Json] }>((tie) => ({
  schema: fc
    .oneof(
      { depthSize: 'small', maxDepth: 3, depthIdentifier: 'schema' },
      fc.record(leafFields, { requiredKeys: [] }),
      fc.record(
        {
          ...leafFields,
          additionalProperties: fc.oneof(fc.boolean(), tie('schema')),
          items: tie('schema'),
          anyOf: fc.array(tie('schema'), { maxLength: 2 }),
          properties: fc.uniqueArray(fc.tuple(propertyName, tie('schema'), fc.boolean(), restate), {
            maxLength: 3,
            selector: ([name]) => name,
          }),
        },
        { requiredKeys: [] },
      ),
    )
    .chain((fields) =>
      fc
        .record({ schemaKey: fc.boolean(), lowBound: fc.boolean(), highBound: fc.boolean() })
        .map((noise): [Json, Json] => {
          const clean: Array<[string, unknown]> = [];
          const noisy: Array<[string, unknown]> = [];
          if (noise.schemaKey)
            noisy.push(['$schema', 'https://json-schema.org/draft/2020-12/schema']);
          for (const [key, value] of Object.entries(fields)) {
            if (key === 'properties') {
              const entries = value as Array<
                [string, [Json, Json], boolean, (name: string) => string]
              >;
              clean.push([key, withOwn(entries.map(([name, [sub]]) => [name, sub]))]);
              noisy.push([
                key,
                withOwn(
                  entries.map(([name, [, sub], titled, spell]) => [
                    name,
                    titled && !('title' in sub)
                      ? withOwn([...Object.entries(sub), ['title', spell(name)]])
                      : sub,
                  ]),
                ),
              ]);
            } else if (
              key === 'items' ||
              (key === 'additionalProperties' && Array.isArray(value))
            ) {
              const [cleanSub, noisySub] = value as [Json, Json];
              clean.push([key, cleanSub]);
              noisy.push([key, noisySub]);
            } else if (key === 'anyOf') {
              const subs = value as Array<[Json, Json]>;
              clean.push([key, subs.map(([sub]) => sub)]);
              noisy.push([key, subs.map(([, sub]) => sub)]);
            } else {
              clean.push([key, value]);
              noisy.push([key, value]);
            }
          }
          const integer = fields.type === 'integer' || Array.isArray(fields.type);
          if (integer && noise.lowBound && fields.minimum === undefined)
            noisy.push(['minimum', -SAFE]);
          if (integer && noise.highBound && fields.maximum === undefined)
            noisy.push(['maximum', SAFE]);
          return [withOwn(clean), withOwn(noisy)];
        }),
    ),
})).schema;

const words = (text: string) => text.replace(/[\s_-]/g, '').toLowerCase();

/** Every node of a JSON value by its path: a leaf as itself, a container as `[]` or `{}`. */
function nodes(value: unknown, prefix: string[] = [], out = new Map<string, unknown>()) {
  if (typeof value !== 'object' || value === null) {
    out.set(JSON.stringify(prefix), value);
    return out;
  }
  out.set(JSON.stringify(prefix), Array.isArray(value) ? '[]' : '{}');
  for (const [key, item] of Object.entries(value)) nodes(item, [...prefix, key], out);
  return out;
}

/** Random objects made of schema keywords, names and the values leanSchema looks at. */
const keywordSoup = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    fc.constantFrom<unknown>(-SAFE, SAFE, 'integer', 'city', 'City', ['integer'], true, null),
    fc.array(tie('node'), { maxLength: 3 }),
    fc
      .uniqueArray(
        fc.tuple(
          fc.constantFrom(
            '$schema',
            'title',
            'minimum',
            'maximum',
            'type',
            'properties',
            'items',
            'anyOf',
            'default',
            'dependencies',
            'city',
          ),
          tie('node'),
        ),
        { maxLength: 5, selector: ([key]) => key },
      )
      .map(withOwn),
  ),
})).node;

describe('leanSchema properties', () => {
  it('keeps a schema without noise as it is, and removes exactly the noise added to it', () => {
    fc.assert(
      fc.property(schemaPairs, ([clean, noisy]) => {
        expect(leanSchema(clean)).toStrictEqual(clean);
        expect(leanSchema(noisy)).toStrictEqual(clean);
      }),
      { numRuns: 300 },
    );
  });

  it('removes no key but $schema, restating titles and safe-integer bounds, and is idempotent', () => {
    fc.assert(
      fc.property(keywordSoup, (schema) => {
        const lean = leanSchema(schema);
        expect(leanSchema(lean)).toStrictEqual(lean);
        const before = nodes(schema);
        const after = nodes(lean);
        for (const [path, value] of after) expect(before.get(path)).toStrictEqual(value);
        for (const [path, value] of before) {
          const keys = JSON.parse(path) as string[];
          // A removed key's own contents go with it.
          if (after.has(path) || !after.has(JSON.stringify(keys.slice(0, -1)))) continue;
          const key = keys.at(-1);
          const property = keys.at(-2);
          const parent = keys
            .slice(0, -1)
            .reduce<unknown>((node, step) => (node as Json)[step], schema) as Json;
          const type = parent['type'];
          const integer = type === 'integer' || (Array.isArray(type) && type.includes('integer'));
          const removable =
            key === '$schema' ||
            (key === 'title' &&
              typeof value === 'string' &&
              keys.at(-3) === 'properties' &&
              property !== undefined &&
              words(value) === words(property)) ||
            (key === 'minimum' && value === -SAFE && integer) ||
            (key === 'maximum' && value === SAFE && integer);
          expect(removable, `removed ${path}`).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('describeTool', () => {
  it('lists name, description, lean parameters and examples', () => {
    const tool: LanguageModelV4FunctionTool = {
      type: 'function',
      name: 'get_weather',
      description: 'Weather of a city.',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { city: { type: 'string', title: 'City' } },
      },
      inputExamples: [{ input: { city: 'Oslo' } }],
    };
    expect(describeTool(tool)).toStrictEqual({
      name: 'get_weather',
      description: 'Weather of a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
      examples: [{ city: 'Oslo' }],
    });
    expect(describeTool({ ...tool, description: undefined, inputExamples: [] })).toStrictEqual({
      name: 'get_weather',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
    });
  });
});
