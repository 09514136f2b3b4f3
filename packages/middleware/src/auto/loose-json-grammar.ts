// Every JSON preset reads calls without their markers as `auto` does: the grammar lives with the decoders.
export { looseJsonGrammar } from '../decoders/loose-json-grammar';
