import type { EngineCheck } from '../support/check.ts';
import auth from './auth.ts';
import errors from './errors.ts';
import infoVersion from './info-version.ts';
import ping from './ping.ts';
import registryAuth from './registry-auth.ts';
import service from './service.ts';

export const systemChecks: EngineCheck[] = [...ping, ...infoVersion, ...auth, ...service, ...errors, ...registryAuth];
