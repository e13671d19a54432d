import type { CloudCheck } from '../support/check.ts';
import { afterTerminateChecks } from '../negative/after-terminate.ts';
import { refusedCreateChecks } from '../negative/refused-create.ts';
import { cloudSweepChecks } from '../negative/sweep.ts';
import http from './http.ts';

export const generalChecks: CloudCheck[] = [...http, ...cloudSweepChecks(), ...afterTerminateChecks(), ...refusedCreateChecks()];
