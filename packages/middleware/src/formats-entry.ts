/**
 * `@toolbridge/middleware/formats`: every built-in format, one by one, and the pieces formats
 * are made of.
 *
 * Per family: its format value (`hermesFormat`, made with `defineFormat`), its ready-made
 * middleware (`hermesToolMiddleware`, built on first use), its protocol, system prompt template
 * and reasoning tags. Then the tables derived from the list of formats (`MODEL_FAMILIES`,
 * `ALL_REASONING_TAGS`, `ALL_CONTROL_TOKENS`, `builtInFormats`), and what a custom format or protocol is written with
 * beyond the root's names. For AI SDK 6, the same names are in `@toolbridge/middleware/v6/formats`.
 */
export { builtInFormats } from './auto/auto-protocol';
export { ALL_CONTROL_TOKENS } from './auto/control-tokens';
export { MODEL_FAMILIES } from './auto/model-registry';
export { ALL_REASONING_TAGS } from './auto/reasoning-tags';
export * from './formats/index';
export * from './presets/presets';
