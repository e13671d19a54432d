import { engineWholeSuite } from '../engine/support/entry.ts';

await engineWholeSuite('1.18');
