import { tool } from 'ai';
import { z } from 'zod';

/** A stand-in weather service, so the examples need no network. */
export const weatherTool = tool({
  description: 'Current weather in a city.',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, celsius: 8 + (city.length % 12), sky: 'cloudy' }),
});
