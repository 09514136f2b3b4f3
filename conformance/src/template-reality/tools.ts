import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import type { JSONSchema7 } from 'json-schema';

function tool(name: string, properties: Record<string, JSONSchema7>): LanguageModelV4FunctionTool {
  return { type: 'function', name, inputSchema: { type: 'object', properties } };
}

const string: JSONSchema7 = { type: 'string' };
const integer: JSONSchema7 = { type: 'integer' };

/**
 * The tools the replies call, by name. Most are the tools of the servers' own tests the replies
 * come from (llama.cpp's `special_function`, `calculate_sum`, `complex_function`…), with the
 * same argument types, so that values typed by schema read as those servers read them.
 */
export const TOOLS = {
  special_function: tool('special_function', { arg1: integer }),
  special_function_with_opt: tool('special_function_with_opt', { arg1: integer, arg2: integer }),
  python: tool('python', { code: string }),
  get_weather: tool('get_weather', { city: string }),
  get_time: tool('get_time', { city: string }),
  calculate_sum: tool('calculate_sum', { numbers: { type: 'array', items: { type: 'number' } } }),
  complex_function: tool('complex_function', {
    name: string,
    age: integer,
    active: { type: 'boolean' },
    score: { type: 'number' },
  }),
  complex_function_in_think: tool('complex_function_in_think', {
    name: string,
    age: integer,
    active: { type: 'boolean' },
    score: { type: 'number' },
  }),
  read_file: tool('read_file', {
    files: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: string, line_ranges: { type: 'array', items: string } },
      },
    },
  }),
  web_search: tool('web_search', { query: string, limit: integer, type: string }),
  emoji_function: tool('emoji_function', { message: string }),
} satisfies Record<string, LanguageModelV4FunctionTool>;

/** The name of a tool a reply may call. */
export type ToolName = keyof typeof TOOLS;
