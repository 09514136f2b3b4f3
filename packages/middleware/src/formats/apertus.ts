import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { isJsonObject } from '@toolbridge/rjson';
import { createJsonCallDecoder } from '../decoders/json-call-decoder';
import type { TemplatePrompt } from '../prompt/template-prompt';
import { leanSchema } from '../protocols/describe-tool';
import { stringifyFramedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

const TOOLS_PREFIX = '<|tools_prefix|>';
const TOOLS_SUFFIX = '<|tools_suffix|>';
/**
 * The reasoning tags of `apertusToolMiddleware`: Apertus' "inner" section,
 * `<|inner_prefix|>…<|inner_suffix|>`, and `<think>`. Pass them to a middleware of your own built
 * on {@link apertusProtocol}; without them the inner section is text.
 */
export const apertusReasoningTags: ReadonlyArray<readonly [string, string]> = [
  ['<|inner_prefix|>', '<|inner_suffix|>'],
  ['<think>', '</think>'],
];
/** The name is the key; no name or arguments keys are read. */
const NO_KEYS = { name: [], arguments: [] };
/** Schemas nested deeper than this are written as `any`. */
const MAX_TYPE_DEPTH = 6;

type Schema = Record<string, unknown>;

/** A JSON schema as the TypeScript-like type Apertus' template declares tools with. */
function typeOf(schema: unknown, depth = 0): string {
  if (!isJsonObject(schema) || depth > MAX_TYPE_DEPTH) return 'any';
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) {
    return schema['enum'].map((value) => JSON.stringify(value)).join(' | ');
  }
  const union = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(union) && union.length > 0) {
    return union.map((branch) => typeOf(branch, depth + 1)).join(' | ');
  }
  const type = schema['type'];
  if (Array.isArray(type)) {
    return type.map((name) => typeOf({ ...schema, type: name }, depth + 1)).join(' | ');
  }
  switch (type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const item = typeOf(schema['items'], depth + 1);
      return item.includes(' ') ? `(${item})[]` : `${item}[]`;
    }
    case 'object': {
      const properties = schema['properties'];
      if (!isJsonObject(properties) || Object.keys(properties).length === 0) return 'object';
      const required = Array.isArray(schema['required']) ? schema['required'] : [];
      const members = Object.entries(properties).map(
        ([name, property]) =>
          `${name}${required.includes(name) ? '' : '?'}: ${typeOf(property, depth + 1)}`,
      );
      return `{${members.join(', ')}}`;
    }
    default:
      return 'any';
  }
}

/**
 * One tool as Apertus' template declares it: its description as a comment, then a function type
 * of one object argument, each parameter with its description and default.
 */
function formatTool(tool: LanguageModelV4FunctionTool): string {
  const schema = leanSchema(tool.inputSchema) as Schema;
  const properties = isJsonObject(schema['properties']) ? schema['properties'] : {};
  const required = Array.isArray(schema['required']) ? schema['required'] : [];
  const comment = tool.description === undefined ? '' : `// ${tool.description}\n`;
  const parameters = Object.entries(properties).map(([name, property]) => {
    const description =
      isJsonObject(property) && typeof property['description'] === 'string'
        ? `// ${property['description']}\n`
        : '';
    const fallback =
      isJsonObject(property) && property['default'] !== undefined
        ? `, // default: ${JSON.stringify(property['default'])}`
        : '';
    return `${description}${name}${required.includes(name) ? '' : '?'}: ${typeOf(property)}${fallback}`;
  });
  if (parameters.length === 0) return `${comment}type ${tool.name} = () => any;`;
  return `${comment}type ${tool.name} = (_: {\n${parameters.join(',\n')}\n}) => any;`;
}

