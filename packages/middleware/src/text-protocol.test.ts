import type { LanguageModelV4FunctionTool, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { generateText, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { assert, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { CallDecoder, CallSink, CallStatus } from './engine/call-grammar';
import { createToolMiddleware } from './middleware/create-tool-middleware';
import { scriptedModel } from './testing/mock-model';
import { counterIds } from './testing/run-parser';
import { defineTextProtocol } from './text-protocol';

/**
 * A hand-written decoder for one-line calls, `>>> add a=2 b=3` up to the newline: the whole
 * CallDecoder contract without the JSON decoder. The opener followed by another space is prose.
 */
function lineCallDecoder(sink: CallSink): CallDecoder {
  let status: CallStatus = 'open';
  let line = '';
  let announced = false;
  const announce = (name: string) => {
    announced = true;
    sink.start(name);
    sink.input.openObject();
  };
  const finishLine = () => {
    for (const pair of line.split(' ').slice(1).filter(Boolean)) {
      const [key, value = ''] = pair.split('=');
      assert.isDefined(key);
      sink.input.key(key);
      sink.input.value(Number.isNaN(Number(value)) ? value : Number(value));
    }
    sink.input.closeAll();
    status = 'done';
  };
  return {
    get status() {
      return status;
    },
    write(text) {
      for (let i = 0; i < text.length; i++) {
        const char = text.charAt(i);
        if (line === '' && char === ' ') {
          status = 'not-a-call';
          return i;
        }
        if ((char === ' ' || char === '\n') && !announced) {
          if (!/^\w+$/.test(line)) {
            status = 'malformed';
            return i + 1;
          }
          announce(line);
        }
        if (char === '\n') {
          finishLine();
          return i + 1;
        }
        line += char;
      }
      return text.length;
    },
    end() {
      if (!announced && /^\w+$/.test(line)) announce(line);
      if (announced) finishLine();
      else status = line === '' ? 'not-a-call' : 'malformed';
    },
  };
}

const lineProtocol = defineTextProtocol({
  grammar: () => ({ openers: ['>>> '], startCall: (_opener, sink) => lineCallDecoder(sink) }),
  formatTools: (tools) => tools.map((tool) => tool.name).join(', '),
  formatToolCall: ({ toolName, input }) =>
    `>>> ${toolName} ${Object.entries(input as Record<string, unknown>)
      .map(([key, value]) => `${key}=${value}`)
      .join(' ')}\n`,
  formatToolResponse: ({ toolName, output }) => `<<< ${toolName} ${JSON.stringify(output)}`,
});

const tools: LanguageModelV4FunctionTool[] = [
  { type: 'function' as const, name: 'add', inputSchema: { type: 'object', properties: {} } },
];

function parse(text: string, onError = vi.fn()) {
  return lineProtocol.parseGeneratedText({ text, tools, generateId: counterIds(), onError });
}

describe('defineTextProtocol with a hand-written decoder', () => {
  it('turns what the decoder reports into calls, in generate and stream alike', () => {
    const text = 'Adding.\n>>> add a=2 b=3\nDone.';
    expect(parse(text)).toEqual([
      { type: 'text', text: 'Adding.\n' },
      {
        type: 'tool-call',
        toolCallId: 'id-1',
        toolName: 'add',
        input: '{"a":2,"b":3}',
        providerMetadata: { toolbridge: { rawToolCallText: '>>> add a=2 b=3\n' } },
      },
      { type: 'text', text: 'Done.' },
    ]);
    const parts: LanguageModelV4StreamPart[] = [];
    const parser = lineProtocol.createStreamParser({ tools, generateId: counterIds() }, (part) =>
      parts.push(part),
    );
    for (const char of text) parser.push(char);
    parser.finish();
    expect(parts.filter((part) => part.type === 'tool-call')).toMatchObject([
      { type: 'tool-call', toolCallId: 'id-1', toolName: 'add', input: '{"a":2,"b":3}' },
    ]);
  });

  it('scans prose again after a not-a-call, and keeps malformed markup as text with a report', () => {
    const onError = vi.fn();
    expect(parse('a >>>  b >>> b@d x\n>>> c', onError)).toEqual([
      { type: 'text', text: 'a >>>  b >>> b@d x\n' },
      {
        type: 'tool-call',
        toolCallId: 'id-1',
        toolName: 'c',
        input: '{}',
        providerMetadata: { toolbridge: { rawToolCallText: '>>> c' } },
      },
    ]);
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'malformed-call', rawText: '>>> b@d ' }),
    );
  });

  it('runs a tool loop through the AI SDK', async () => {
    const model = scriptedModel(['>>> add a=2 b=3\n', 'The sum is 5.']);
    const result = await generateText({
      model: wrapLanguageModel({
        model,
        middleware: createToolMiddleware({ protocol: lineProtocol }),
      }),
      tools: {
        add: tool({
          inputSchema: z.object({ a: z.number(), b: z.number() }),
          execute: async ({ a, b }) => a + b,
        }),
      },
      prompt: '2+3?',
      stopWhen: stepCountIs(2),
    });
    expect(result.text).toBe('The sum is 5.');
    expect(model.doGenerateCalls[1]?.prompt.slice(2)).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: '>>> add a=2 b=3\n' }] },
      { role: 'user', content: [{ type: 'text', text: '<<< add {"type":"json","value":5}' }] },
    ]);
    const streamed = streamText({
      model: wrapLanguageModel({
        model: scriptedModel(['>>> add a=1 b=1\n']),
        middleware: createToolMiddleware({ protocol: lineProtocol }),
      }),
      tools: {
        add: tool({
          inputSchema: z.object({ a: z.number(), b: z.number() }),
          execute: async ({ a, b }) => a + b,
        }),
      },
      prompt: '1+1?',
    });
    expect(await streamed.toolResults).toMatchObject([{ output: 2 }]);
  });
});
