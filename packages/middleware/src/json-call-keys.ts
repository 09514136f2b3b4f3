/** Which keys of a JSON call object hold the tool name and the arguments, in order of preference. */
export interface JsonCallKeys {
  readonly name: readonly string[];
  readonly arguments: readonly string[];
  /** Keys of the call id the model wrote (Command R's `tool_call_id`), used when they come before the name. */
  readonly id?: readonly string[];
}

/** The call object most formats write, `{"name": …, "arguments": {…}}`; `parameters` is a common slip for `arguments`. */
export const JSON_CALL_KEYS: JsonCallKeys = {
  name: ['name'],
  arguments: ['arguments', 'parameters'],
};
