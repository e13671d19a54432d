/**
 * report.html shows a result's reproduction under its row: the command and the curl script, each
 * with a button that copies it (from file:// too).
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { htmlReport } from '../../harness/report/formats/html.ts';
import { report } from './support/synthetic-report.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'];

describe.skipIf(!existsSync(CHROMIUM))('the reproduction in report.html', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  test('a failed row shows its command and script; the buttons copy them', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'html-reproduce-')), 'report.html');
    writeFileSync(file, htmlReport(report));
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(pathToFileURL(file).href);
    const reproduce = report.results.find((r) => r.reproduce)!.reproduce!;
    const row = page.locator('#results details.result[data-outcome="failed"]');
    // The rows are grouped by spec section, each group closed until asked for.
    const failed = page.locator('details.result[data-outcome="failed"]');
    await page.locator('#results details.group', { has: failed }).first().locator('> summary').click();
    await row.locator('summary').click();
    expect(await row.locator('.reproduce pre').first().textContent()).toBe(reproduce.command);
    expect(await row.locator('.reproduce pre.script').textContent()).toBe(reproduce.script);
    await row.getByRole('button', { name: 'copy command' }).click();
    await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe(reproduce.command);
    await row.getByRole('button', { name: 'copy curl script' }).click();
    await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe(reproduce.script);
    // Passed rows have none.
    expect(await page.locator('#results details.result[data-outcome="passed"] .reproduce').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
