import type { LanguageModelV4FunctionTool, LanguageModelV4ToolChoice } from '@ai-sdk/provider';
import type { JSONSchema7 } from 'json-schema';

/** The tools a forced tool choice allows, or undefined when the choice is not forced. */
export function forcedTools(
  tools: readonly LanguageModelV4FunctionTool[],
  toolChoice: LanguageModelV4ToolChoice | undefined,
): LanguageModelV4FunctionTool[] | undefined {
  if (toolChoice?.type === 'required') return [...tools];
  if (toolChoice?.type === 'tool') return tools.filter((tool) => tool.name === toolChoice.toolName);
  return undefined;
}

/**
 * Whether a tool call satisfies the tool choice, as the AI SDK checks it: under `required`
 * any call does, under `{ type: 'tool' }` only a call of that tool.
 */
export function satisfiesToolChoice(
  toolName: string,
  toolChoice: LanguageModelV4ToolChoice | undefined,
): boolean {
  return toolChoice?.type === 'tool' ? toolName === toolChoice.toolName : true;
}

/** A JSON schema that admits exactly one call of one of `tools`: `{"name": …, "arguments": {…}}`. */
export function toolCallResponseSchema(tools: readonly LanguageModelV4FunctionTool[]): JSONSchema7 {
  return {
    type: 'object',
    anyOf: tools.map((tool) => ({
      type: 'object',
      properties: { name: { const: tool.name }, arguments: tool.inputSchema as JSONSchema7 },
      required: ['name', 'arguments'],
      additionalProperties: false,
    })),
  };
}

/** The placeholder call that shows a forced call's format in the prompt. */
export const EXAMPLE_CALL = {
  toolCallId: 'example',
  toolName: 'tool_name',
  input: { parameter: 'value' },
} as const;

function toolNames(tools: readonly LanguageModelV4FunctionTool[]): string {
  return tools.map((tool) => JSON.stringify(tool.name)).join(', ');
}

/**
 * How to write the call, the end of either request: in the protocol's format, shown by
 * `exampleCall`. The request may also ask for a JSON response (structured outputs); a server
 * that honours it makes the model write the bare call object, which the parser reads as well.
 */
const callFormatNote = (exampleCall: string) =>
  `in the tool call format, like this:\n${exampleCall}\nIf your reply has to be JSON, write only the call object {"name": "<tool name>", "arguments": {...}}.`;

/**
 * The prompt's half of a forced tool choice: a call is required, in the protocol's own format
 * (`exampleCall`, the protocol's rendering of {@link EXAMPLE_CALL}), so it never contradicts
 * the tool prompt above it.
 */
export function toolChoiceInstruction(
  tools: readonly LanguageModelV4FunctionTool[],
  exampleCall: string,
): string {
  const which =
    tools.length === 1 ? `the tool ${toolNames(tools)}` : `a tool (one of ${toolNames(tools)})`;
  return `You must call ${which} in this reply. Write the call ${callFormatNote(exampleCall)}`;
}

/** The user turn that asks again when a reply that had to call a tool called none. */
export function toolChoiceCorrection(
  tools: readonly LanguageModelV4FunctionTool[],
  exampleCall: string,
): string {
  const which =
    tools.length === 1 ? `the tool ${toolNames(tools)}` : `one of the tools ${toolNames(tools)}`;
  return `Your reply did not call a tool. You must call ${which} now. Reply with only the call, written ${callFormatNote(exampleCall)}`;
}
