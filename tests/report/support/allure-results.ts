import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The part of an Allure result file the tests look at. */
export interface AllureResult {
  name: string;
  status: string;
  labels: Array<{ name: string; value: string }>;
  parameters: Array<{ name: string; value: string }>;
  statusDetails?: { message?: string; trace?: string };
}

export function readAllureResults(resultsDir: string): AllureResult[] {
  return readdirSync(resultsDir)
    .filter((f) => f.endsWith('-result.json'))
    .map((f) => JSON.parse(readFileSync(path.join(resultsDir, f), 'utf8')) as AllureResult);
}

export function labelValues(result: AllureResult, name: string): string[] {
  return result.labels.filter((l) => l.name === name).map((l) => l.value);
}

/** The check id of an Allure result: the vitest test name starts with it. */
export function checkIdOf(result: AllureResult): string {
  return result.name.slice(0, result.name.indexOf(':'));
}
