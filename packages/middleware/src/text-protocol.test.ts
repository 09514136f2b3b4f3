import { generateText, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolMiddleware } from './create-tool-middleware';
import { createJsonCallDecoder } from './protocols/json-call-decoder';
import { stringifyFramedJson } from './safe-json';
import { scriptedModel } from './testing/mock-model';
import { defineTextProtocol } from './text-protocol';
import { toolResultValue } from './tool-result-value';

// The protocol of docs/custom-protocol.md, as written there.
const bracketProtocol = defineTextProtocol({
  grammar: (tools) => ({
    openers: ['[CALL]'],
    startCall: (_opener, sink) =>
      createJsonCallDecoder({
        keys: { name: ['name'], arguments: ['arguments'] },
        closer: '[/CALL]',
        tools,
        sink,
      }),
  }),
  formatTools: (tools) =>
    tools
      .map((tool) => stringifyFramedJson({ name: tool.name, parameters: tool.inputSchema }))
      .join('\n'),
  formatToolCall: ({ toolName, input }) =>
    `[CALL]${stringifyFramedJson({ name: toolName, arguments: input })}[/CALL]`,
  formatToolResponse: ({ toolName, output }) =>
    `[RESULT ${toolName}]${JSON.stringify(toolResultValue(output).value)}[/RESULT]`,
});

const middleware = createToolMiddleware({
  protocol: bracketProtocol,
  toolSystemPromptTemplate: (tools) =>
    `Tools:\n${tools}\nCall a tool with [CALL]{"name": …, "arguments": {…}}[/CALL].`,
});

const tools = {
  add: tool({
    inputSchema: z.object({ a: z.number(), b: z.number() }),
    execute: async ({ a, b }) => a + b,
  }),
};

describe('defineTextProtocol (the custom-protocol guide)', () => {
  it('runs a tool loop in generate', async () => {
    const model = scriptedModel([
      'Adding. [CALL]{"name": "add", "arguments": {"a": 2, "b": 3}}[/CALL]',
      'The sum is 5.',
    ]);
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware }),
      tools,
      prompt: '2+3?',
      stopWhen: stepCountIs(2),
    });
    expect(result.text).toBe('The sum is 5.');
    const history = model.doGenerateCalls[1]!.prompt.slice(2);
    expect(history).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Adding. \n[CALL]{"name":"add","arguments":{"a":2,"b":3}}[/CALL]' },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: '[RESULT add]5[/RESULT]' }] },
    ]);
  });

  it('streams the same call', async () => {
    const model = scriptedModel(['[CALL]{"name": "add", "arguments": {"a": 2, "b": 3}}[/CALL]']);
    const result = streamText({
      model: wrapLanguageModel({ model, middleware }),
      tools,
      prompt: '2+3?',
    });
    expect(await result.toolCalls).toMatchObject([{ toolName: 'add', input: { a: 2, b: 3 } }]);
    expect(await result.toolResults).toMatchObject([{ output: 5 }]);
  });
});
