/** Zero values as the spec's types give them: an empty map or list given as one, not null or left out. */

export const isEmptyMap = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;

export const isEmptyList = (v: unknown): boolean => Array.isArray(v) && v.length === 0;

/** A value for a report: an absent field said so (JSON leaves undefined out). */
export const shownValue = (v: unknown): unknown => (v === undefined ? '(absent)' : v);
