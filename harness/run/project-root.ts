import { fileURLToPath } from 'node:url';

/** The project's root directory: where the suites, the catalog and node_modules/.cache are. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
