import { engineSection } from '../engine/support/entry.ts';

await engineSection('1.18', import.meta.url);
