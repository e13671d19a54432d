import { cloudSection } from './support/entry.ts';

await cloudSection(import.meta.url);
