import type { CloudCheck } from '../support/check.ts';
import { cloudSweepChecks } from '../negative/sweep.ts';
import http from './http.ts';

export const generalChecks: CloudCheck[] = [...http, ...cloudSweepChecks()];
