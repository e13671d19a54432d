import type { CloudCheck } from '../support/check.ts';
import foreignEveryEndpoint from './foreign-every-endpoint.ts';
import namespaces from './namespaces.ts';
import ownEveryKind from './own-every-kind.ts';
import ownWrites from './own-writes.ts';

export const namespaceChecks: CloudCheck[] = [...namespaces, ...ownEveryKind, ...ownWrites, ...foreignEveryEndpoint];
