import type { JsonScanHandler } from './json-scanner';
import { setOwnProperty } from './set-own-property';

/** A {@link JsonScanHandler} that assembles the scanned value, iteratively. */
export class JsonValueBuilder implements JsonScanHandler {
  private readonly containers: Array<Record<string, unknown> | unknown[]> = [];
  private readonly keys: string[] = [];
  private stringParts: string[] = [];
  /** The complete value, once the scanner is done. */
  value: unknown;

  objectStart(): void {
    this.containers.push({});
  }

  arrayStart(): void {
    this.containers.push([]);
  }

  objectEnd(): void {
    this.add(this.containers.pop());
  }

  arrayEnd(): void {
    this.add(this.containers.pop());
  }

  key(key: string): void {
    this.keys.push(key);
  }

  stringStart(): void {
    this.stringParts = [];
  }

  stringChunk(text: string): void {
    this.stringParts.push(text);
  }

  stringEnd(): void {
    this.add(this.stringParts.join(''));
  }

  primitive(value: number | boolean | null): void {
    this.add(value);
  }

  private add(value: unknown): void {
    const container = this.containers.at(-1);
    if (container === undefined) this.value = value;
    else if (Array.isArray(container)) container.push(value);
    else setOwnProperty(container, this.keys.pop() ?? missingKey(), value);
  }
}

/** A member's value came without its key: the scanner reports every key before its value. */
function missingKey(): never {
  throw new Error('JsonValueBuilder: a member has no key');
}
