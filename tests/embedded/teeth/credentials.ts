import type { Teeth } from './types.ts';

/**
 * Registry transfers: the reference registry refuses wrong or missing credentials, so a daemon that
 * drops them is seen; a failed pull or push must report an {error} object in its stream.
 */
export const credentialTeeth: Teeth[] = [
  { fault: 'registry-auth-ignored', version: '1.22', catches: ['engine/auth/x-registry-auth', 'engine/auth/x-registry-auth-registrytoken'] },
  { fault: 'registry-auth-ignored', version: '1.18', catches: ['engine/auth/x-registry-auth', 'engine/auth/x-registry-auth-registrytoken'] },
  {
    fault: 'build-registry-config-ignored',
    version: '1.22',
    catches: ['engine/auth/x-registry-config', 'engine/auth/x-registry-config-host-key', 'engine/images/build/query-pull'],
  },
  { fault: 'build-registry-config-ignored', version: '1.18', catches: ['engine/auth/x-registry-config', 'engine/auth/x-registry-config-host-key'] },
  {
    fault: 'registry-config-standard-base64',
    version: '1.22',
    catches: ['engine/auth/x-registry-config', 'engine/auth/x-registry-config-host-key', 'engine/auth/x-registry-config-official-registry-key'],
  },
  { fault: 'official-registry-key-unrecognized', version: '1.22', catches: ['engine/auth/x-registry-config-official-registry-key'] },
  { fault: 'official-registry-key-unrecognized', version: '1.18', catches: ['engine/auth/x-registry-config-official-registry-key'] },
  { fault: 'transfer-error-as-status', version: '1.22', catches: ['engine/errors/stream-error-object/pull-push'] },
  { fault: 'transfer-error-as-status', version: '1.18', catches: ['engine/errors/stream-error-object/pull-push'] },
];
