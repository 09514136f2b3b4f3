import type { SharedV4ProviderMetadata } from '@ai-sdk/provider';

type Part = { type: string; providerMetadata?: SharedV4ProviderMetadata };

/** The format a `tool-call` part was read in (`autoProtocol` labels each call); undefined for other parts. */
export function callFormat(part: Part): string | undefined {
  if (part.type !== 'tool-call') return undefined;
  const format = part.providerMetadata?.['toolbridge']?.['format'];
  return typeof format === 'string' ? format : undefined;
}

/** The formats the calls among `parts` were read in, in order. */
export function replyFormats(parts: Iterable<Part>): string[] {
  const formats = new Set<string>();
  for (const part of parts) {
    const format = callFormat(part);
    if (format !== undefined) formats.add(format);
  }
  return [...formats];
}

/** Provider metadata with the reply's formats under `toolbridge.formats`, when there are any. */
export function withReplyFormats(
  metadata: SharedV4ProviderMetadata | undefined,
  formats: readonly string[],
): SharedV4ProviderMetadata | undefined {
  if (formats.length === 0) return metadata;
  return { ...metadata, toolbridge: { ...metadata?.['toolbridge'], formats: [...formats] } };
}
