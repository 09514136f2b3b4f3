import { describe, expect, it } from 'vitest';
import { stripCodeFence } from './strip-code-fence';

describe('stripCodeFence', () => {
  it('unwraps one fence with or without a language label', () => {
    expect(stripCodeFence('```json\n{"a":1}\n```')).toBe('{"a":1}\n');
    expect(stripCodeFence('  ```\n[1]\n```  ')).toBe('[1]\n');
  });

  it('leaves unfenced or one-line text alone', () => {
    expect(stripCodeFence('{"a": "```"}')).toBe('{"a": "```"}');
    expect(stripCodeFence('```')).toBe('```');
    expect(stripCodeFence('``` ```')).toBe('``` ```');
  });
});
