import { assert, describe, expect, it } from 'vitest';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { museToolMiddleware } from '../presets/presets';
import { fixtureTools as tools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { readEveryWay } from '../testing/run-parser';
import { museFormat, museProtocol, museReasoningTags } from './muse';

const protocol = museProtocol();
const invoke = (name: string, parameters: Record<string, string>) =>
  `<atem:function_calls>\n<atem:invoke name="${name}">\n${Object.entries(parameters)
    .map(([key, value]) => `<atem:parameter name="${key}">${value}</atem:parameter>\n`)
    .join('')}</atem:invoke>\n</atem:function_calls>`;
const toTool = (name: string) => `<|start|>assistant to=${name}<|message|>`;
const LYON = { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' };

describe('museProtocol', () => {
  const options = {
    tools,
    reasoningTags: museReasoningTags,
    controlTokens: museFormat.controlTokens,
  };

  it('reads a reply to the user as text, to self as reasoning, to a tool as its call', () => {
    const text = ` to=self<|message|>Need the weather.<|eom|>${toTool('get_weather')}${invoke('get_weather', { city: 'Lyon', days: '2' })}`;
    expect(readEveryWay(protocol, text, options)).toMatchObject({
      reasoning: 'Need the weather.',
      text: '',
      calls: [LYON],
    });
    expect(
      readEveryWay(
        protocol,
        ' to=self<|message|>17*23 = 391.<|eom|><|start|>assistant to=user<|message|>It is 391.<|eot|>',
        options,
      ),
    ).toMatchObject({ reasoning: '17*23 = 391.', text: 'It is 391.', calls: [] });
  });

  it('ends a reasoning message whose <|eom|> is missing where the next message starts', () => {
    expect(
      readEveryWay(
        protocol,
        ' to=self<|message|>Hm.<|start|>assistant to=user<|message|>Hello.',
        options,
      ),
    ).toMatchObject({ reasoning: 'Hm.', text: 'Hello.' });
  });

  it('reads several calls in one block, and values typed by the schema', () => {
    const text = `<atem:function_calls>\n<atem:invoke name="get_weather">\n<atem:parameter name="city">Lyon</atem:parameter>\n<atem:parameter name="days">2</atem:parameter>\n</atem:invoke>\n<atem:invoke name="get_time">\n</atem:invoke>\n</atem:function_calls>`;
    expect(readEveryWay(protocol, text, options).calls).toEqual([
      LYON,
      { toolName: 'get_time', input: '{}' },
    ]);
  });

  it('never runs a call cut off inside a parameter', () => {
    const { calls } = readEveryWay(
      protocol,
      '<atem:function_calls>\n<atem:invoke name="write_file">\n<atem:parameter name="content">half',
      options,
    );
    expect(calls).toHaveLength(1);
    const [call] = calls;
    assert.isDefined(call);
    expect(() => JSON.parse(call.input)).toThrow();
  });

  it('writes a past call that reads back to the same input', () => {
    const call = protocol.formatToolCall({
      toolCallId: 'c',
      toolName: 'get_weather',
      input: { city: 'Lyon', days: 2 },
    });
    expect(readEveryWay(protocol, call, options).calls).toEqual([LYON]);
  });
});

describe.each([
  ['museToolMiddleware', museToolMiddleware],
  ["toolMiddlewareFor('muse-glimmer')", toolMiddlewareFor('muse-glimmer')],
])('Muse Glimmer channel replies, through %s', (_name, middleware) => {
  it('reads the answer to user as text, self as reasoning, a tool message as its call', async () => {
    expect(
      await readThroughMiddleware(middleware, ' to=user<|message|>Hello there.<|eot|>', { tools }),
    ).toEqual({ text: 'Hello there.', reasoning: '', calls: [] });
    expect(
      await readThroughMiddleware(
        middleware,
        ` to=self<|message|>I should look it up.<|eom|>${toTool('get_weather')}${invoke('get_weather', { city: 'Lyon', days: '2' })}`,
        { tools },
      ),
    ).toEqual({ text: '', reasoning: 'I should look it up.', calls: [LYON] });
    expect(
      await readThroughMiddleware(
        middleware,
        ` to=get_weather<|message|>${invoke('get_weather', { city: 'Lyon', days: '2' })}`,
        { tools },
      ),
    ).toEqual({ text: '', reasoning: '', calls: [LYON] });
  });
});

describeProtocolProperties(
  [
    invoke('get_weather', { city: 'Oslo' }),
    `Checking.${invoke('get_time', {})} Done.`,
    invoke('write_file', { path: 'a.ts', content: 'const x = "<tag>" && y;\n' }),
    '<atem:function_calls>\n<atem:invoke name="write_file">\n<atem:parameter name="content">cut',
    'Prose with <atem:function_calls> and no call.',
  ].map((reply, index) => ({ name: `muse #${index}`, protocol, reply })),
);
