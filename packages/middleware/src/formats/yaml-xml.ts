import { createYamlCallDecoder } from '../decoders/yaml-call-decoder';
import { morphXmlProtocol } from '../protocols/morph-xml-protocol';
import { toolTagGrammar } from '../protocols/tool-tag-grammar';
import { writeYaml } from '../protocols/write-yaml';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { defineFormat } from './define-format';

/**
 * One element per call, named after the tool, its arguments YAML lines inside:
 * `<get_weather>\ncity: Seoul\ndays: 3\n</get_weather>`. Text over several lines comes as a `|`
 * block, without escapes. The tool list and results are written as `xmlToolMiddleware` writes
 * them; a tool tag is a call only when a key of the tool, or its closing tag, follows it.
 */
export function yamlXmlProtocol(): ToolCallProtocol {
  const xml = morphXmlProtocol();
  return defineTextProtocol({
    format: 'yaml-xml',
    grammar: (tools) =>
      toolTagGrammar(tools, (tool, sink, reasoningTag) =>
        createYamlCallDecoder(tool, tools.get(tool)?.inputSchema, sink, {
          argumentRequired: reasoningTag,
        }),
      ),
    formatTools: (tools) => xml.formatTools(tools),
    formatToolCall: ({ toolName, input }) => {
      const empty = typeof input !== 'object' || input === null || Object.keys(input).length === 0;
      return empty
        ? `<${toolName}></${toolName}>`
        : `<${toolName}>\n${writeYaml(input)}\n</${toolName}>`;
    },
    formatToolResponse: (result) => xml.formatToolResponse(result),
  });
}

/** The system prompt of `yamlXmlToolMiddleware`: one XML element per call, YAML inside. */
export function yamlXmlSystemPromptTemplate(tools: string): string {
  return `You can use the tools below. Each line describes one tool as JSON: its name, what it does, and a JSON schema of its parameters.
<tools>
${tools}
</tools>

To call a tool, write an XML element named after the tool, with the arguments inside as YAML, one "key: value" line each:
<tool_name>
parameter_name: value
</tool_name>
Write text over several lines (code included) as a block: "key: |", then its lines indented by two spaces. For example:
<write_file>
path: notes.txt
content: |
  First line
  Second line
</write_file>
Write lists as "- item" lines and objects as nested keys, indented by two spaces; quote text that would read as a number, true, false or null. Use only the tools listed, with every required argument. Results come back in <tool_response> elements. When you have what you need, answer in plain text.`;
}

/** YAML in XML: one element per call, named after the tool, its arguments as YAML lines. */
export const yamlXmlFormat = /* @__PURE__ */ defineFormat({
  name: 'yaml-xml',
  protocol: () => yamlXmlProtocol(),
  systemPrompt: yamlXmlSystemPromptTemplate,
});
