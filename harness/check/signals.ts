/**
 * Exceptions a check throws to end itself with a verdict. They are not errors: executeCheck()
 * turns them into outcomes.
 */
/** One requirement id, or the several one expectation verifies together. */
export type RequirementRef = string | readonly string[];

/** The ids a requirement reference names. */
export function requirementIds(ref: RequirementRef): string[] {
  return typeof ref === 'string' ? [ref] : [...ref];
}

export interface FailureDetail {
  expected?: unknown;
  actual?: unknown;
  /** The requirement(s) the breach is about, when the check names several. */
  requirement?: RequirementRef;
}

export class CheckFailure extends Error {
  override name = 'CheckFailure';
  constructor(
    message: string,
    readonly detail: FailureDetail = {},
  ) {
    super(message);
  }
}

export class CheckSkipped extends Error {
  override name = 'CheckSkipped';
  constructor(
    message: string,
    /** The requirement whose earlier breach made this check impossible (a cascade), if any. */
    readonly blockedBy?: string,
  ) {
    super(message);
  }
}

export class CheckNotApplicable extends Error {
  override name = 'CheckNotApplicable';
}
