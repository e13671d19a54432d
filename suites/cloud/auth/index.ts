import type { CloudCheck } from '../support/check.ts';
import everyEndpoint from './every-endpoint.ts';
import rest from './rest.ts';
import streamEveryEndpoint from './stream-every-endpoint.ts';
import vendorAuth from './vendor-auth.ts';

export const authChecks: CloudCheck[] = [...rest, ...everyEndpoint, ...streamEveryEndpoint, ...vendorAuth];
