import type { ModelCallRecording } from '@toolbridge/middleware';

/**
 * Whether a recorded call forced a tool call (`toolChoice` `required`, or `{ type: 'tool' }`)
 * and what the caller got, after toolbridge's re-asks, holds no call that meets it: then the
 * AI SDK threw `ToolChoiceViolationError` (`generateText`), or sent it as an error part
 * (`streamText`). It checks as the AI SDK does: any call counts under `required`, a call of the
 * named tool under `{ type: 'tool' }`, even one whose input is invalid. Undefined when the
 * call failed or was cut short, so that nothing reached the check.
 */
export function toolChoiceNotMet(recording: ModelCallRecording): boolean | undefined {
  const choice = recording.toolChoice;
  if (choice?.type !== 'required' && choice?.type !== 'tool') return false;
  const received = recording.content ?? recording.parts?.map(({ part }) => part);
  if (received === undefined || recording.error !== undefined || recording.cancelled) {
    return undefined;
  }
  return !received.some(
    (part) =>
      part.type === 'tool-call' &&
      (choice.type === 'required' || part.toolName === choice.toolName),
  );
}
