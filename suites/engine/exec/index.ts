import type { EngineCheck } from '../support/check.ts';
import create from './create.ts';
import inspect from './inspect.ts';
import properties from './properties.ts';
import resize from './resize.ts';
import start from './start.ts';
import everyState from './every-state.ts';
import containerObject from './container-object.ts';

export const execChecks: EngineCheck[] = [...create, ...start, ...resize, ...inspect, ...properties, ...everyState, ...containerObject];
