import type {
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
  SharedV4Warning,
} from '@ai-sdk/provider';

// Under a forced tool choice toolbridge asks for the call's JSON schema as a response format,
// only as a hint: the call is read in the protocol's own format as well, so a provider without
// structured outputs loses nothing. Its warning ("The feature responseFormat is not supported")
// would speak of a setting the caller never made, so it is dropped, unless the caller asked for
// a JSON response of their own.

/** Whether the caller asked for a response format of their own (a JSON one; text is the default). */
export function asksForResponseFormat(params: LanguageModelV4CallOptions): boolean {
  return params.responseFormat !== undefined && params.responseFormat.type !== 'text';
}

function isResponseFormatWarning(warning: SharedV4Warning): boolean {
  // V4 and V3 name the `feature`; older providers the `setting`.
  const { feature, setting } = warning as { feature?: unknown; setting?: unknown };
  return feature === 'responseFormat' || setting === 'responseFormat';
}

/** The warnings without those about the response format toolbridge asked for. */
export function withoutResponseFormatWarnings(
  warnings: readonly SharedV4Warning[] | undefined,
): SharedV4Warning[] {
  return (warnings ?? []).filter((warning) => !isResponseFormatWarning(warning));
}

/** The stream with its `stream-start` warnings cleared of those about that response format. */
export function streamWithoutResponseFormatWarnings(
  stream: ReadableStream<LanguageModelV4StreamPart>,
): ReadableStream<LanguageModelV4StreamPart> {
  return stream.pipeThrough(
    new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
      transform(part, controller) {
        controller.enqueue(
          part.type === 'stream-start'
            ? { ...part, warnings: withoutResponseFormatWarnings(part.warnings) }
            : part,
        );
      },
    }),
  );
}
