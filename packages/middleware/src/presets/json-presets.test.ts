import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { modelFamily } from '../auto/model-registry';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { fixtureTools as tools } from '../testing/fixtures';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import {
  commandRToolMiddleware,
  graniteToolMiddleware,
  hermesToolMiddleware,
  hyperclovaxToolMiddleware,
  internlmToolMiddleware,
  llama3JsonToolMiddleware,
  mistralToolMiddleware,
  openPanguToolMiddleware,
  xlamToolMiddleware,
} from './presets';

/** Each preset whose calls are JSON objects, and an id of its family. */
const JSON_PRESETS: [format: string, preset: LanguageModelV4Middleware, modelId: string][] = [
  ['hermes', hermesToolMiddleware, 'qwen2.5:7b'],
  ['llama3-json', llama3JsonToolMiddleware, 'llama3.1:8b'],
  ['mistral', mistralToolMiddleware, 'mistral-small3.2'],
  ['xlam', xlamToolMiddleware, 'Salesforce/Llama-xLAM-2-8b-fc-r'],
  ['granite', graniteToolMiddleware, 'granite3.3:8b'],
  ['internlm', internlmToolMiddleware, 'internlm/internlm2_5-7b-chat'],
  ['command-r', commandRToolMiddleware, 'command-r7b'],
  ['hyperclovax', hyperclovaxToolMiddleware, 'naver-hyperclovax/HyperCLOVAX-SEED-Think-14B'],
  ['openpangu', openPanguToolMiddleware, 'openpangu-embedded-7b'],
];

const oslo = { toolName: 'get_weather', input: '{"city":"Oslo"}' };

/** A call written without its format's markers, where `auto` reads one, under the keys models write. */
const BARE_CALLS: [where: string, reply: string, text: string][] = [
  ['the whole reply', '{"name": "get_weather", "arguments": {"city": "Oslo"}}', ''],
  ['a json fence', '```json\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n```', ''],
  [
    'the start of a line',
    'Checking.\n{"name": "get_weather", "arguments": {"city": "Oslo"}}',
    'Checking.',
  ],
  [
    'a json fence after prose',
    'Checking.\n```json\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n```',
    'Checking.\n',
  ],
  ['a list', '[{"name": "get_weather", "arguments": {"city": "Oslo"}}]', ''],
  ['args for the arguments', '{"name": "get_weather", "args": {"city": "Oslo"}}', ''],
  ['params for the arguments', '{"name": "get_weather", "params": {"city": "Oslo"}}', ''],
  ['input for the arguments', '{"name": "get_weather", "input": {"city": "Oslo"}}', ''],
  ['function for the name', '{"function": "get_weather", "arguments": {"city": "Oslo"}}', ''],
  ['tool_name for the name', '{"tool_name": "get_weather", "arguments": {"city": "Oslo"}}', ''],
  ['arguments as a string', '{"name": "get_weather", "arguments": \'{"city": "Oslo"}\'}', ''],
];

describe.each(JSON_PRESETS)('the %s preset', (format, preset, modelId) => {
  it(`is what toolMiddlewareFor gives ${modelId}`, () => {
    expect(modelFamily(modelId)?.format).toBe(format);
  });

  describe.each([
    ['the preset', preset],
    ['auto', autoToolMiddleware],
    [`toolMiddlewareFor('${modelId}')`, toolMiddlewareFor(modelId)],
  ] as const)('through %s', (_name, middleware) => {
    it.each(BARE_CALLS)('reads a call of a declared tool in %s', async (_where, reply, text) => {
      expect(await readThroughMiddleware(middleware, reply, { tools })).toStrictEqual({
        text,
        reasoning: '',
        calls: [oslo],
      });
    });

    it('keeps JSON in the middle of a line, or naming an unknown tool, as text', async () => {
      for (const reply of [
        'Write {"name": "get_weather", "arguments": {"city": "Oslo"}} to call it.',
        '{"name": "get_forecast", "arguments": {"city": "Oslo"}}',
      ]) {
        expect(await readThroughMiddleware(middleware, reply, { tools })).toStrictEqual({
          text: reply,
          reasoning: '',
          calls: [],
        });
      }
    });
  });
});
