import { describe, expect, it } from 'vitest';
import { fixtureTools as tools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readEveryWay } from '../testing/run-parser';
import { functionGemmaProtocol, functionGemmaSystemPromptTemplate } from './function-gemma';

const protocol = functionGemmaProtocol();

describe('functionGemmaProtocol', () => {
  it('reads a call, and the stop token after it as markup', () => {
    expect(
      readEveryWay(
        protocol,
        '<start_function_call>call:get_weather{city:<escape>Lyon<escape>,days:2}<end_function_call><start_function_response>',
        { tools },
      ),
    ).toMatchObject({
      text: '',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }],
    });
  });

  it('reads concatenated calls, after reasoning and prose', () => {
    expect(
      readEveryWay(
        protocol,
        '<think>Two.</think>Sure.<start_function_call>call:get_weather{city:<escape>Lyon<escape>}<end_function_call><start_function_call>call:get_time{}<end_function_call>',
        { tools, reasoningTags: [['<think>', '</think>']] },
      ),
    ).toMatchObject({
      text: 'Sure.',
      reasoning: 'Two.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it('reads values as models write them, typed by the schema', () => {
    expect(
      readEveryWay(
        protocol,
        '<start_function_call>call:get_weather{city:<escape>Lima<escape>,days:<escape>1<escape>,detailed:false,tags:<escape>rain<escape>}<end_function_call>',
        { tools },
      ).calls,
    ).toEqual([
      {
        toolName: 'get_weather',
        input: '{"city":"Lima","days":1,"detailed":false,"tags":["rain"]}',
      },
    ]);
  });

  it('reports an unknown tool inside the tokens, reads the remnant of a known one', () => {
    expect(
      readEveryWay(protocol, '<start_function_call>call:no_such_tool{}<end_function_call>', {
        tools,
      }).calls,
    ).toEqual([{ toolName: 'no_such_tool', input: '{}' }]);
    expect(readEveryWay(protocol, 'call:get_weather{city:Lyon}', { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
    ]);
    for (const text of [
      'call:no_such_tool{x:1}',
      'Please call: get_time{}',
      'A <start_function token.',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('never runs a call cut off', () => {
    expect(
      readEveryWay(
        protocol,
        '<start_function_call>call:write_file{path:<escape>a<escape>,content:<escape>ha',
        {
          tools,
        },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a","content":"ha' }]);
  });

  it('writes the prompt, a past call and results as FunctionGemma’s template does', () => {
    expect(functionGemmaSystemPromptTemplate(protocol.formatTools([tools[2]]))).toBe(
      'You are a model that can do function calling with the following functions<start_function_declaration>declaration:get_time{description:<escape><escape>,parameters:{properties:{},type:<escape>OBJECT<escape>}}<end_function_declaration>',
    );
    const call = protocol.formatToolCall({
      toolCallId: 'c',
      toolName: 'get_weather',
      input: { city: 'Lyon', days: 2 },
    });
    expect(call).toBe(
      '<start_function_call>call:get_weather{city:<escape>Lyon<escape>,days:2}<end_function_call>',
    );
    expect(readEveryWay(protocol, call, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
    ]);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14, sky: 'overcast' } },
      }),
    ).toBe(
      '<start_function_response>response:get_weather{sky:<escape>overcast<escape>,temp_c:14}<end_function_response>',
    );
  });
});

describeProtocolProperties(
  [
    '<start_function_call>call:get_weather{city:<escape>Oslo<escape>,days:3}<end_function_call><start_function_response>',
    'Sure.<start_function_call>call:get_weather{city:<escape>Lyon<escape>}<end_function_call><start_function_call>call:get_time{}<end_function_call>',
    '<think>Maybe <start_function_call>call:get_time{}<end_function_call></think>No call.',
    '<start_function_call>call:get_weather{city:<escape>Seoul<escape>,detailed:true,tags:[<escape>rain<escape>]}<end_function_call>',
    '<start_function_call>call:write_file{path:<escape>lt.ts<escape>,content:<escape>a < b && "<ok/>" <esc 😀<escape>}<end_function_call> Written.',
    'call:get_weather{city:Lyon}',
    'Please call: me later.',
    '<start_function_call>call:get_weather{city:<escape>Cut off mid',
    '<start_function_call>not a call<end_function_call> but the reply goes on',
    '<start_function_call>call:no_such_tool{x:1}<end_function_call>',
  ].map((reply, index) => ({ name: `functionGemma #${index}`, protocol, reply })),
);
