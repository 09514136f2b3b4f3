import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** Every specifier a module imports or re-exports, dynamic imports included. */
function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const [, specifier] of source.matchAll(pattern)) {
      assert.isDefined(specifier, 'each pattern captures the specifier');
      specifiers.push(specifier);
    }
  }
  return specifiers;
}

/** The folder of `src` (or the file at its top) each relative import of `file` lands in. */
function importedPlaces(file: string): Array<{ specifier: string; place: string }> {
  return importsOf(readFileSync(file, 'utf8'))
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const target = relative(SRC, resolve(dirname(file), specifier));
      return { specifier, place: target.replace(/[\\/][\s\S]*$/, '') };
    });
}

function sourcesIn(folder: string): string[] {
  return readdirSync(join(SRC, folder))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(SRC, folder, name));
}

/** `folder`'s imports that land in one of `forbidden`, as `file -> specifier`. */
function importsInto(folder: string, forbidden: readonly string[]): string[] {
  return sourcesIn(folder).flatMap((file) =>
    importedPlaces(file)
      .filter(({ place }) => forbidden.includes(place))
      .map(({ specifier }) => `${relative(SRC, file)} -> ${specifier}`),
  );
}

const UPPER_LAYERS = ['formats', 'protocols', 'auto', 'middleware'];

describe('import direction: model text -> engine -> decoder, nothing reaches back up', () => {
  it('reads the imports it checks', () => {
    expect(
      importsOf(
        "import type { A } from './a';\nimport {\n  b,\n} from '../b';\nexport { c } from './c';\nimport './d';\nawait import('./e');",
      ),
    ).toEqual(['./a', '../b', './c', './d', './e']);
    expect(sourcesIn('engine').length).toBeGreaterThan(0);
    expect(sourcesIn('decoders').length).toBeGreaterThan(0);
  });

  it('the engine imports no decoder, format, protocol, auto or middleware module', () => {
    expect(importsInto('engine', ['decoders', ...UPPER_LAYERS])).toEqual([]);
  });

  it('the decoders import no format, protocol, auto or middleware module', () => {
    expect(importsInto('decoders', UPPER_LAYERS)).toEqual([]);
  });

  it('the protocols import no format, auto or middleware module', () => {
    // `auto` and the formats are built from protocols; `nativeProtocol`'s salvage default is in `auto/`.
    expect(importsInto('protocols', ['formats', 'auto', 'middleware'])).toEqual([]);
  });

  it('the formats import no auto, preset or middleware module: a format is data the middleware reads', () => {
    expect(importsInto('formats', ['auto', 'presets', 'middleware'])).toEqual([]);
  });

  it('the protocol interface imports no decoder', () => {
    const places = importedPlaces(join(SRC, 'tool-call-protocol.ts')).map(({ place }) => place);
    expect(places.filter((place) => place === 'decoders' || UPPER_LAYERS.includes(place))).toEqual(
      [],
    );
  });
});
