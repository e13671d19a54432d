import type { EngineCheck } from '../support/check.ts';
import attach from './attach.ts';
import attachWs from './attach-ws.ts';
import frames from './frames.ts';
import stdin from './stdin.ts';
import timing from './timing.ts';

export const streamChecks: EngineCheck[] = [...attach, ...attachWs, ...frames, ...stdin, ...timing];
