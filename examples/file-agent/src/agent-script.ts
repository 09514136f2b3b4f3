import { assistantTurns, type ChatRequest, type ScriptedTurn, turnAt } from 'scripted-server';

const FAREWELL = `export function greet(name: string): string {
  return \`Hello, \${name}!\`;
}

export function farewell(name: string): string {
  return \`Goodbye, \${name}!\`;
}
`;

function call(prose: string, name: string, args: Record<string, unknown>): ScriptedTurn {
  return {
    text: `${prose}\n<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`,
  };
}

/**
 * The scripted assistant's session, in the hermes format: it looks around, reads a file
 * that does not exist, recovers by searching, writes the change and completes.
 */
export const AGENT_SCRIPT: readonly ScriptedTurn[] = [
  call("I'll look at the project first.", 'list_files', { directory: '.', pattern: '**/*.ts' }),
  call('The greeting code should be in src/greeting.ts.', 'read_file', { path: 'src/greeting.ts' }),
  call('That file does not exist. Let me search for the function instead.', 'search_code', {
    query: 'export function greet',
  }),
  call('It is in src/greet.ts.', 'read_file', { path: 'src/greet.ts' }),
  call('Adding farewell() next to greet().', 'write_file', {
    path: 'src/greet.ts',
    content: FAREWELL,
  }),
  call('Done.', 'attempt_completion', {
    result: 'Added farewell(name) to src/greet.ts, next to greet(name).',
  }),
];

export const AGENT_PROMPT = 'Add a farewell(name) function next to greet in the greeting module.';

/** Answers a request with the turn its conversation has reached. */
export function respondWithAgentScript(request: ChatRequest): ScriptedTurn {
  return turnAt(AGENT_SCRIPT, assistantTurns(request));
}
