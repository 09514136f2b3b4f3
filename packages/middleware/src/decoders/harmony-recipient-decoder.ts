import type { CallDecoder } from '../engine/call-grammar';

/** The tokens a header holds after its recipient; `<|message|>` ends it. */
const HEADER_TOKENS = ['<|channel|>', '<|constrain|>', '<|message|>'];
const MESSAGE = '<|message|>';
/** Characters of a recipient: `functions.get_weather`, `browser.search`, `python`. */
const RECIPIENT_CHAR = /[\w.:-]/u;
/** Characters of a header's words: its channel (`commentary`) and content type (`json`, `code`). */
const WORD_CHAR = /[\w-]/u;
/** Longest recipient read before giving up: names are identifiers, not prose. */
const MAX_RECIPIENT_LENGTH = 256;
/** Longest header after the recipient: `<|channel|> commentary <|constrain|>  json<|message|>` and a few spaces more. */
const MAX_REST_LENGTH = 64;
/** Words a header holds after its recipient: a channel and a content type. */
const MAX_WORDS = 2;

/**
 * Reads a Harmony header after its `to=`: the recipient, then up to `<|message|>` what may follow
 * it (`<|channel|>` and the channel when the recipient stood in the role, `<|constrain|>`, the
 * content type, spaces), and one space after `<|message|>`, which a tokenizer that writes a space
 * after every special token adds, and no message begins with. `body(recipient)` then reads the
 * message's body. Anything else in the header (prose after `to=`) shows at once that the opener
 * was no call; nothing is announced before the header ends.
 */
export function createHarmonyRecipientDecoder(
  body: (recipient: string) => CallDecoder,
): CallDecoder {
  let phase: 'recipient' | 'header' | 'space' = 'recipient';
  let recipient = '';
  let restLength = 0;
  /** A token being read, from its `<`. */
  let token = '';
  let words = 0;
  let inWord = false;
  let prose = false;
  let bodyDecoder: CallDecoder | undefined;

  /** Reads one character of the header; false when it cannot be part of one. */
  function read(char: string): boolean {
    if (phase === 'recipient') {
      if (RECIPIENT_CHAR.test(char)) {
        recipient += char;
        return recipient.length <= MAX_RECIPIENT_LENGTH;
      }
      if (recipient === '') return false;
      phase = 'header';
    }
    if (++restLength > MAX_REST_LENGTH) return false;
    if (token !== '' || char === '<') {
      token += char;
      const known = HEADER_TOKENS.find((candidate) => candidate.startsWith(token));
      if (known === undefined) return false;
      if (known === token) {
        if (token === MESSAGE) phase = 'space';
        token = '';
      }
      inWord = false;
      return true;
    }
    if (char === ' ') {
      inWord = false;
      return true;
    }
    if (!WORD_CHAR.test(char)) return false;
    if (!inWord) {
      inWord = true;
      words++;
    }
    return words <= MAX_WORDS;
  }

  return {
    write(text) {
      if (bodyDecoder !== undefined) return bodyDecoder.write(text);
      for (let at = 0; at < text.length; at++) {
        if (phase === 'space') {
          const start = text[at] === ' ' ? at + 1 : at;
          bodyDecoder = body(recipient);
          return start + bodyDecoder.write(text.slice(start));
        }
        if (!read(text.charAt(at))) {
          prose = true;
          return at + 1;
        }
      }
      return text.length;
    },
    end() {
      if (bodyDecoder === undefined && phase === 'space') bodyDecoder = body(recipient);
      if (bodyDecoder === undefined) prose = true;
      else bodyDecoder.end();
    },
    get status() {
      return bodyDecoder?.status ?? (prose ? 'not-a-call' : 'open');
    },
    get closer() {
      return bodyDecoder?.closer;
    },
  };
}
