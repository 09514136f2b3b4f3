import { styleText } from 'node:util';

type Style = 'dim' | 'cyan' | 'green' | 'red' | 'yellow' | 'bold';

/** Where the demo prints: colour when the stream supports it, plain otherwise. */
export interface Terminal {
  write(text: string): void;
  style(style: Style, text: string): string;
}

/** A terminal over a Node stream; colours follow the stream's TTY state, NO_COLOR and FORCE_COLOR. */
export function streamTerminal(stream: NodeJS.WriteStream): Terminal {
  return {
    write: (text) => stream.write(text),
    style: (style, text) => styleText(style, text, { stream, validateStream: true }),
  };
}

/** A terminal that records plain text, for tests. */
export function recordingTerminal(): Terminal & { output: () => string } {
  const pieces: string[] = [];
  return {
    write: (text) => pieces.push(text),
    style: (_style, text) => text,
    output: () => pieces.join(''),
  };
}
