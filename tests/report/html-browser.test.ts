import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { htmlReport } from '../../harness/report/formats/html.ts';
import { verdictOf } from '../../harness/report/verdict.ts';
import { report, results } from './support/synthetic-report.ts';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = fileURLToPath(new URL('../../reports/screenshots/', import.meta.url));
// The flags the machine's closed network needs (see the environment notes): no background calls home.
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe.skipIf(!existsSync(CHROMIUM))(`report.html in headless Chromium${existsSync(CHROMIUM) ? '' : ' (skipped: apt-get install -y chromium)'}`, () => {
  let browser: Browser;
  let url: string;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'html-report-'));
    const file = path.join(dir, 'report.html');
    writeFileSync(file, htmlReport({ ...report, results: results.map((r) => ({ ...r, message: `${r.message} </script><!-- hostile` })) }));
    url = pathToFileURL(file).href;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  test('renders from file:// with no console errors and no network requests, failures first', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => !r.url().startsWith('file:') && problems.push(`network: ${r.url()}`));
    await page.goto(url);
    expect(problems).toEqual([]);
    expect(await page.locator('#verdict').textContent()).toBe(verdictOf(report).headline);
    expect(await page.locator('#why').textContent()).toContain('exit code 3');
    expect(await page.locator('#results details.result').count()).toBe(results.length);
    expect(await page.locator('#results details.result').first().getAttribute('data-outcome')).toBe('error');
    expect(await page.locator('#results details.result').nth(1).getAttribute('data-outcome')).toBe('failed');
    expect(await page.locator('#requirements tbody tr').count()).toBe(report.requirements.length);
    await page.locator('#results details.result').nth(1).click();
    expect(await page.locator('#results details.result').nth(1).textContent()).toContain('POST /v1.22/containers/x/start');
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'report-html.png'), fullPage: true });
    await page.close();
  });

  test('filters by outcome, by text, and from the section matrix', async () => {
    const page = await browser.newPage();
    await page.goto(url);
    const visible = () => page.locator('#results details.result:not(.hidden)');
    await page.selectOption('#f-outcome', 'failed');
    expect(await visible().count()).toBe(1);
    await page.selectOption('#f-outcome', '');
    await page.fill('#f-text', 'boolean-lenient');
    expect(await visible().count()).toBe(1);
    expect(await visible().first().getAttribute('data-outcome')).toBe('warning');
    await page.fill('#f-text', '');
    await page.locator('#matrix button').first().click();
    const shown = await visible().count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(results.length);
    expect(await page.locator('#shown').textContent()).toBe(`${shown} of ${results.length} checks shown`);
    await page.close();
  });
});
