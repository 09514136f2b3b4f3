import { setOwnProperty } from '@toolbridge/rjson';
import {
  type DeclaredNames,
  declaredPropertyNames,
  isStringSchema,
  itemSchema,
  type JsonSchema,
  propertySchema,
  schemaTypes,
} from './json-schema';
import { RXMLDuplicateStringTagError } from './rxml-errors';
import type { XmlScanHandler } from './xml-scanner';

/** Options of {@link XmlValueBuilder}. */
export interface XmlValueBuilderOptions {
  /** Key for the text of an element that also has child elements. Default: `#text`. */
  textNodeName?: string;
  /**
   * When given, text beside child elements (mixed content) is not kept under `textNodeName`
   * but passed here, so that no text key reaches a value. Also told the text beside the items
   * of a list, which is never kept.
   */
  onMixedText?: (text: string) => void;
  /** Keep leading and trailing whitespace of text values. Default: false (trimmed). */
  keepWhitespace?: boolean;
  /** Throw {@link RXMLDuplicateStringTagError} when a string field is given twice; else keep the last. Default: true. */
  throwOnDuplicateStringTags?: boolean;
  /**
   * Where the schema gives no type, read text that is the canonical spelling of a number or
   * boolean (`90`, `-1.5`, `true`; not `007` or `1e3`) as that value; XML cannot say. Default: true.
   */
  inferUntypedValues?: boolean;
}

interface TextPiece {
  text: string;
  verbatim: boolean;
}

interface Frame {
  schema: JsonSchema | undefined;
  /** The schema names no type. */
  untyped: boolean;
  raw: boolean;
  /** Array-typed: every child element is an item, whatever its tag. */
  list: boolean;
  text: TextPiece[];
  /** Undefined where a string field given again replaced an earlier one. */
  children: Array<[name: string, value: unknown] | undefined>;
  /** Where the last child of each name is in `children`. */
  lastChild: Map<string, number>;
  attributes: Readonly<Record<string, string>>;
}

function newFrame(
  schema: JsonSchema | undefined,
  attributes: Readonly<Record<string, string>> = {},
): Frame {
  const types = schemaTypes(schema);
  return {
    schema,
    untyped: types.size === 0,
    raw: isStringSchema(schema),
    list: types.has('array') && !types.has('object'),
    text: [],
    children: [],
    lastChild: new Map(),
    attributes,
  };
}

/** A canonical number or boolean spelling as its value; any other text as it is. */
function inferValue(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  const number = Number(text);
  return text !== '' && Number.isFinite(number) && String(number) === text ? number : text;
}

/** Joins text pieces, trimming whitespace at the ends that did not come from CDATA. */
function joinText(pieces: readonly TextPiece[], keepWhitespace: boolean): string {
  const join = (from: number, to?: number) =>
    pieces
      .slice(from, to)
      .map((piece) => piece.text)
      .join('');
  if (keepWhitespace) return join(0);
  const first = pieces.findIndex((piece) => piece.verbatim);
  if (first === -1) return join(0).trim();
  const last = pieces.findLastIndex((piece) => piece.verbatim);
  return join(0, first).trimStart() + join(first, last + 1) + join(last + 1).trimEnd();
}

/**
 * An {@link XmlScanHandler} that assembles the JSON value of a call's XML, guided by the
 * tool's schema: string fields are read raw, array fields collect their child elements as
 * items (or, when those are fields of an object item, are one item each, so repeated tags
 * are a list of objects), repeated tags become arrays, other elements become objects or
 * text. Values are left as text; `coerceBySchema` gives them their types afterwards. Each
 * element costs time bounded by its own size and its schema, whatever came before it.
 */
export class XmlValueBuilder implements XmlScanHandler {
  /** The value around the elements, and the elements open inside it, innermost last. */
  private readonly root: Frame;
  private readonly frames: Frame[] = [];
  private readonly textNodeName: string;
  private readonly keepWhitespace: boolean;
  private readonly throwOnDuplicateStringTags: boolean;
  private readonly inferUntypedValues: boolean;
  private readonly onMixedText: ((text: string) => void) | undefined;

  constructor(schema: JsonSchema | undefined, options: XmlValueBuilderOptions = {}) {
    this.root = newFrame(schema);
    this.textNodeName = options.textNodeName ?? '#text';
    this.onMixedText = options.onMixedText;
    this.keepWhitespace = options.keepWhitespace ?? false;
    this.throwOnDuplicateStringTags = options.throwOnDuplicateStringTags ?? true;
    this.inferUntypedValues = options.inferUntypedValues ?? true;
  }

