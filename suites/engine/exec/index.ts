import type { EngineCheck } from '../support/check.ts';
import create from './create.ts';
import inspect from './inspect.ts';
import inspectContainer from './inspect-container.ts';
import properties from './properties.ts';
import resize from './resize.ts';
import start from './start.ts';
import everyState from './every-state.ts';
import inspectContainerZero from './inspect-container-zero.ts';

export const execChecks: EngineCheck[] = [
  ...create,
  ...start,
  ...resize,
  ...inspect,
  ...inspectContainer,
  ...inspectContainerZero,
  ...properties,
  ...everyState,
];
