import type { CloudCheck } from '../support/check.ts';
import http from './http.ts';
import unknownObject from './unknown-object.ts';

export const generalChecks: CloudCheck[] = [...http, ...unknownObject];
