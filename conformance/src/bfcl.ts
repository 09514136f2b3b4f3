import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import type { JSONSchema7 } from 'json-schema';

/** The BFCL categories, in the order the report lists them. */
export const BFCL_CATEGORIES = [
  'simple_python',
  'multiple',
  'parallel',
  'parallel_multiple',
  'live_simple',
  'live_multiple',
  'live_parallel',
  'live_parallel_multiple',
  'simple_javascript',
  'simple_java',
] as const;
export type BfclCategory = (typeof BFCL_CATEGORIES)[number];

/** One BFCL case: the tools offered and one canonical ground-truth call list. */
export interface BfclCase {
  id: string;
  category: BfclCategory;
  tools: LanguageModelV4FunctionTool[];
  calls: Array<{ toolName: string; input: Record<string, unknown> }>;
}

/** The data set's folder, vendored in the repository beside this package's sources. */
export function bfclDirectory(): string {
  return fileURLToPath(new URL('../data/bfcl', import.meta.url));
}

/** BFCL's type names (Python, Java, JavaScript) as JSON Schema types; `any` means no type. */
const TYPE_NAMES: Record<string, string | undefined> = {
  string: 'string',
  String: 'string',
  char: 'string',
  dict: 'object',
  HashMap: 'object',
  integer: 'integer',
  long: 'integer',
  float: 'number',
  double: 'number',
  boolean: 'boolean',
  Boolean: 'boolean',
  array: 'array',
  Array: 'array',
  ArrayList: 'array',
  tuple: 'array',
  any: undefined,
  '': undefined,
};

/** Maps BFCL's schema dialect to JSON Schema, recursively. */
export function toJsonSchema(schema: Record<string, unknown>): JSONSchema7 {
  const { type, properties, items, ...rest } = schema;
  const mapped: Record<string, unknown> = { ...rest };
  if (typeof type === 'string') {
    if (!(type in TYPE_NAMES)) throw new Error(`Unknown BFCL type "${type}"`);
    if (TYPE_NAMES[type] !== undefined) mapped['type'] = TYPE_NAMES[type];
  }
  if (properties !== undefined) {
    mapped['properties'] = Object.fromEntries(
      Object.entries(properties as Record<string, Record<string, unknown>>).map(([key, value]) => [
        key,
        toJsonSchema(value),
      ]),
    );
  }
  if (items !== undefined) mapped['items'] = toJsonSchema(items as Record<string, unknown>);
  return mapped as JSONSchema7;
}

/** The first acceptable value; `""` marks an omittable parameter, so it is skipped. */
function firstAcceptable(values: unknown): unknown {
  if (!Array.isArray(values)) return values;
  return values.find((value) => value !== '');
}

/** A ground-truth value with every dict's acceptable-value lists resolved to one value. */
function canonicalValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (typeof value !== 'object' || value === null) return value;
  return canonicalArguments(value as Record<string, unknown>);
}

function canonicalArguments(args: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(args)) {
    const value = firstAcceptable(values);
    if (value !== undefined) result[key] = canonicalValue(value);
  }
  return result;
}

function readJsonLines(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Loads every case of the given categories. */
export function loadBfcl(categories: readonly BfclCategory[] = BFCL_CATEGORIES): BfclCase[] {
  const directory = bfclDirectory();
  return categories.flatMap((category) => {
    const answers = new Map(
      readJsonLines(join(directory, 'answers', `${category}.jsonl`)).map((answer) => [
        answer['id'],
        answer,
      ]),
    );
    return readJsonLines(join(directory, 'questions', `${category}.jsonl`)).flatMap((question) => {
      const answer = answers.get(question['id']);
      if (answer === undefined) return [];
      const functions = question['function'] as Array<{
        name: string;
        description?: string;
        parameters: Record<string, unknown>;
      }>;
      return [
        {
          id: question['id'] as string,
          category,
          tools: functions.map((fn) => ({
            type: 'function' as const,
            name: fn.name,
            ...(fn.description === undefined ? {} : { description: fn.description }),
            inputSchema: toJsonSchema(fn.parameters),
          })),
          calls: (answer['ground_truth'] as Array<Record<string, Record<string, unknown>>>).flatMap(
            (call) =>
              Object.entries(call).map(([toolName, args]) => ({
                toolName,
                input: canonicalArguments(args),
              })),
          ),
        },
      ];
    });
  });
}
