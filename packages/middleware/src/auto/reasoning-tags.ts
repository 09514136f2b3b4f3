import { apertusReasoningTags } from '../formats/apertus';
import { commandRReasoningTags } from '../formats/command-r';
import { gemma4ReasoningTags } from '../formats/gemma4';
import { harmonyReasoningTags } from '../formats/harmony';
import { kimiK3ReasoningTags } from '../formats/kimi-k3';
import { minimaxReasoningTags } from '../formats/minimax';
import { mistralReasoningTags } from '../formats/mistral';
import { seedOssReasoningTags } from '../formats/seed-oss';

/** The reasoning tag pairs of every family toolbridge knows, `<think>` first: what `autoToolMiddleware` reads. */
export const ALL_REASONING_TAGS: ReadonlyArray<readonly [open: string, close: string]> = [
  ...new Map<string, readonly [string, string]>(
    [
      ['<think>', '</think>'] as const,
      ['<thinking>', '</thinking>'] as const,
      ...mistralReasoningTags,
      ...commandRReasoningTags,
      ...harmonyReasoningTags,
      ...apertusReasoningTags,
      ...seedOssReasoningTags,
      ...minimaxReasoningTags,
      ...kimiK3ReasoningTags,
      ...gemma4ReasoningTags,
    ].map((pair) => [pair[0], pair]),
  ).values(),
];
