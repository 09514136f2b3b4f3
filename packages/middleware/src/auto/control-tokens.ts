import { allFormats } from '../formats/all-formats';

/** The control tokens of every family toolbridge knows: what `autoToolMiddleware` keeps out of the text. */
export const ALL_CONTROL_TOKENS: readonly string[] = /* @__PURE__ */ everyControlToken();

function everyControlToken(): string[] {
  return [...new Set(allFormats().flatMap((format) => format.controlTokens))];
}
