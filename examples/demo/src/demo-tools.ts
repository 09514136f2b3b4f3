import { tool } from 'ai';
import type { Workspace } from 'file-agent';
import { z } from 'zod';
import { calculate } from './calculator.ts';

/** The demo's tools: real and harmless. */
export function demoTools(sandbox: Workspace, now: () => Date = () => new Date()) {
  return {
    calculator: tool({
      description: 'Evaluates an arithmetic expression (+ - * / % ^ and parentheses).',
      inputSchema: z.object({ expression: z.string().describe('for example "3 * 19.99 + 4.5"') }),
      execute: async ({ expression }) => ({ expression, result: calculate(expression) }),
    }),
    clock: tool({
      description: 'The current date and time in a time zone.',
      inputSchema: z.object({
        timeZone: z.string().describe('an IANA time zone such as "Europe/Oslo"').default('UTC'),
      }),
      execute: async ({ timeZone }) => {
        try {
          const time = new Intl.DateTimeFormat('en-GB', {
            dateStyle: 'full',
            timeStyle: 'long',
            timeZone,
          }).format(now());
          return { timeZone, time };
        } catch {
          throw new Error(`"${timeZone}" is not a known time zone.`);
        }
      },
    }),
    read_file: tool({
      description: "Reads a text file from the demo's sandbox folder.",
      inputSchema: z.object({
        path: z.string().describe('a path inside the sandbox, such as "notes.txt"'),
      }),
      execute: async ({ path }) => ({ path, content: await sandbox.readFile(path) }),
    }),
  };
}
