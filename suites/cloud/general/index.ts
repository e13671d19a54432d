import type { CloudCheck } from '../support/check.ts';
import { afterTerminateChecks } from '../negative/after-terminate.ts';
import { eachProviderCheck } from '../negative/each-provider.ts';
import integerStrings from '../negative/integer-strings.ts';
import { refusedCreateChecks } from '../negative/refused-create.ts';
import { cloudSweepChecks } from '../negative/sweep.ts';
import http from './http.ts';
import unknownObject from './unknown-object.ts';
import uriShape from './uri-shape.ts';

export const generalChecks: CloudCheck[] = [
  ...http,
  ...uriShape,
  ...unknownObject,
  ...cloudSweepChecks(),
  eachProviderCheck,
  ...afterTerminateChecks(),
  ...refusedCreateChecks(),
  integerStrings,
];
