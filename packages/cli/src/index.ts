/**
 * `@toolbridge/cli`: the `toolbridge` command, and what it reads model output with, for
 * programs: `analyzeOutput` says where a reply's text, reasoning, calls and reports lie.
 */
export type {
  Analysis,
  AnalyzedCall,
  AnalyzedReport,
  AnalyzeInput,
  CallSegment,
  ReasoningSegment,
  ReportSegment,
  Segment,
  TextSegment,
  ToolDefinition,
} from './analyze.ts';
export { analyzeOutput, formatNames, KNOWN_REASONING_TAGS, protocolFor } from './analyze.ts';
export type {
  AutoCall,
  InspectedReply,
  InspectInput,
  InspectResult,
  InspectSummary,
  RecordingInfo,
} from './inspect.ts';
export { inspect, readInspectInput } from './inspect.ts';
export { parseToolsFile } from './tools-file.ts';
