import type { CloudCheck } from '../support/check.ts';
import bindingsMounted from './bindings-mounted.ts';
import create from './create.ts';
import createFields from './create-fields.ts';
import environment from './environment.ts';
import filters from './filters.ts';
import links from './links.ts';
import listFields from './list-fields.ts';
import listsAsGot from './lists-as-got.ts';
import operations from './operations.ts';
import memoryLimit from './memory-limit.ts';
import cpuShares from './cpu-shares.ts';
import readOnlyRoot from './read-only-root.ts';
import nameUsage from './name-usage.ts';
import netPidModes from './net-pid-modes.ts';
import privileged from './privileged.ts';
import publicDns from './public-dns.ts';
import read from './read.ts';
import rolesTwice from './roles-twice.ts';
import sequences from './sequences.ts';
import states from './states.ts';
import update from './update.ts';
import updateAnswer from './update-answer.ts';
import zeroValues from './zero-values.ts';
import defaultsElsewhere from './defaults-elsewhere.ts';
import sequentialDefault from './sequential-default.ts';

export const serviceChecks: CloudCheck[] = [
  ...createFields,
  ...create,
  ...read,
  ...listFields,
  ...listsAsGot,
  ...rolesTwice,
  ...links,
  ...update,
  ...updateAnswer,
  ...operations,
  ...environment,
  ...bindingsMounted,
  ...privileged,
  ...memoryLimit,
  ...cpuShares,
  ...readOnlyRoot,
  ...netPidModes,
  ...publicDns,
  ...nameUsage,
  ...filters,
  ...states,
  ...sequences,
  ...zeroValues,
  ...defaultsElsewhere,
  ...sequentialDefault,
];
