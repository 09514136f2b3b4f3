import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { glmProtocol } from '../formats/glm';
import { qwen3CoderProtocol } from '../formats/qwen3-coder';
import { stepAudio2Protocol } from '../formats/step-audio2';
import { telechatProtocol } from '../formats/telechat';
import { jsonMixProtocol } from '../protocols/json-mix-protocol';
import { typedTools as tools } from '../testing/fixtures';
import { readEveryWay } from '../testing/run-parser';
import { autoProtocol } from './auto-protocol';

// Five formats read a call after `<tool_call>`: each must pass on what is not its own before it
// announces anything, and FORMATS must give them to auto in an order where every one reads its own.

/** A TeleChat argument, and a TeleChat call. */
const pair = (key: string, value: string) =>
  `<param_key>${key}</param_key><param_value>${value}</param_value>`;
const call = (name: string, pairs = '') => `<tool_call>${name}${pairs}</tool_call>`;

/** The format each call of a reply was read in. */
function formatsRead(parts: ReturnType<typeof readEveryWay>['parts']): unknown[] {
  return parts.flatMap((part) =>
    part.type === 'tool-call' ? [part.providerMetadata?.toolbridge?.format] : [],
  );
}

/**
 * The formats sharing `<tool_call>`, in the order FORMATS must give them to `auto`: TeleChat
 * before GLM, which would take a TeleChat call written with a newline after its name (announcing
 * it, with empty arguments) and fail a long compact one.
 */
function sharedOpenerAuto() {
  return autoProtocol({
    formats: {
      hermes: jsonMixProtocol(),
      'qwen3-coder': qwen3CoderProtocol(),
      'step-audio2': stepAudio2Protocol(),
      telechat: telechatProtocol(),
      glm: glmProtocol(),
    },
  });
}

describe('formats sharing <tool_call>, read by auto in the FORMATS order', () => {
  /** A tool a model may call, named as Step-Audio 2's type word. */
  const functionTool: LanguageModelV4FunctionTool = {
    type: 'function',
    name: 'function',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
  };
  const shared = [...tools, functionTool];
  const long = 'x'.repeat(400);

  it.each([
    ['telechat', call('get_weather', pair('city', 'Lima')), 'get_weather', '{"city":"Lima"}'],
    [
      'telechat',
      '<tool_call>get_weather\n<param_key>city</param_key>\n<param_value>Lima</param_value>\n</tool_call>',
      'get_weather',
      '{"city":"Lima"}',
    ],
    // Longer than GLM reads a name before it gives up on the markup.
    [
      'telechat',
      call('write_file', pair('path', 'a') + pair('content', long)),
      'write_file',
      JSON.stringify({ path: 'a', content: long }),
    ],
    [
      'telechat',
      '<tool_call>get_weather{"city": "Lima"}</tool_call>',
      'get_weather',
      '{"city":"Lima"}',
    ],
    ['telechat', call('function', pair('city', 'Lima')), 'function', '{"city":"Lima"}'],
    [
      'step-audio2',
      '<tool_call>function\nget_weather\n{"city": "Lima"}</tool_call>',
      'get_weather',
      '{"city":"Lima"}',
    ],
    [
      'hermes',
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Lima"}}\n</tool_call>',
      'get_weather',
      '{"city":"Lima"}',
    ],
    [
      'qwen3-coder',
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nLima\n</parameter>\n</function>\n</tool_call>',
      'get_weather',
      '{"city":"Lima"}',
    ],
    [
      'glm',
      '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Lima</arg_value>\n</tool_call>',
      'get_weather',
      '{"city":"Lima"}',
    ],
    [
      'glm',
      '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Lima</arg_value></tool_call>',
      'get_weather',
      '{"city":"Lima"}',
    ],
    // GLM's call of a tool named `function` opens as Step-Audio 2's does, until its `<arg_key>`.
    [
      'glm',
      '<tool_call>function\n<arg_key>city</arg_key>\n<arg_value>Lima</arg_value>\n</tool_call>',
      'function',
      '{"city":"Lima"}',
    ],
    [
      'glm',
      '<tool_call>function<arg_key>city</arg_key><arg_value>Lima</arg_value></tool_call>',
      'function',
      '{"city":"Lima"}',
    ],
  ])('reads a %s call as its own', (format, text, toolName, input) => {
    const { calls, parts } = readEveryWay(sharedOpenerAuto(), `Checking.\n${text}`, {
      tools: shared,
    });
    expect(calls).toEqual([{ toolName, input }]);
    expect(formatsRead(parts)).toEqual([format]);
  });

  it('leaves a call cut off after its name to GLM, which runs it as GLM always did', () => {
    const { calls, parts } = readEveryWay(sharedOpenerAuto(), 'Checking.\n<tool_call>get_time\n', {
      tools: shared,
    });
    expect(calls).toEqual([{ toolName: 'get_time', input: '{}' }]);
    expect(formatsRead(parts)).toEqual(['glm']);
  });
});

describe('the formats sharing <tool_call>, read by the built-in auto', () => {
  const auto = autoProtocol();

  it.each([
    ['telechat', call('get_weather', pair('city', 'Lima'))],
    ['step-audio2', '<tool_call>function\nget_weather\n{"city": "Lima"}</tool_call>'],
    ['hermes', '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Lima"}}\n</tool_call>'],
    [
      'qwen3-coder',
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nLima\n</parameter>\n</function>\n</tool_call>',
    ],
    [
      'glm',
      '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Lima</arg_value>\n</tool_call>',
    ],
  ])('reads a %s call as its own', (format, text) => {
    const { calls, parts } = readEveryWay(auto, `Checking.\n${text}`, { tools });
    expect(calls).toEqual([{ toolName: 'get_weather', input: '{"city":"Lima"}' }]);
    expect(formatsRead(parts)).toEqual([format]);
  });
});
