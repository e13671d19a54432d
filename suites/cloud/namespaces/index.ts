import type { CloudCheck } from '../support/check.ts';
import foreignEveryEndpoint from './foreign-every-endpoint.ts';
import namespaces from './namespaces.ts';

export const namespaceChecks: CloudCheck[] = [...namespaces, ...foreignEveryEndpoint];
