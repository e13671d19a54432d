import { cloudWholeSuite } from '../cloud/support/entry.ts';

await cloudWholeSuite();
