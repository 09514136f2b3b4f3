import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtInFormats } from '@toolbridge/middleware/formats';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HERMES_CALL, QWEN3_CODER_CALL, sampleRecording } from '../../scripts/inspector-samples.ts';
import { type InspectorServer, serveInspector } from './index.ts';
import { buildInspectorPage } from './page-bundle.ts';

/** Debian's Chromium (`apt-get install -y chromium`; .ci/run installs it when it can). */
const CHROMIUM = process.env['CHROMIUM'] ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  console.warn(
    `Skipping the inspector page tests: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM).`,
  );
}

const SCRIPT_REPLY =
  'Look: <script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">\n' +
  '<tool_call>{"name": "get_weather", "arguments": {"city": "<script>window.pwned = 3</script>"}}</tool_call>';

describe.skipIf(!hasChromium)(
  `the inspector page in Chromium${hasChromium ? '' : ` (skipped: no Chromium at ${CHROMIUM})`}`,
  () => {
    let dir: string;
    let server: InspectorServer;
    let browser: Browser;
    /** Errors the pages logged: script errors and CSP violations would show here. */
    const problems: string[] = [];

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'toolbridge-page-'));
      await buildInspectorPage(join(dir, 'assets'));
      await writeFile(join(dir, 'weather.jsonl'), sampleRecording());
      await writeFile(join(dir, 'script.txt'), SCRIPT_REPLY);
      server = await serveInspector({
        files: [join(dir, 'weather.jsonl'), join(dir, 'script.txt')],
        assetDir: join(dir, 'assets'),
      });
      const { chromium } = await import('playwright-core');
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        // A foreign name that resolves to this machine: what a DNS-rebinding attack looks like.
        args: ['--host-resolver-rules=MAP rebind.example 127.0.0.1'],
      });
    });

    afterAll(async () => {
      await browser?.close();
      await server?.close();
      await rm(dir, { recursive: true, force: true });
    });

    async function open(): Promise<Page> {
      const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(server.url);
      await page.waitForSelector('body[data-ready]', { state: 'attached' });
      return page;
    }

    async function paste(page: Page, text: string): Promise<void> {
      await page.selectOption('#source', 'paste');
      await page.fill('#input', text);
      await page.click('#analyze');
      await page.waitForSelector('#raw:not([hidden])');
    }

    it('loads with every format in the selector, and no errors', async () => {
      const page = await open();
      expect(await page.title()).toBe('toolbridge inspector');
      const formats = await page.$$eval('#format option', (options) =>
        options.map((option) => (option as HTMLOptionElement).value),
      );
      expect(formats).toEqual(['auto', ...Object.keys(builtInFormats())]);
      expect(
        await page.$$eval('.legend li', (items) => items.map((item) => item.textContent)),
      ).toEqual(['text', 'reasoning', 'call', 'repaired', 'reported']);
      // The first file is shown at once.
      await page.waitForSelector('#raw .seg.call');
      expect(problems).toEqual([]);
      await page.close();
    });

    it('shows the call of a pasted Hermes output', async () => {
      const page = await open();
      await paste(page, `Checking. ${HERMES_CALL}`);
      expect(await page.textContent('#raw .seg.text')).toBe('Checking. ');
      expect(await page.$$eval('#raw .seg.call', (spans) => spans.length)).toBe(1);
      expect(await page.textContent('#raw .seg.call')).toContain('"city": "Oslo"');
      const card = page.locator('.call-card');
      await expect.poll(() => card.count()).toBe(1);
      expect(await card.locator('.call-name').textContent()).toBe('get_weather');
      expect(await card.locator('.chip.format').textContent()).toBe('hermes');
      expect(await card.locator('.chip.ok').textContent()).toBe('runs');
      expect(JSON.parse((await card.locator('.call-input').textContent()) ?? '')).toEqual({
        city: 'Oslo',
      });
      expect(await page.textContent('#summary')).toContain('1 call');
      const types = await page.$$eval('.parts .part-type', (cells) =>
        cells.map((cell) => cell.textContent),
      );
      expect(types).toEqual([
        'text-start',
        'text-delta',
        'text-end',
        'tool-input-start',
        'tool-input-delta',
        'tool-input-end',
        'tool-call',
      ]);
      expect(problems).toEqual([]);
      await page.close();
    });

    it('shows the call of a pasted Qwen3-Coder output, in auto and in its own format', async () => {
      const page = await open();
      await paste(page, QWEN3_CODER_CALL);
      const card = page.locator('.call-card');
      await expect.poll(() => card.count()).toBe(1);
      expect(await card.locator('.chip.format').textContent()).toBe('qwen3-coder');
      expect(JSON.parse((await card.locator('.call-input').textContent()) ?? '')).toEqual({
        city: 'Oslo',
      });
      expect(await page.textContent('#raw .seg.call')).toContain('<function=get_weather>');

      await page.selectOption('#format', 'qwen3-coder');
      await expect.poll(() => page.textContent('#summary')).toMatch(/^qwen3-coder · 1 call/);
      // Hermes reads no calls in it.
      await page.selectOption('#format', 'hermes');
      await expect.poll(() => page.locator('.call-card').count()).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    });

    it('replays a recording, the tool input filling in as it streamed', async () => {
      const page = await open();
      await page.waitForSelector('#replay:not([hidden])');
      const total = Number(await page.getAttribute('#scrub', 'max'));
      expect(total).toBeGreaterThan(20);

      // Back to the start: nothing has arrived.
      await page.fill('#scrub', '0');
      expect(await page.locator('.call-card').count()).toBe(0);
      expect((await page.textContent('#raw'))?.trim()).toBe('');

      // Note every state of the call card while it streams.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        const calls = document.querySelector('#calls');
        if (calls === null) throw new Error('The page has no #calls');
        new MutationObserver(() => {
          const input = document.querySelector('.call-card.pending .call-input');
          const text = input?.textContent ?? '';
          if (text !== '' && seen.at(-1) !== text) seen.push(text);
        }).observe(calls, { childList: true, subtree: true });
      });
      await page.click('.speed[data-speed="4"]');
      await page.click('#play');
      await page.waitForFunction(
        () =>
          document.querySelector('#play')?.getAttribute('aria-label') === 'Play' &&
          (document.querySelector('#scrub') as HTMLInputElement).value ===
            (document.querySelector('#scrub') as HTMLInputElement).max,
        undefined,
        { timeout: 20_000 },
      );
      const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      const final = '{"city":"Oslo, Norway"}';
      expect(await page.textContent('.call-card .call-input')).toBe(
        JSON.stringify({ city: 'Oslo, Norway' }, null, 2),
      );
      expect(await page.locator('.call-card.pending').count()).toBe(0);
      // The input grew piece by piece, each state a prefix of the input the call got.
      expect(seen.length).toBeGreaterThanOrEqual(3);
      for (const state of seen) expect(final.startsWith(state)).toBe(true);
      expect(seen.some((state) => state.length < final.length - 3)).toBe(true);

      // At max speed it gets to the end too.
      await page.click('.speed[data-speed="max"]');
      await page.click('#play');
      await page.waitForFunction(
        () => document.querySelector('#play')?.getAttribute('aria-label') === 'Play',
        undefined,
        { timeout: 10_000 },
      );
      expect(await page.inputValue('#scrub')).toBe(String(total));

      // The second call of the recording: the answer, no calls.
      await page.selectOption('#reply', '1');
      await expect.poll(() => page.textContent('#raw')).toContain('It is 21 °C and sunny');
      expect(await page.locator('.call-card').count()).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    });

    it('keeps a <script> in the output as text, pasted or from a file', async () => {
      const page = await open();
      await paste(page, SCRIPT_REPLY);
      expect(await page.textContent('#raw')).toContain('<script>window.pwned = 1</script>');
      expect(await page.textContent('.call-card .call-input')).toContain(
        '<script>window.pwned = 3</script>',
      );
      await page.selectOption('#source', 'file:1');
      await expect.poll(() => page.textContent('#raw')).toContain('<img src=x onerror=');
      await page.waitForTimeout(200);
      expect(
        await page.evaluate(() => (window as unknown as { pwned?: number }).pwned),
      ).toBeUndefined();
      expect(await page.locator('body script, body img').count()).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    });

    it('opens a file picked in the page, read there', async () => {
      const page = await open();
      await page.setInputFiles('#file-input', {
        name: 'picked.jsonl',
        mimeType: 'application/json',
        buffer: Buffer.from(sampleRecording()),
      });
      await expect.poll(() => page.inputValue('#source')).toMatch(/^local:/);
      expect(await page.textContent('#source option:checked')).toBe('picked.jsonl (opened here)');
      await page.waitForSelector('#replay:not([hidden])');
      expect(await page.textContent('.call-card .call-name')).toBe('get_weather');
      // The tools of the recording fill the editor.
      expect(await page.inputValue('#tools')).toContain('"get_forecast"');
      expect(problems).toEqual([]);
      await page.close();
    });

    it('refuses a page reached under another name (DNS rebinding)', async () => {
      const page = await browser.newPage();
      const url = new URL(server.url);
      url.hostname = 'rebind.example';
      const response = await page.goto(url.href);
      expect(response?.status()).toBe(403);
      expect(await page.textContent('body')).toContain('Refused: unexpected Host header.');
      await page.close();
    });
  },
);
