import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The twenty-ninth batch of blind faults (reference/engine/fault-areas/blind-29.ts,
 * catalog/engine/blind-faults-29.json): each row names the checks that fail under it (the image's
 * Env entry kept over the create's by body-env/over-image, whose image sets the variable).
 */
export const blind29Teeth: Teeth[] = [...both('blind29-env-image-entry-wins', 'engine/containers/create/body-env/over-image')];
