import { describe, expect, it } from 'vitest';
import { runFidelity } from './fidelity/run-fidelity.ts';

/** One character per conversation: `=` exact, `~` differs, `!` not rendered. */
const verdicts = (results: Awaited<ReturnType<typeof runFidelity>>) =>
  Object.fromEntries(
    [...new Set(results.map((result) => result.family))].map((family) => [
      family,
      results
        .filter((result) => result.family === family)
        .map((result) => (result.error !== undefined ? '!' : result.exact ? '=' : '~'))
        .join(''),
    ]),
  );

describe('prompt fidelity (issue 23, docs/fidelity.md)', () => {
  it("pins which renderings match the family's native template rendering", async () => {
    const results = await runFidelity();
    // An improvement or a regression shows here; regenerate docs/fidelity.md with it.
    expect(verdicts(results)).toMatchInlineSnapshot(`
      {
        "DeepSeek V3": "~~~~~",
        "DeepSeek V3.1": "~~~~~",
        "GLM-4.6": "~~~~~",
        "Granite 3.3": "~~~~~",
        "Hermes 3 (Llama 3.1)": "!!!!!",
        "Kimi K2 Thinking": "~~~~~",
        "Llama 3.2": "~~!~~",
        "Llama 3.3": "~~!~~",
        "MiniMax M2": "~~~~~",
        "Mistral Small 3.2": "~~~~~",
        "Qwen3": "~~~~~",
        "Qwen3-Coder": "~~~~~",
        "Seed-OSS": "!!!!!",
        "gpt-oss (Harmony)": "~~~~~",
      }
    `);
    const rendered = results.filter((result) => result.error === undefined);
    for (const result of rendered) {
      expect(result.similarity).toBeGreaterThan(0);
      expect(result.similarity).toBeLessThanOrEqual(1);
      expect(result.exact).toBe(result.native === result.toolbridge);
    }
  });
});
