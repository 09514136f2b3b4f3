import { describe, expect, it, vi } from 'vitest';
import { glmProtocol } from '../formats/glm';
import { minimaxProtocol } from '../formats/minimax';
import { qwen3CoderProtocol } from '../formats/qwen3-coder';
import { typedTools } from '../testing/fixtures';
import { readEveryWay } from '../testing/run-parser';

const tools = typedTools;

/** Calls with text that is no markup inside them: after the name, and between two parameters. */
const JUNK = [
  ['GLM', glmProtocol, '<tool_call>get_weather\nsome junk here</tool_call>'],
  [
    'GLM',
    glmProtocol,
    '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Lyon</arg_value> and <arg_key>days</arg_key><arg_value>2</arg_value></tool_call>',
  ],
  [
    'Qwen3-Coder',
    qwen3CoderProtocol,
    '<tool_call>\n<function=get_weather>\nsome junk here\n</function>\n</tool_call>',
  ],
  [
    'Qwen3-Coder',
    qwen3CoderProtocol,
    '<tool_call>\n<function=get_weather>\n<parameter=city>\nLyon\n</parameter>\nthen\n<parameter=days>\n2\n</parameter>\n</function>\n</tool_call>',
  ],
  [
    'MiniMax',
    minimaxProtocol,
    '<minimax:tool_call>\n<invoke name="get_weather">\nsome junk here\n</invoke>\n</minimax:tool_call>',
  ],
] as const;

describe('createXmlParameterCallDecoder', () => {
  it.each(JUNK)(
    '%s: text in a call that is no markup fails it, never running it without what it said',
    (_format, protocol, call) => {
      const onError = vi.fn();
      const { text, calls } = readEveryWay(protocol(), `${call} after`, { tools, onError });
      // The call was announced with its name: it ends unreadable, its raw text reported.
      expect(calls).toHaveLength(1);
      expect(calls[0]?.toolName).toBe('get_weather');
      expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
      expect(onError).toHaveBeenCalledWith(
        expect.stringContaining('Unexpected text in a call'),
        expect.objectContaining({ reason: 'invalid-call', rawText: call }),
      );
      // The rest of the markup is the call's; the text after it is still text.
      expect(text).toBe(' after');
    },
  );

  it('reads whitespace between the name and the parameters, and between parameters', () => {
    const call =
      '<tool_call>get_weather \n\t<arg_key>city</arg_key> <arg_value>Lyon</arg_value>\n\n<arg_key>days</arg_key><arg_value>2</arg_value> \n</tool_call>';
    expect(readEveryWay(glmProtocol(), call, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
    ]);
  });
});
