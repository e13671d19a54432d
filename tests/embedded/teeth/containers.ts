import type { Teeth } from './types.ts';

export const containerTeeth: Teeth[] = [
  { fault: 'start-running-returns-204', version: '1.22', catches: ['engine/containers/start/304-already-started'] },
  { fault: 'missing-container-500', version: '1.18', catches: ['engine/containers/start/404-no-such-container'] },
];
