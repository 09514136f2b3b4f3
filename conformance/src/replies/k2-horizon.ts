import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { k2HorizonProtocol, k2HorizonSystemPromptTemplate } from '@toolbridge/middleware/formats';
import { isStringSchema, type JsonSchema, propertySchema } from '@toolbridge/rxml';
import type { ConformanceFormat } from '../formats.ts';
import type { Call } from '../render-reply.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The JSON type of a value, as the typed layout's `<ifm|arg_type>` names it. */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * Whether the untyped layout says every value of `call`: text for string parameters only, never
 * the text `null` (which reads as null).
 */
function untypedSays(call: Call, tools: readonly LanguageModelV4FunctionTool[]): boolean {
  const schema = tools.find((tool) => tool.name === call.toolName)?.inputSchema as JsonSchema;
  return Object.entries(call.input).every(
    ([key, value]) =>
      typeof value === 'string' &&
      value.trim().toLowerCase() !== 'null' &&
      isStringSchema(propertySchema(schema, key)),
  );
}

/**
 * K2 Horizon: prose, then one `<ifm|tool_calls>` group, in one of the template's three layouts
 * from case to case: the default one (newlines between the tags, or none, where its untyped
 * values say what the case says), the typed one (each value's JSON type in `<ifm|arg_type>`), or
 * JSON objects.
 */
export const k2HorizonReplies: ConformanceFormat = {
  name: 'k2-horizon',
  protocol: k2HorizonProtocol(),
  prompt: k2HorizonSystemPromptTemplate,
  writeReplies: (calls, tools) => {
    const layout = JSON.stringify(calls).length % 3;
    const untyped = calls.every((call) => untypedSays(call, tools));
    const blocks = calls.map((call) => {
      if (layout === 2)
        return `<ifm|tool_call>${JSON.stringify({ name: call.toolName, arguments: call.input })}</ifm|tool_call>`;
      const compact = layout === 1;
      const pairs = Object.entries(call.input).map(([key, value]) => {
        const type = untyped ? '' : `<ifm|arg_type>${typeOf(value)}</ifm|arg_type>`;
        return compact
          ? `<ifm|arg_key>${key}</ifm|arg_key>${type}<ifm|arg_value>${text(value)}</ifm|arg_value>`
          : `<ifm|arg_key>${key}</ifm|arg_key>\n${type}${type && '\n'}<ifm|arg_value>${text(value)}</ifm|arg_value>\n`;
      });
      return `<ifm|tool_call>${call.toolName}${compact ? '' : '\n'}${pairs.join('')}</ifm|tool_call>`;
    });
    return [`Let me take care of that.\n<ifm|tool_calls>\n${blocks.join('\n')}\n</ifm|tool_calls>`];
  },
};
