import type { EngineCheck } from '../support/check.ts';
import start from './start.ts';
import startHostConfig from './start-host-config.ts';
import startHostConfigEffect from './start-host-config-effect.ts';
import stop from './stop.ts';
import restart from './restart.ts';
import kill from './kill.ts';
import pause from './pause.ts';
import wait from './wait.ts';
import remove from './delete.ts';
import rename from './rename.ts';
import nameFreed from './name-freed.ts';
import update from './update.ts';
import resize from './resize.ts';
import restartPolicy from './restart-policy.ts';
import states from './states.ts';
import lifecycleModel from './lifecycle-model.ts';
import everyState from './every-state.ts';

/** Lifecycle and state-table checks; the data checks (create, list, inspect, ...) are in data-checks.ts. */
export const containerChecks: EngineCheck[] = [
  ...start,
  ...startHostConfig,
  ...startHostConfigEffect,
  ...stop,
  ...restart,
  ...kill,
  ...pause,
  ...wait,
  ...remove,
  ...rename,
  ...nameFreed,
  ...update,
  ...resize,
  ...restartPolicy,
  ...states,
  ...lifecycleModel,
  ...everyState,
];
