import type { Check } from '../../../harness/check/types.ts';
import type { CloudContext } from './context.ts';

export type CloudCheck = Check<CloudContext>;

/** Identity function that gives a check definition its type (and reads well in check files). */
export function cloudCheck(check: CloudCheck): CloudCheck {
  return check;
}
