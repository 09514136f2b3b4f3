import { hermesSystemPromptTemplate } from '../formats/hermes';
import { lazyToolMiddleware } from '../lazy-middleware';
import { createToolMiddleware } from '../middleware/create-tool-middleware';
import { autoProtocol } from './auto-protocol';
import { ALL_CONTROL_TOKENS } from './control-tokens';
import { ALL_REASONING_TAGS } from './reasoning-tags';

/**
 * Tool calling for any model, whatever format it writes: the Hermes prompt, and every known
 * format read back (`autoProtocol`), with every family's reasoning tags and control tokens. The finish part's
 * `providerMetadata.toolbridge.formats` tells which formats the reply used.
 */
export const autoToolMiddleware = /* @__PURE__ */ lazyToolMiddleware(() =>
  createToolMiddleware({
    protocol: autoProtocol(),
    toolSystemPromptTemplate: hermesSystemPromptTemplate,
    reasoningTags: ALL_REASONING_TAGS,
    controlTokens: ALL_CONTROL_TOKENS,
  }),
);
