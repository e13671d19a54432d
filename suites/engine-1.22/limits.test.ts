import { engineSection } from '../engine/support/suite.ts';

await engineSection('1.22', import.meta.url);
