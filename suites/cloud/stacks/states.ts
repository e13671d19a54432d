/** Spec: States and transitions > Stack states and allowed operations (one check per cell). */
import { appStateChecks } from '../support/app-states.ts';

export default appStateChecks('stack');
