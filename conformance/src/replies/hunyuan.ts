import { hunyuanProtocol, hunyuanSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** How a checkpoint lays out its calls: the suffix of its tokens, and whether it writes HY v4's compact form. */
const LAYOUTS = [
  // tencent/Hy3: suffixed tokens, `<tool_sep>` after the name, a line per tag.
  { suffix: ':opensource', compact: false },
  // tencent/Hy3-preview: the same without a suffix.
  { suffix: '', compact: false },
  // tencent/Hy4-preview: suffixed tokens, no `<tool_sep>`, nothing between the tags of a call.
  { suffix: ':opensource', compact: true },
] as const;

/**
 * Hunyuan HY v3 / v4: prose, then one `<tool_calls>` block with a `<tool_call>` per call. Cases
 * rotate through Hy3's, Hy3-preview's and Hy4's layouts, so that each is read.
 */
export const hunyuanReplies: ConformanceFormat = {
  name: 'hunyuan',
  protocol: hunyuanProtocol(),
  prompt: hunyuanSystemPromptTemplate,
  writeReplies: (calls) => {
    const { suffix, compact } =
      LAYOUTS[JSON.stringify(calls).length % LAYOUTS.length] ?? LAYOUTS[0];
    const open = (name: string) => `<${name}${suffix}>`;
    const close = (name: string) => `</${name}${suffix}>`;
    const line = compact ? '' : '\n';
    const blocks = calls.map((call) => {
      const pairs = Object.entries(call.input).map(
        ([key, value]) =>
          `${open('arg_key')}${key}${close('arg_key')}${line}${open('arg_value')}${text(value)}${close('arg_value')}${line}`,
      );
      const head = compact
        ? `${open('tool_call')}${call.toolName}`
        : `${open('tool_call')}${call.toolName}${open('tool_sep')}\n`;
      return `${head}${pairs.join('')}${close('tool_call')}${line}`;
    });
    return [
      `Let me take care of that.${open('tool_calls')}\n${blocks.join('')}${compact ? '\n' : ''}${close('tool_calls')}`,
    ];
  },
};
