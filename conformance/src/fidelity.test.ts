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
        "Apertus": "!!!!!!",
        "Apriel": "!!!!!!",
        "DeepSeek V3": "~~~~~~",
        "DeepSeek V3.1": "~~~~~~",
        "EXAONE 4": "======",
        "Functionary v3.2": "!!!!!!",
        "GLM-4.6": "======",
        "GigaChat 3": "!!!!!!",
        "GigaChat 3.5": "!!!!!!",
        "Granite 3.3": "======",
        "Granite 4": "======",
        "Hermes 3 (Llama 3.1)": "!!!!!!",
        "K2 Horizon": "======",
        "Kimi K2 Thinking": "~~~~~~",
        "LFM2.5": "======",
        "Llama 3.2": "~~!~~~",
        "Llama 3.3": "~~!~~~",
        "Llama Nemotron": "~~~~~~",
        "MiniMax M2": "======",
        "Mistral Small 3.2": "~~~~~~",
        "Nemotron 3 Nano": "=~~~~~",
        "Nemotron Nano v2": "=~~~~~",
        "QwQ": "======",
        "Qwen2.5": "======",
        "Qwen3": "======",
        "Qwen3-Coder": "======",
        "Qwen3.5": "======",
        "Seed-OSS": "!!!!!!",
        "gpt-oss (Harmony)": "~~~~~~",
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
