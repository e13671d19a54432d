import type { EngineCheck } from '../support/check.ts';
import head from './head.ts';
import get from './get.ts';
import put from './put.ts';
import absentIn118 from './absent-in-1.18.ts';
import seenInside from './seen-inside.ts';

export const archiveChecks: EngineCheck[] = [...head, ...get, ...put, ...seenInside, ...absentIn118];
