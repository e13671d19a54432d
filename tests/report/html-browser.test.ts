import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verdictOf } from '../../harness/report/verdict.ts';
import { summarize, type Report } from '../../harness/report/report.ts';
import { HAVE_CHROMIUM, launchChromium, reportPage as page, screenshotPath } from './support/chromium.ts';
import { report, result, results } from './support/synthetic-report.ts';

describe.skipIf(!HAVE_CHROMIUM)(`report.html in headless Chromium${HAVE_CHROMIUM ? '' : ' (skipped: apt-get install -y chromium)'}`, () => {
  let browser: Browser;
  let url: string;
  beforeAll(async () => {
    url = page({ ...report, results: results.map((r) => ({ ...r, message: `${r.message} </script><!-- hostile` })) });
    browser = await launchChromium();
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
    expect(await page.locator('#why').textContent()).not.toMatch(/null|undefined/);
    expect(await page.locator('#results details.result').count()).toBe(results.length);
    // Sections with the worst outcomes first, and in each the worst checks first.
    const groups = page.locator('#results details.group');
    expect(await groups.first().locator('details.result').first().getAttribute('data-outcome')).toBe('error');
    expect(await groups.nth(1).locator('details.result').first().getAttribute('data-outcome')).toBe('failed');
    expect(await page.locator('#requirements tbody tr').count()).toBe(report.requirements.length);
    // The headline links each failure to its check, which opens with its section.
    await page.locator('#why a', { hasText: 'engine/containers/start/304-already-started' }).click();
    const failed = page.locator('#results details.result[data-outcome="failed"]');
    expect(await failed.isVisible()).toBe(true);
    expect(await failed.textContent()).toContain('POST /v1.22/containers/x/start');
    await page.screenshot({ path: screenshotPath('report-html.png'), fullPage: true });
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
    await page.locator('#sections > summary').click();
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
    await tab.locator('#sections > summary').click();
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
