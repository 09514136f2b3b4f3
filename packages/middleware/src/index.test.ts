import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { assert, describe, expect, it } from 'vitest';
import * as api from './index';

/** Every name an entry exports, values and types, with the doc comment of its declaration. */
function exportsOf(entry: string): Map<string, string> {
  const file = fileURLToPath(new URL(entry, import.meta.url));
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  assert.isDefined(source, file);
  const module = checker.getSymbolAtLocation(source);
  assert.isDefined(module, `${file} is a module`);
  return new Map(
    checker.getExportsOfModule(module).map((symbol) => {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return [symbol.name, ts.displayPartsToString(target.getDocumentationComment(checker))];
    }),
  );
}

describe('the package root', () => {
  const names = exportsOf('./index.ts');

  it('exports at most 40 names, values and types together', () => {
    expect(names.size).toBeLessThanOrEqual(40);
    expect([...names.keys()].sort()).toMatchInlineSnapshot(`
      [
        "AutoProtocolOptions",
        "CallDecoder",
        "CallGrammar",
        "CallSink",
        "FORMAT_NAMES",
        "Format",
        "FormatDefinition",
        "FormatName",
        "ModelCallRecording",
        "ModelFamily",
        "NativeProtocolOptions",
        "OpensReasoning",
        "RecordModelOutputOptions",
        "TextProtocolDefinition",
        "ToolCallProtocol",
        "ToolMiddlewareForOptions",
        "ToolMiddlewareOptions",
        "ToolbridgeCallOptions",
        "ToolbridgeErrorHandler",
        "ToolbridgeErrorMetadata",
        "ToolbridgeErrorReason",
        "ToolsByName",
        "UnknownModelWarning",
        "autoProtocol",
        "autoToolMiddleware",
        "createDispatchingDecoder",
        "createJsonCallDecoder",
        "createNamedJsonCallDecoder",
        "createToolMiddleware",
        "createXmlCallDecoder",
        "createXmlParameterCallDecoder",
        "defineFormat",
        "defineTextProtocol",
        "formatToolMiddleware",
        "modelFamily",
        "nativeProtocol",
        "recordModelOutput",
        "toolMiddlewareFor",
        "toolResultValue",
        "toolbridgeOptions",
      ]
    `);
  });

  it('documents every name it exports', () => {
    const undocumented = [...names].filter(([, doc]) => doc.trim() === '').map(([name]) => name);
    expect(undocumented).toEqual([]);
  });

  it('exports values that exist', () => {
    for (const name of Object.keys(api)) expect(names.has(name), name).toBe(true);
  });
});
