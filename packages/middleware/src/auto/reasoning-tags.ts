import { allFormats } from '../formats/all-formats';
import type { ReasoningTags } from '../formats/define-format';

/** The reasoning tag pairs of every family toolbridge knows, `<think>` first: what `autoToolMiddleware` reads. */
export const ALL_REASONING_TAGS: ReasoningTags = /* @__PURE__ */ everyReasoningTag();

function everyReasoningTag(): ReasoningTags {
  const pairs: ReasoningTags = [
    ['<think>', '</think>'],
    ['<thinking>', '</thinking>'],
    ...allFormats().flatMap((format) =>
      format.reasoningTagsInAuto ? (format.reasoningTags ?? []) : [],
    ),
  ];
  return firstPairPerOpener(pairs);
}

/** The pairs in order, each opener kept once with its first closer. */
export function firstPairPerOpener(pairs: ReasoningTags): ReasoningTags {
  return [...new Map(pairs.map((pair) => [pair[0], pair])).values()];
}
