import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const run = (name: string) => {
  const env = { ...process.env };
  delete env['TOOLBRIDGE_BASE_URL'];
  return spawnSync(process.execPath, [new URL(`./${name}.ts`, import.meta.url).pathname], {
    encoding: 'utf8',
    env,
  });
};

describe('the example scripts run against the scripted model', () => {
  it.each([
    [
      'generate-with-tools',
      /step: tool-calls \[ 'get_weather\({"city":"Oslo"}\)' \][\s\S]*It is 12 °C and cloudy in Oslo\./,
    ],
    [
      'stream-with-tools',
      /\[get_weather\] \{"city":"Oslo"\}[\s\S]*\[get_weather\] \{"city":"Rome"\}[\s\S]*→ \{"city":"Rome","celsius":12,"sky":"cloudy"\}/,
    ],
    ['tool-choice', /required → \[ 'get_time' \]\nfixed → \[ 'get_weather\({"city":"Tokyo"}\)' \]/],
    [
      'each-middleware',
      /hermes: called get_weather[\s\S]*gemma: called get_weather[\s\S]*xml: called get_weather[\s\S]*llama3-json: called get_weather[\s\S]*qwen3-coder: called get_weather[\s\S]*tool-call-tag: called get_weather/,
    ],
    ['custom-protocol', /\{ city: 'Cairo' \} \] Cairo: 13 °C\./],
    [
      'thinking-switch',
      /reasoning: The user wants Oslo's weather\.\ncalls: \[ 'get_weather\({"city":"Oslo"}\)' \]\nIt is 12 °C and cloudy in Oslo\./,
    ],
    [
      'template-prompt',
      /prompt: 'template'\n\[system\]\nYou are brief\.\n\n# Tools\n[\s\S]*\{"name": "get_weather", "arguments": \{"city": "Oslo"\}\}[\s\S]*prompt: 'compact'\n\[system\]\nYou are brief\.\n\nYou can use tools\./,
    ],
  ])('%s', (name, expected) => {
    const { status, stdout, stderr } = run(name);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toMatch(expected);
  });
});
