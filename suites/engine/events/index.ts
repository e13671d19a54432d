import type { EngineCheck } from '../support/check.ts';
import attributes from './attributes.ts';
import filters from './filters.ts';
import kinds from './kinds.ts';
import observations from './observations.ts';
import stream from './stream.ts';
import versions from './versions.ts';

export const eventChecks: EngineCheck[] = [...stream, ...filters, ...kinds, ...attributes, ...observations, ...versions];
