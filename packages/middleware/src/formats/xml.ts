import { morphXmlProtocol } from '../protocols/morph-xml-protocol';
import { defineFormat } from './define-format';

/** The system prompt of `xmlToolMiddleware`: one XML element per call. */
export function xmlSystemPromptTemplate(tools: string): string {
  return `You can use the tools below. Each line describes one tool as JSON: its name, what it does, and a JSON schema of its parameters.
<tools>
${tools}
</tools>

To call a tool, write an XML element named after the tool, with one child element per argument:
<tool_name>
<parameter_name>value</parameter_name>
</tool_name>
Write text values as they are (code included); write lists as repeated <item> elements and objects as nested elements. Use only the tools listed, with every required argument. Results come back in <tool_response> elements. When you have what you need, answer in plain text.`;
}

/** Morph-XML: one element per call, named after the tool. */
export const xmlFormat = /* @__PURE__ */ defineFormat({
  name: 'xml',
  protocol: () => morphXmlProtocol(),
  systemPrompt: xmlSystemPromptTemplate,
});
