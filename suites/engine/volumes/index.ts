import type { EngineCheck } from '../support/check.ts';
import absentIn118 from './absent-in-1.18.ts';
import create from './create.ts';
import del from './delete.ts';
import inspect from './inspect.ts';
import list from './list.ts';
import everyState from './every-state.ts';

export const volumeChecks: EngineCheck[] = [...list, ...create, ...inspect, ...del, ...absentIn118, ...everyState];
