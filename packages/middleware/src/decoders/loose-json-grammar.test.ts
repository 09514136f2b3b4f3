import { describe, expect, it } from 'vitest';
import { fixtureTools as tools } from '../testing/fixtures';
import { readEveryWay } from '../testing/run-parser';
import { defineTextProtocol } from '../text-protocol';
import { createJsonCallDecoder, JSON_CALL_KEYS } from './json-call-decoder';
import { withLooseJsonCalls } from './loose-json-grammar';

/** Calls in `opener`…```` ``` ```` fences, and bare ones. */
function fencedCalls(opener: string) {
  return defineTextProtocol({
    grammar: (byName) =>
      withLooseJsonCalls(
        {
          openers: [opener],
          explicitOpeners: [opener],
          startCall: (_opener, sink) =>
            createJsonCallDecoder({ keys: JSON_CALL_KEYS, closer: '```', tools: byName, sink }),
        },
        byName,
        JSON_CALL_KEYS,
      ),
    formatTools: () => '',
    formatToolCall: () => '',
    formatToolResponse: () => '',
  });
}

const call = '{"name": "launch_rockets", "arguments": {"n": 3}}';

describe('withLooseJsonCalls', () => {
  it("reads a reply that opens with the grammar's own fence as its markup", () => {
    // An unknown tool is a call only in the grammar's own delimiters.
    expect(
      readEveryWay(fencedCalls('```tool_call'), `\`\`\`tool_call${call}\n\`\`\``, { tools }),
    ).toMatchObject({
      text: '',
      calls: [{ toolName: 'launch_rockets', input: '{"n":3}' }],
    });
  });

  it('keeps an opener of the grammar that a loose fence would overlap', () => {
    expect(
      readEveryWay(fencedCalls('```json'), `Go.\n\`\`\`json\n${call}\n\`\`\``, { tools }),
    ).toMatchObject({
      text: 'Go.\n',
      calls: [{ toolName: 'launch_rockets', input: '{"n":3}' }],
    });
  });

  it('reads a fence at the start of the reply as markup only when it is one for JSON', () => {
    const time = '{"name": "get_time", "arguments": {}}';
    const protocol = fencedCalls('```tool_call');
    for (const fence of ['```', '```json', '```JSON']) {
      expect(readEveryWay(protocol, `${fence}\n${time}\n\`\`\``, { tools })).toMatchObject({
        text: '',
        calls: [{ toolName: 'get_time', input: '{}' }],
      });
    }
    // Another fence stays text; the call at a line start inside it is still one.
    expect(readEveryWay(protocol, `\`\`\`python\n${time}\n\`\`\``, { tools })).toMatchObject({
      text: '```python\n```',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });
});
