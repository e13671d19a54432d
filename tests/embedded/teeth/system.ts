import type { Teeth } from './types.ts';

export const systemTeeth: Teeth[] = [
  { fault: 'ping-json', version: '1.22', catches: ['engine/system/ping/200-ok'] },
];
