import type { CallDecoder } from '../engine/call-grammar';

/** What {@link withDecoderFields} adds to a decoder's report. */
export interface DecoderFields {
  format?: string;
  trailingCloser?: string;
}

/**
 * `decoder`, reporting `fields` where it reports none of its own: the format that read the
 * markup (`auto` labels each candidate), or a wrapper's closer that may follow its call.
 */
export function withDecoderFields(decoder: CallDecoder, fields: DecoderFields): CallDecoder {
  return {
    write: (text) => decoder.write(text),
    end: () => decoder.end(),
    get status() {
      return decoder.status;
    },
    get closer() {
      return decoder.closer;
    },
    get format() {
      return decoder.format ?? fields.format;
    },
    get trailingCloser() {
      return decoder.trailingCloser ?? fields.trailingCloser;
    },
  };
}
