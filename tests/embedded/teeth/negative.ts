import type { Teeth } from './types.ts';

const LISTED = 'engine/errors/400-bad-parameter/where-listed';
const UNLISTED = 'engine/errors/400-bad-parameter/client-error';
const ONLY_500 = 'engine/errors/500-server-error/bad-parameter-where-only-listed';
const AFTER_DELETE = 'engine/errors/404-after-delete';
const REFUSED = 'engine/errors/refused-leaves-nothing';

/** The negative sweep (suites/engine/negative/): each way of reading a bad input, an endpoint that lists 400 and one that does not. */
export const negativeTeeth: Teeth[] = [
  // An unlisted code where only 500 is listed: the sweep leaves it to the judge (tests/embedded/observed-teeth.test.ts).
  { fault: 'filters-not-json-400', version: '1.18', catches: ['engine/errors/listed-codes-only'] },
  {
    fault: 'filters-not-a-map-read-as-none',
    version: '1.18',
    catches: [`${LISTED}/containers/list/filters-not-a-map-of-lists`, `${ONLY_500}/images/list/filters-not-a-map-of-lists`],
  },
  {
    fault: 'integer-not-checked',
    version: '1.22',
    catches: [`${LISTED}/containers/list/integer-not-an-integer`, `${ONLY_500}/containers/stop/integer-not-an-integer`],
  },
  { fault: 'timestamp-not-checked', version: '1.22', catches: [`${ONLY_500}/system/events/timestamp-not-a-timestamp`] },
  { fault: 'body-not-json-500', version: '1.22', catches: [`${LISTED}/containers/update/body-not-json`, `${UNLISTED}/networks/create/body-not-json`] },
  {
    fault: 'body-content-type-unchecked',
    version: '1.18',
    catches: [`${LISTED}/containers/create/body-not-application-json`, `${UNLISTED}/containers/start/body-not-application-json`],
  },
  {
    fault: 'body-field-types-unchecked',
    version: '1.22',
    catches: [`${LISTED}/containers/create/body-field-wrong-type`, `${UNLISTED}/volumes/create/body-field-wrong-type`],
  },
  // use after delete (suites/engine/negative/after-delete.ts)
  { fault: 'removed-object-500', version: '1.22', catches: ['container', 'image', 'volume', 'network'].map((kind) => `${AFTER_DELETE}/${kind}`) },
  { fault: 'exec-outlives-container', version: '1.18', catches: [`${AFTER_DELETE}/exec`] },
  // refused operations (suites/engine/negative/refused-leaves-nothing.ts)
  { fault: 'refused-create-keeps-container', version: '1.22', catches: [`${REFUSED}/create-name-in-use`, `${REFUSED}/create-bad-name`] },
  // 1.22: the 1.18 event stream carries no rename kind, so only 1.22 shows the event of a refused rename.
  { fault: 'refused-rename-emits-event', version: '1.22', catches: [`${REFUSED}/rename-name-in-use`] },
  { fault: 'refused-tag-keeps-repo', version: '1.18', catches: [`${REFUSED}/tag-bad-tag`] },
  { fault: 'refused-connect-emits-event', version: '1.22', catches: [`${REFUSED}/connect-missing-container`] },
];
