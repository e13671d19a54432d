import type { CloudCheck } from '../support/check.ts';
import everyEndpoint from './every-endpoint.ts';
import rest from './rest.ts';
import vendorAuth from './vendor-auth.ts';

export const authChecks: CloudCheck[] = [...rest, ...everyEndpoint, ...vendorAuth];
