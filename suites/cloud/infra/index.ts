import type { CloudCheck } from '../support/check.ts';
import available from './available.ts';
import catalog from './catalog.ts';
import filters from './filters.ts';
import rules from './rules.ts';

export const infraChecks: CloudCheck[] = [...catalog, ...filters, ...rules, ...available];
