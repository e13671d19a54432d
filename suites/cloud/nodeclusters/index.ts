import type { CloudCheck } from '../support/check.ts';
import create from './create.ts';
import lifecycle from './lifecycle.ts';
import list from './list.ts';
import listsAsGot from './lists-as-got.ts';
import nodeList from './node-list.ts';
import nodesDisk from './nodes-disk.ts';
import privateNetwork from './private-network.ts';
import states from './states.ts';
import transitionalFilter from './transitional-filter.ts';
import zeroValues from './zero-values.ts';

export const nodeClusterChecks: CloudCheck[] = [
  ...create,
  ...lifecycle,
  ...list,
  ...listsAsGot,
  ...nodeList,
  ...nodesDisk,
  ...privateNetwork,
  ...states,
  ...transitionalFilter,
  ...zeroValues,
];
