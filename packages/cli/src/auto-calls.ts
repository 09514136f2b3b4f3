import type { Analysis } from './analyze.ts';
import type { AutoCall } from './inspect.ts';

/**
 * The calls of `auto`'s reading that lie where `own`, the reading in another format, has no
 * call: what the model may have meant in a format the middleware does not read. `inspect`
 * says so beside the text, rather than show a call the application never got.
 */
export function autoCallsBeside(own: Analysis, auto: Analysis): AutoCall[] {
  return auto.calls
    .filter((call) => !own.calls.some((mine) => mine.start < call.end && call.start < mine.end))
    .map((call) => ({
      toolName: call.toolName,
      ...(call.format === undefined ? {} : { format: call.format }),
      input: call.input,
      start: call.start,
      end: call.end,
    }));
}
