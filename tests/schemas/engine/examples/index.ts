import type { EngineVersion, ExampleSet } from '../support.ts';
import { containerExamples } from './containers.ts';
import { imageExamples } from './images.ts';
import { execSystemExamples } from './exec-system.ts';
import { volumeNetworkExamples } from './volumes-networks.ts';

/** Every valid example of a version, by schema name (built fresh on each call: tests may mutate them). */
export function validExamples(v: EngineVersion): ExampleSet {
  return {
    timestamp: ['2015-01-06T15:47:31.485331387Z', '0001-01-01T00:00:00Z', '2015-03-10T11:11:23.730591467-07:00'],
    ...containerExamples(v),
    ...imageExamples(v),
    ...execSystemExamples(v),
    ...volumeNetworkExamples(v),
  };
}
