import { engineSection } from '../engine/support/suite.ts';

await engineSection('1.18', import.meta.url);