  /** How many elements are open below the root. */
  get depth(): number {
    return this.frames.length;
  }

  /** The schema an element named `name` gets at the current position. */
  childSchema(name: string): JsonSchema | undefined {
    const parent = this.top();
    return parent.list
      ? itemSchema(parent.schema, parent.children.length)
      : propertySchema(parent.schema, name);
  }

  elementStart(
    name: string,
    attributes: Readonly<Record<string, string>>,
    tagOffset: number,
  ): boolean {
    const parent = this.top();
    if (parent.list && parent.children.length === 0) this.readAsItem(parent, name);
    const frame = newFrame(this.childSchema(name), attributes);
    if (frame.raw && !parent.list) {
      const previous = parent.lastChild.get(name);
      if (previous !== undefined) {
        if (this.throwOnDuplicateStringTags)
          throw new RXMLDuplicateStringTagError(name, { offset: tagOffset });
        parent.children[previous] = undefined;
      }
    }
    this.frames.push(frame);
    return frame.raw;
  }

  text(text: string, verbatim: boolean): void {
    this.top().text.push({ text, verbatim });
  }

  elementEnd(name: string): void {
    const frame = this.frames.pop();
    if (frame === undefined) throw new Error(`XmlValueBuilder: </${name}> closes no open element`);
    const parent = this.top();
    parent.lastChild.set(name, parent.children.length);
    parent.children.push([name, this.valueOf(frame)]);
  }

  /** The names of the elements that may follow the open one: its siblings by the schema. */
  siblingNames(): DeclaredNames | undefined {
    const parent =
      this.frames.length === 0 ? undefined : (this.frames[this.frames.length - 2] ?? this.root);
    return parent === undefined || parent.list ? undefined : declaredPropertyNames(parent.schema);
  }

  /** The value of everything read so far, as text and structure (before schema coercion). */
  get value(): unknown {
    const root = this.root;
    const value = this.valueOf(root);
    return root.children.length === 0 && value === '' && !root.list ? {} : value;
  }

  /**
   * `<items><a>1</a></items>` where an item of `items` is an object with field `a` (and the
   * child is not an `<item>`): the list element is one item, read by the item's schema.
   */
  private readAsItem(frame: Frame, firstChild: string): void {
    if (firstChild === 'item') return;
    const item = itemSchema(frame.schema, 0);
    if (!schemaTypes(item).has('object') || propertySchema(item, firstChild) === undefined) return;
    const { text, attributes } = frame;
    Object.assign(frame, newFrame(item, attributes), { text });
  }

  /** `<x><item>…</item>…</x>` with no schema to say otherwise is a list. */
  private isItemList(frame: Frame, children: ReadonlyArray<[string, unknown]>, text: string) {
    return (
      children.length > 0 &&
      text === '' &&
      children.every(([name]) => name === 'item') &&
      propertySchema(frame.schema, 'item') === undefined
    );
  }

  /** The innermost open element, or the root. */
  private top(): Frame {
    return this.frames[this.frames.length - 1] ?? this.root;
  }

  private valueOf(frame: Frame): unknown {
    const text = joinText(frame.text, this.keepWhitespace);
    if (frame.raw) return text;
    const children = frame.children.filter((child) => child !== undefined);
    if (frame.list && children.length > 0) {
      if (text !== '') this.onMixedText?.(text);
      return children.map(([, value]) => value);
    }
    if (frame.untyped && this.isItemList(frame, children, text))
      return children.map(([, value]) => value);
    const declared = Object.keys(frame.attributes).filter(
      (key) => propertySchema(frame.schema, key) !== undefined && !frame.lastChild.has(key),
    );
    if (children.length === 0 && declared.length === 0) {
      return frame.untyped && this.inferUntypedValues && frame !== this.root
        ? inferValue(text)
        : text;
    }
    const object: Record<string, unknown> = {};
    const grouped = new Map<string, unknown[]>();
    for (const [name, value] of children) {
      const group = grouped.get(name);
      if (group === undefined) grouped.set(name, [value]);
      else group.push(value);
    }
    for (const [name, values] of grouped)
      setOwnProperty(object, name, values.length === 1 ? values[0] : values);
    for (const key of declared) setOwnProperty(object, key, frame.attributes[key]);
    if (text === '') return object;
    if (this.onMixedText === undefined) setOwnProperty(object, this.textNodeName, text);
    else this.onMixedText(text);
    return object;
  }
}
