import { assert, describe, expect, it } from 'vitest';
import { BUNDLES, bundleSize } from './bundle-size';

describe('bundle size', () => {
  it('keeps createToolMiddleware and one format within 60 KiB minified: the others are dropped', async () => {
    const [one] = Object.values(BUNDLES);
    assert.isDefined(one);
    const { minified } = await bundleSize(one);
    expect(minified).toBeLessThanOrEqual(60 * 1024);
  });
});
