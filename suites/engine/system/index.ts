import type { EngineCheck } from '../support/check.ts';
import auth from './auth.ts';
import countsAndSizes from './counts-and-sizes.ts';
import errors from './errors.ts';
import infoHostFlags from './info-host-flags.ts';
import infoImages from './info-images.ts';
import infoIndexConfigs from './info-index-configs.ts';
import infoIpv4Forwarding from './info-ipv4-forwarding.ts';
import infoPlugins from './info-plugins.ts';
import infoVersion from './info-version.ts';
import ping from './ping.ts';
import registryAuth from './registry-auth.ts';
import service from './service.ts';
import timeInstants from './time-instants.ts';

export const systemChecks: EngineCheck[] = [
  ...ping,
  ...infoVersion,
  ...infoPlugins,
  ...infoHostFlags,
  ...infoIpv4Forwarding,
  ...infoIndexConfigs,
  ...auth,
  ...service,
  ...timeInstants,
  ...countsAndSizes,
  ...infoImages,
  ...errors,
  ...registryAuth,
];
