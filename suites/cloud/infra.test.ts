import { cloudSection } from './support/suite.ts';

await cloudSection(import.meta.url);
