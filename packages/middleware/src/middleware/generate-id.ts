const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A random 16-character alphanumeric id for text blocks and tool calls, the shape the AI SDK's
 * own ids have, made the way it makes them: from `Math.random`. Ids must differ within a
 * conversation, not resist guessing, and a system random call per id took longer than
 * parsing the call it named. Written here so that the middleware needs no runtime package of
 * either SDK major.
 */
export function generateId(): string {
  let id = '';
  for (let i = 0; i < 16; i++) id += ALPHABET[Math.floor(Math.random() * ALPHABET.length)];
  return id;
}
