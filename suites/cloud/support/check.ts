import { defineCheck, type Check, type CheckDefinition } from '../../../harness/check/types.ts';
import type { CloudContext } from './context.ts';

export type CloudCheck = Check<CloudContext>;

/** Gives a check definition its type and its requirements (by default the one its id names). */
export function cloudCheck(definition: CheckDefinition<CloudContext>): CloudCheck {
  return defineCheck<CloudContext, CheckDefinition<CloudContext>>(definition);
}
