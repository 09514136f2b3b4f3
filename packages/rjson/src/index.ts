import { parse } from './parse';
import { stringify } from './stringify';

export { isJsonObject } from './is-json-object';
export type { JsonScanHandler, JsonScanner, JsonScannerOptions } from './json-scanner';
export { createJsonScanner } from './json-scanner';
export { JsonValueBuilder } from './json-value-builder';
export type { RJSONParseOptions } from './parse';
export { parse } from './parse';
export { RJSONParseError } from './rjson-parse-error';
export { scanJson } from './scan-json';
export { setOwnProperty } from './set-own-property';
export type { RJSONStringifyOptions } from './stringify';
export { stringify } from './stringify';

/** Robust JSON: `RJSON.parse` reads what models write, `RJSON.stringify` writes strict JSON. */
export const RJSON = { parse, stringify } as const;
