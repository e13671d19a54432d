import type { Teeth } from './types.ts';
import { containerTeeth } from './containers.ts';
import { systemTeeth } from './system.ts';

export const ENGINE_TEETH: Teeth[] = [...containerTeeth, ...systemTeeth];
