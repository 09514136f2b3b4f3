import { allFormats } from '../formats/all-formats';
import { END_OF_TURN_TOKENS } from '../formats/end-of-turn-tokens';

/**
 * The control tokens of every family toolbridge knows, and the end-of-turn tokens any model may
 * write: what `autoToolMiddleware` keeps out of the text.
 */
export const ALL_CONTROL_TOKENS: readonly string[] = /* @__PURE__ */ everyControlToken();

function everyControlToken(): string[] {
  return [
    ...new Set([...allFormats().flatMap((format) => format.controlTokens), ...END_OF_TURN_TOKENS]),
  ];
}
