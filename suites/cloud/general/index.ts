import type { CloudCheck } from '../support/check.ts';
import http from './http.ts';

export const generalChecks: CloudCheck[] = [...http];
