import { describe, expect, it } from 'vitest';
import { type Analysis, analyzeOutput, formatNames, type ToolDefinition } from './analyze.ts';

const tools: ToolDefinition[] = [
  {
    name: 'get_weather',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];
const CALL = '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';

/** Each segment as its kind and the text it spans. */
function pieces(analysis: Analysis): Array<[string, string]> {
  return analysis.segments.map((segment) => [
    segment.kind,
    analysis.text.slice(segment.start, segment.end),
  ]);
}

/** Segments are in order, do not overlap and cover the text. */
function expectCover(analysis: Analysis): void {
  let at = 0;
  for (const segment of analysis.segments) {
    expect(segment.start).toBe(at);
    expect(segment.end).toBeGreaterThanOrEqual(segment.start);
    at = segment.end;
  }
  expect(at).toBe(analysis.text.length);
}

describe('analyzeOutput', () => {
  it('places text, reasoning (tags included) and each call in the text', () => {
    const text = `Let me check.<think>Oslo, then.</think>\n${CALL}\nDone.`;
    const analysis = analyzeOutput({ text, tools });
    expect(pieces(analysis)).toEqual([
      ['text', 'Let me check.'],
      ['reasoning', '<think>Oslo, then.</think>'],
      ['text', '\n'],
      ['call', CALL],
      ['text', '\nDone.'],
    ]);
    expectCover(analysis);
    expect(analysis.calls).toEqual([
      expect.objectContaining({
        toolName: 'get_weather',
        input: '{"city":"Oslo"}',
        parsedInput: { city: 'Oslo' },
        format: 'hermes',
        rejected: false,
        rawText: CALL,
        start: text.indexOf(CALL),
      }),
    ]);
    expect(analysis.reports).toEqual([]);
    expect(analysis.parts.some((part) => part.type === 'tool-call')).toBe(true);
  });

  it("reads every family's control tokens and the template's reasoning start as the middleware does", () => {
    const text = `Oslo, then.</think>\n${CALL}<|im_end|>`;
    const analysis = analyzeOutput({ text, tools, startWithReasoning: 'if-closed' });
    expect(
      analysis.parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : [])),
    ).toEqual(['\n']);
    expect(pieces(analysis).map(([kind]) => kind)).toEqual(['reasoning', 'text', 'call']);
    expectCover(analysis);
  });

  it('reads chunks as the stream parser does, to the same places', () => {
    const text = `Sure.<think>hmm</think>${CALL} ok`;
    const whole = analyzeOutput({ text, tools });
    const chunks = text.match(/[\s\S]{1,3}/g) ?? [];
    const streamed = analyzeOutput({ chunks, tools });
    expect(streamed.text).toBe(text);
    expect(streamed.segments).toEqual(whole.segments);
    expect(streamed.calls.map((call) => call.input)).toEqual(['{"city":"Oslo"}']);
  });

  it('points a rejected call and its report at the same span', () => {
    const text = 'Wait <tool_call>{"name": "get_weather", "arguments": {"city": ';
    const analysis = analyzeOutput({ text, tools });
    const [call] = analysis.calls;
    expect(call).toMatchObject({ rejected: true, error: expect.any(String), reports: [0] });
    expect(analysis.reports).toEqual([
      expect.objectContaining({ reason: 'call-cut-off', call: 0, start: 5, end: text.length }),
    ]);
    expectCover(analysis);
  });

  it('carves markup kept as text, and near misses, out of the text as report segments', () => {
    const nearMiss = '{"name": "get_weather", "arguments": {"city": "Bergen"}}';
    const text = `Calling ${nearMiss} now.`;
    const analysis = analyzeOutput({ text, tools, format: 'hermes' });
    expect(pieces(analysis)).toEqual([
      ['text', 'Calling '],
      ['report', nearMiss],
      ['text', ' now.'],
    ]);
    expect(analysis.reports).toEqual([
      expect.objectContaining({ reason: 'unrecognized-call', toolName: 'get_weather' }),
    ]);
    expectCover(analysis);

    const tag = (city: string) =>
      `<TOOL_CALL>{"tool": "get_weather", "args": {"city": "${city}"}}</TOOL_CALL>`;
    const limited = analyzeOutput({
      text: `${tag('Oslo')} ${tag('Rome')}`,
      tools,
      format: 'tool-call-tag',
    });
    expect(limited.calls).toHaveLength(1);
    expect(limited.reports.map((report) => report.reason)).toEqual(['too-many-calls']);
    expect(limited.segments.map((segment) => segment.kind)).toEqual(['call', 'text', 'report']);
    expectCover(limited);
  });

  it('guesses the tools a reply calls when none are given', () => {
    const analysis = analyzeOutput({ text: `Hi ${CALL}` });
    expect(analysis.guessedTools).toEqual(['get_weather']);
    expect(analysis.calls.map((call) => call.parsedInput)).toEqual([{ city: 'Oslo' }]);
    expect(analyzeOutput({ text: 'Hi', tools }).guessedTools).toBeUndefined();
  });

  it('reads one format when told, and knows every built-in name', () => {
    const qwen =
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n</tool_call>';
    expect(analyzeOutput({ text: qwen, tools, format: 'hermes' }).calls).toEqual([]);
    expect(analyzeOutput({ text: qwen, tools, format: 'qwen3-coder' }).calls).toHaveLength(1);
    expect(formatNames()).toContain('auto');
    expect(formatNames()).toContain('harmony');
    expect(() => analyzeOutput({ text: '', format: 'nope' })).toThrow(/Unknown format "nope"/);
  });

  it('gives an empty reply no segments, and whitespace one text segment', () => {
    expect(analyzeOutput({ text: '' }).segments).toEqual([]);
    expect(pieces(analyzeOutput({ text: '  \n' }))).toEqual([['text', '  \n']]);
  });
});
