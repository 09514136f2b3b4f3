/**
 * Which keys of a JSON call object hold the tool name and the arguments, in order of preference.
 * A call object that names its tool and has none of the argument keys, but has another member
 * that holds an object or a list, or is named for a parameter of the tool, is an invalid call
 * (it never runs): the model wrote arguments under a key this does not know, and taking a guess
 * at which member they are could run the tool with an input the model did not mean.
 */
export interface JsonCallKeys {
  readonly name: readonly string[];
  readonly arguments: readonly string[];
  /** Keys of the call id the model wrote (Command R's `tool_call_id`), used when they come before the name. */
  readonly id?: readonly string[];
}

/**
 * The call object most formats write, `{"name": …, "arguments": {…}}`, and the keys models
 * write instead: the name under `function`, `tool` or `tool_name`; the arguments under
 * `parameters` (Llama's), `args`, `params` or `input`.
 */
export const JSON_CALL_KEYS: JsonCallKeys = {
  name: ['name', 'function', 'tool', 'tool_name'],
  arguments: ['arguments', 'parameters', 'args', 'params', 'input'],
};

/**
 * {@link JSON_CALL_KEYS} with a format's own spellings first (Llama's `parameters`, Command R's
 * `tool_name`): they win where a call object holds several, and the other keys models write are
 * read too.
 */
export function jsonCallKeysWith(own: {
  name?: readonly string[];
  arguments?: readonly string[];
  id?: readonly string[];
}): JsonCallKeys {
  return {
    name: [...new Set([...(own.name ?? []), ...JSON_CALL_KEYS.name])],
    arguments: [...new Set([...(own.arguments ?? []), ...JSON_CALL_KEYS.arguments])],
    ...(own.id === undefined ? {} : { id: own.id }),
  };
}