/**
 * Apertus (Swiss AI, formats.md §3.22): the calls are one JSON list between special tokens, each
 * call an object whose key is the tool's name and whose value is the arguments:
 *
 * ```text
 * <|tools_prefix|>[{"get_weather": {"city": "Lyon"}}, {"get_time": {}}]<|tools_suffix|>
 * ```
 *
 * A lone object instead of the list, and a missing `<|tools_suffix|>`, are read too. With the
 * special tokens stripped by the server, a reply that opens with such a list (or object) is a
 * call only when it names a known tool, so JSON in prose stays text. An unknown tool between the
 * tokens is still a call, so the AI SDK can tell the model. Results go back as the list of
 * outputs Apertus' template writes after the calls.
 */
export function apertusProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'apertus',
    grammar: (tools) => ({
      openers: [TOOLS_PREFIX],
      leadingCall: true,
      startCall: (opener, sink) =>
        createJsonCallDecoder({
          keys: NO_KEYS,
          nameAsKey: true,
          closer: opener === '' ? undefined : TOOLS_SUFFIX,
          tools,
          sink,
          knownToolsOnly: opener === '',
        }),
    }),
    formatTools: (tools) => tools.map(formatTool).join('\n'),
    formatToolCall: ({ toolName, input }) =>
      `${TOOLS_PREFIX}[${stringifyFramedJson({ [toolName]: input ?? {} })}]${TOOLS_SUFFIX}`,
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return `[${textOrJson(value)}]`;
    },
  });
}

/** The system prompt of `apertusToolMiddleware`: the tools as Apertus' template declares them, and the call list. */
export function apertusSystemPromptTemplate(tools: string): string {
  return `Tool Capabilities:
${tools}

To call tools, write a JSON list of calls between ${TOOLS_PREFIX} and ${TOOLS_SUFFIX}, each call an object with the tool's name as its only key and the arguments as its value, one object per call:
${TOOLS_PREFIX}[{"tool_name": {"parameter": "value"}}]${TOOLS_SUFFIX}
Use only these tools, and only values you were given or found; do not guess. The results come back as a list, in the order of the calls. When no tool is needed, or once you have the results, answer in plain text.`;
}

/** What the template writes as the system message when the conversation has none. */
function defaultSystemMessage(): string {
  // The template's `strftime_now('%Y-%m-%d')`: the server's day, taken here as the client's.
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return `You are Apertus, a helpful assistant created by the SwissAI initiative.\nKnowledge cutoff: 2024-04\nCurrent date: ${date}`;
}

/**
 * Apertus' chat template: the tools as TypeScript-like types in the developer turn after the
 * system turn; the calls, then the results as one list, inside the assistant turn that made them.
 * Given no tools the template writes `Tool Capabilities: disabled` in its developer turn, which no
 * message can remove: the developer turn with the tools is written before it, and an empty system
 * turn keeps the turns well formed.
 */
const apertusTemplate: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) =>
    `${system ?? defaultSystemMessage()}<|system_end|><|developer_start|>Deliberation: disabled\nTool Capabilities:\n${tools.map(formatTool).join('\n')}<|developer_end|><|system_start|>`,
  // The template concatenates the arguments as the server received them: compact JSON.
  calls: (text, calls) =>
    `${text}${TOOLS_PREFIX}[${calls.map(({ toolName, input }) => `{"${toolName}": ${JSON.stringify(input ?? {})}}`).join(', ')}]${TOOLS_SUFFIX}`,
  // The results are part of the calling assistant turn, as one list.
  results: (results) => `[${results.map(({ content }) => content).join(', ')}]`,
  resultsIn: 'assistant',
};

/** Apertus's `<|tools_prefix|>` list of calls, with its inner reasoning section. */
export const apertusFormat = /* @__PURE__ */ defineFormat({
  name: 'apertus',
  protocol: apertusProtocol,
  systemPrompt: apertusSystemPromptTemplate,
  template: apertusTemplate,
  controlTokens: ['<|assistant_end|>'],
  reasoningTags: apertusReasoningTags,
  models: [{ family: 'Apertus', match: /apertus/ }],
});
