import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { htmlReport } from '../../../harness/report/formats/html.ts';
import type { Report } from '../../../harness/report/report.ts';

/** Debian's chromium package, as CI installs it (apt-get install -y chromium). */
export const CHROMIUM = '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
/** Where the browser tests keep their screenshots (reports/ is not committed). */
export const SCREENSHOTS = fileURLToPath(new URL('../../../reports/screenshots/', import.meta.url));

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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** report.html of `report`, written to a file of its own: its file:// URL. */
export function reportPage(report: Report): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'html-report-')), 'report.html');
  writeFileSync(file, htmlReport(report));
  return pathToFileURL(file).href;
}

/** The path of a screenshot named `name` (its directory made). */
export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return path.join(SCREENSHOTS, name);
}
