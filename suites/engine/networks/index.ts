import type { EngineCheck } from '../support/check.ts';
import absentIn118 from './absent-in-1.18.ts';
import connect from './connect.ts';
import create from './create.ts';
import del from './delete.ts';
import filterProperty from './filter-property.ts';
import inspect from './inspect.ts';
import list from './list.ts';
import shownAlike from './shown-alike.ts';
import everyState from './every-state.ts';
import zeroStates from './zero-states.ts';

export const networkChecks: EngineCheck[] = [
  ...list,
  ...filterProperty,
  ...inspect,
  ...shownAlike,
  ...create,
  ...connect,
  ...del,
  ...absentIn118,
  ...everyState,
  ...zeroStates,
];
