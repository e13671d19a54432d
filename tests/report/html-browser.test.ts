import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { htmlReport } from '../../harness/report/formats/html.ts';
import { verdictOf } from '../../harness/report/verdict.ts';
import { report, result, results } from './support/synthetic-report.ts';
import { summarize, type Report } from '../../harness/report/report.ts';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = fileURLToPath(new URL('../../reports/screenshots/', import.meta.url));
// The flags the machine's closed network needs (see the environment notes): no background calls home.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

describe.skipIf(!existsSync(CHROMIUM))(`report.html in headless Chromium${existsSync(CHROMIUM) ? '' : ' (skipped: apt-get install -y chromium)'}`, () => {
  let browser: Browser;
  let url: string;
  const page = (r: Report): string => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'html-report-')), 'report.html');
    writeFileSync(file, htmlReport(r));
    return pathToFileURL(file).href;
  };
  beforeAll(async () => {
    url = page({ ...report, results: results.map((r) => ({ ...r, message: `${r.message} </script><!-- hostile` })) });
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

  test('sections in natural order (1., 2., 10., 11.), one column group per suite, side by side', async () => {
    const section = (n: number, what: string) => `Endpoints > Containers > ${n}. ${what}`;
    const rows = [
      result('engine/containers/stop/204', 'passed', { suite: 'engine-1.18' }),
      result('engine/containers/start/204', 'failed', { suite: 'engine-1.22' }),
      result('engine/containers/create/201', 'passed', { suite: 'engine-1.22' }),
      result('engine/containers/list/200', 'warning', { suite: 'engine-1.18' }),
      result('cloud/auth/401', 'passed', { suite: 'cloud' }),
    ];
    const sectionOf: Record<string, string> = {
      'engine/containers/stop/204': section(11, 'POST /containers/(id or name)/stop'),
      'engine/containers/start/204': section(10, 'POST /containers/(id or name)/start'),
      'engine/containers/create/201': section(2, 'POST /containers/create'),
      'engine/containers/list/200': section(1, 'GET /containers/json'),
      'cloud/auth/401': 'Authentication',
    };
    const ordered: Report = {
      ...report,
      suites: ['engine-1.18', 'engine-1.22', 'cloud'],
      summary: summarize(rows),
      results: rows,
      requirements: rows.map((r) => ({ ...report.requirements[0]!, id: r.id, suite: r.suite, section: sectionOf[r.id]!, outcome: r.outcome, checks: [r.id] })),
    };
    const tab = await browser.newPage();
    await tab.goto(page(ordered));
    const natural = [
      'Authentication',
      section(1, 'GET /containers/json'),
      section(2, 'POST /containers/create'),
      section(10, 'POST /containers/(id or name)/start'),
      section(11, 'POST /containers/(id or name)/stop'),
    ];
    expect(await tab.locator('#matrix tbody tr td:first-child').allTextContents()).toEqual(natural);
    expect(await tab.locator('#f-section option').allTextContents()).toEqual(['any section', ...natural]);
    expect(await tab.locator('#matrix thead tr').first().locator('th').allTextContents()).toEqual(['spec section', 'engine-1.18', 'engine-1.22', 'cloud']);
    // Each group holds its suite's outcomes: engine-1.18 passed + warning, engine-1.22 failed + passed, cloud passed.
    expect(await tab.locator('#matrix thead tr').nth(1).locator('th').allTextContents()).toEqual(['warning', 'passed', 'failed', 'passed', 'passed']);
    // The row of "11. stop" has its one check under engine-1.18 passed (2nd column), nowhere else.
    const stopRow = tab.locator('#matrix tbody tr').nth(4).locator('td');
    expect(await stopRow.allTextContents()).toEqual([natural[4], '', '1', '', '', '']);
    await stopRow.nth(2).locator('button').click();
    const visible = tab.locator('#results details.result:not(.hidden)');
    expect(await visible.count()).toBe(1);
    expect(await visible.first().getAttribute('data-suite')).toBe('engine-1.18');
    expect(await tab.locator('#f-suite').inputValue()).toBe('engine-1.18');
    await tab.close();
  });
  test('states the verdict every format states: expected departures are marked and do not make it "not conformant"', async () => {
    const failedKey = `${results[1]!.suite} ${results[1]!.id}`;
    const gated: Report = {
      ...report,
      results: [results[0]!, results[1]!],
      summary: { ...report.summary, failed: 1, errors: 0 },
      expectations: { file: 'known.json', expected: [failedKey], unexpected: [], unexpectedErrors: 0, strict: false, stale: [] },
    };
    const tab = await browser.newPage();
    await tab.goto(page(gated));
    expect(await tab.locator('#verdict').textContent()).toBe('conformant except 1 expected departure');
    expect(await tab.locator('#why').textContent()).toContain('exit code 0');
    expect(await tab.locator('#results details.result[data-outcome="failed"] summary').textContent()).toContain('expected departure');
    await tab.close();
  });
});
