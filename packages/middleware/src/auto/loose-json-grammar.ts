// Every JSON preset reads calls without their markers as `auto` does: the grammar lives with the decoders.
export { looseJsonGrammar, withTrailingCloser } from '../decoders/loose-json-grammar';
