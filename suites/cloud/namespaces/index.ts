import type { CloudCheck } from '../support/check.ts';
import namespaces from './namespaces.ts';

export const namespaceChecks: CloudCheck[] = [...namespaces];
