import { engineSection } from '../engine/support/entry.ts';

await engineSection('1.22', import.meta.url);
