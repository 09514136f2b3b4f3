/**
 * A tool as an OpenAI Chat Completions request offers it: what the tests and benchmarks that send
 * requests to the scripted server (directly or through `toolbridge serve`) ask it to call.
 */
export const WEATHER_TOOL = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'The current weather in a city.',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    },
  },
} as const;
