import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Report } from '../../harness/report/report.ts';
import { catalogReport } from './support/catalog-report.ts';
import { HAVE_CHROMIUM, launchChromium, reportPage, screenshotPath } from './support/chromium.ts';

const WIDTH = 1280;
// Run in the page (as strings: the project's TypeScript has no DOM types).
const OPEN_ALL = `for (const d of document.querySelectorAll('details')) d.open = true`;
const OVERFLOW = `(() => {
  const client = document.documentElement.clientWidth;
  const widest = [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > client + 1)
    .slice(0, 5)
    .map((e) => e.tagName + '#' + e.id + '.' + e.className + ': ' + (e.textContent || '').slice(0, 60));
  return { scroll: document.documentElement.scrollWidth, client, widest };
})()`;

describe.skipIf(!HAVE_CHROMIUM)('report.html of a run of every suite, at 1,280 px', () => {
  let browser: Browser;
  let report: Report;
  let url: string;
  const open = async (): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: 900 } });
    await page.goto(url);
    return page;
  };
  beforeAll(async () => {
    report = catalogReport();
    url = reportPage(report);
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  test('the headline lists every failure with its reason, the ones past 30 behind "and N more"', async () => {
    const page = await open();
    const failures = report.results.filter((r) => r.outcome === 'failed');
    expect(failures.length).toBeGreaterThan(30);
    expect(await page.locator('#why li a[href^="#r-"]:visible').count()).toBe(30);
    await page.locator('#why a', { hasText: `and ${failures.length - 30} more` }).click();
    const items = await page.locator('#why li:has(a[href^="#r-"]):visible').allTextContents();
    expect(items).toHaveLength(failures.length);
    for (const f of failures) expect(items).toContain(`failed: ${f.id} (${f.suite}): ${f.message.split('\n')[0]}`);
    await page.screenshot({ path: screenshotPath('report-layout-headline.png') });
    await page.close();
  });

  test('sections and rows are collapsed until asked for', async () => {
    const page = await open();
    expect(await page.locator('details[open]').count()).toBe(0);
    const height = (await page.evaluate('document.documentElement.scrollHeight')) as number;
    console.info(`report.html of ${report.results.length} checks, collapsed: ${height} px tall at ${WIDTH} px`);
    expect(height).toBeLessThan(15_000);
    await page.screenshot({ path: screenshotPath('report-layout-collapsed.png'), fullPage: true });
    await page.close();
  });

  test('no horizontal scroll at 1,280 px, with every section, row and table open', async () => {
    const page = await open();
    await page.evaluate(OPEN_ALL);
    const overflow = (await page.evaluate(OVERFLOW)) as { scroll: number; client: number; widest: string[] };
    expect(overflow.widest).toEqual([]);
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
    await page.locator('#requirements').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('report-layout-requirements.png') });
    await page.close();
  });

  test('the "proven by fault" column names each fault once, the first three shown', async () => {
    const folded: Report = {
      ...report,
      requirements: report.requirements.map((r, i) =>
        i === 0 ? { ...r, proven: true, proofs: ['f1', 'f1', 'f2', 'f1', 'f3', 'f4', 'f5'].map((fault, n) => ({ fault, check: `c${n}` })) } : r,
      ),
    };
    const page = await browser.newPage();
    await page.goto(reportPage(folded));
    const cell = page.locator('#requirements tbody tr').first().locator('td').nth(6);
    expect(await cell.locator(':scope > div > code').allTextContents()).toEqual(['f1', 'f2', 'f3']);
    expect(await cell.locator('details summary').textContent()).toBe('and 2 more');
    expect(await cell.locator('details code').allTextContents()).toEqual(['f4', 'f5']);
    await page.close();
  });
});
