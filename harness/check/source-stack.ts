import { findSourceMap } from 'node:module';

/**
 * A stack with each position in a bundle (harness/run/suite-bundles.ts) put back as the source
 * file's: vitest's own stack-trace hook maps the modules it loads, not a bundle loaded natively.
 */
export function sourceStack(stack: string): string {
  return stack.replace(/(file:\/\/[^\s()]+\.mjs):(\d+):(\d+)/g, (whole, file: string, line: string, column: string) => {
    const entry = findSourceMap(file)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry) || !entry.originalSource) return whole;
    return `${entry.originalSource}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}
