#!/usr/bin/env node
import { runServeCommand } from './serve-command.ts';

process.exitCode = await runServeCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  waitForInterrupt: () =>
    new Promise((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    }),
});
