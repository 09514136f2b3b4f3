import { isJsonObject } from '@toolbridge/rjson';
import {
  coerceBySchema,
  type DeclaredNames,
  type JsonSchema,
  type XmlScanHandler,
  XmlValueBuilder,
} from '@toolbridge/rxml';
import type { JsonInputWriter } from '../engine/json-input-writer';
import { endsWithHighSurrogate } from './high-surrogate';

/**
 * Streams the arguments of `<tool><arg>…</arg></tool>` as canonical JSON, fed by an XML
 * scanner. String fields stream as they arrive, trimmed exactly as `RXML.parse` trims them;
 * every other field is written once the call ends, from the same value `RXML.parse` builds,
 * after coercion. A string field given twice throws `RXMLDuplicateStringTagError`: which of
 * the two the model meant would be a guess. Text beside the argument elements is dropped and
 * reported as a repair, so no `#text` key reaches the input; so are misspelt and missing
 * closing tags the scanner read past.
 */
export class XmlArgumentsStreamer implements XmlScanHandler {
  private readonly builder: XmlValueBuilder;
  private readonly streamed = new Set<string>();
  private streaming = false;
  private leading = true;
  private trailingSpace = '';
  private highSurrogate = '';

  constructor(
    private readonly writer: JsonInputWriter,
    private readonly schema: JsonSchema | undefined,
    private readonly onRepair: (message: string) => void,
  ) {
    this.builder = new XmlValueBuilder(schema, {
      onMixedText: (text) => this.dropped(text),
    });
    writer.openObject();
  }

  elementStart(
    name: string,
    attributes: Readonly<Record<string, string>>,
    tagOffset: number,
  ): boolean {
    const raw = this.builder.elementStart(name, attributes, tagOffset);
    if (raw && this.builder.depth === 1) {
      this.writer.key(name);
      this.writer.stringStart();
      this.streamed.add(name);
      this.streaming = true;
      this.leading = true;
      this.trailingSpace = '';
    }
    return raw;
  }

  text(text: string, verbatim: boolean): void {
    // A string field that streams is written as it comes; the builder would only join it to skip it.
    if (this.streaming) this.streamText(text, verbatim);
    else this.builder.text(text, verbatim);
  }

  elementEnd(name: string): void {
    this.builder.elementEnd(name);
    if (this.streaming && this.builder.depth === 0) this.endString();
  }

  siblingNames(): DeclaredNames | undefined {
    return this.builder.siblingNames();
  }

  repair(message: string): void {
    this.onRepair(message);
  }

  /** Writes the fields that did not stream and closes the input object. */
  finish(): void {
    if (this.streaming) this.endString();
    const value = coerceBySchema(this.builder.value, this.schema);
    if (isJsonObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (this.streamed.has(key)) continue;
        this.writer.key(key);
        this.writer.value(item);
      }
    } else if (value !== '') this.dropped(String(value));
    this.writer.closeAll();
  }

  private dropped(text: string): void {
    this.onRepair(`Text beside the arguments was dropped: ${JSON.stringify(text.slice(0, 80))}`);
  }

  private endString(): void {
    this.streaming = false;
    this.trailingSpace = '';
    this.writeString('', true);
    this.writer.stringEnd();
  }

  /** Same trimming as `RXML.parse`: whitespace at the ends that did not come from CDATA. */
  private streamText(text: string, verbatim: boolean): void {
    if (verbatim) {
      this.writeString(this.trailingSpace + text);
      this.trailingSpace = '';
      this.leading = false;
      return;
    }
    const start = this.leading ? text.trimStart() : text;
    if (start === '') return;
    this.leading = false;
    const body = start.trimEnd();
    if (body === '') {
      this.trailingSpace += start;
      return;
    }
    this.writeString(this.trailingSpace + body);
    this.trailingSpace = start.slice(body.length);
  }

  /** Holds back a high surrogate whose partner may come in the next piece; `final` lets it go. */
  private writeString(text: string, final = false): void {
    let piece = this.highSurrogate + text;
    this.highSurrogate = '';
    if (!final && endsWithHighSurrogate(piece)) {
      this.highSurrogate = piece.slice(-1);
      piece = piece.slice(0, -1);
    }
    this.writer.stringChunk(piece);
  }
}
