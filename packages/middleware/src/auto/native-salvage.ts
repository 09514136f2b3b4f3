import type { ReadingOptions } from '../middleware/call-options';
import { nativeToolMiddleware } from '../middleware/native-tool-middleware';
import { type NativeToolProtocol, nativeToolProtocol } from '../protocols/native-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { autoProtocol } from './auto-protocol';

/** Options of {@link nativeProtocol}. */
export interface NativeProtocolOptions {
  /**
   * Calls that leak into the text anyway (a server whose parser missed them) are read out of it
   * and emitted as tool calls: `true` reads every known format (`autoProtocol`), a protocol reads
   * its format, `false` leaves the text alone. Default: true.
   */
  salvage?: boolean | ToolCallProtocol;
}

/**
 * Leaves tools to the provider and passes its native tool calls through, their input rewritten
 * as canonical JSON: what `JSON.parse` rejects (single quotes, trailing commas, Python
 * literals…) is repaired with RJSON, an empty input is `{}`. Input that is no JSON object even
 * repaired (garbage, an array, a number, unfinished JSON) is rejected: the call's input becomes
 * the canonical text read before the fault (`{` when nothing was), which the AI SDK reports to
 * the model as invalid and never runs, and `onError` gets the provider's text. Generate and
 * stream give the same input for the same text, however it was streamed. Calls that leak into
 * the text are read out of it (`salvage`).
 */
export function nativeProtocol(
  options: NativeProtocolOptions = {},
): NativeToolProtocol<ReadingOptions> {
  const salvage = options.salvage ?? true;
  // Here, not in `protocols/`, because the default reads every format: `auto` knows them all.
  return nativeToolProtocol(
    salvage === false ? undefined : salvage === true ? autoProtocol() : salvage,
    (protocol, middlewareOptions) => nativeToolMiddleware({ ...middlewareOptions, protocol }),
  );
}
