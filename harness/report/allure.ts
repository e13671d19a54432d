import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Reporter } from 'vitest/node';
import { UsageError } from '../target/endpoint.ts';

/** Where a run writes its Allure results, inside its report directory. */
export const ALLURE_RESULTS_DIR = 'allure-results';

export function allureResultsDir(reportDir: string): string {
  return path.resolve(reportDir, ALLURE_RESULTS_DIR);
}

/**
 * The allure-vitest reporter writing into `<reportDir>/allure-results`, emptied first: like
 * report.json, the results describe this run only (Allure would show leftovers as retries).
 * The reporter adds its setup file to the run itself; the checks label themselves (see
 * allure-labels.ts) when the run config says `allure`.
 */
export async function allureReporter(reportDir: string, environment: Record<string, string>): Promise<Reporter> {
  const resultsDir = allureResultsDir(reportDir);
  rmSync(resultsDir, { recursive: true, force: true });
  const { default: AllureVitestReporter } = await import('allure-vitest/reporter').catch((err: Error) => {
    throw new UsageError(`--format allure needs the optional packages allure-vitest and allure-js-commons (npm install allure-vitest): ${err.message}`);
  });
  return new AllureVitestReporter({ resultsDir, environmentInfo: environment });
}

/** Copies the shards' Allure results (uniquely named files) into one results directory. */
export function mergeAllureResults(shardDirs: string[], reportDir: string): boolean {
  const sources = shardDirs.map(allureResultsDir).filter((dir) => existsSync(dir));
  if (!sources.length) return false;
  const target = allureResultsDir(reportDir);
  rmSync(target, { recursive: true, force: true });
  for (const source of sources) cpSync(source, target, { recursive: true });
  return true;
}
