import type { EngineCheck } from '../support/check.ts';
import create from './create.ts';
import createFields from './create-fields.ts';
import createEffects from './create-effects.ts';
import createObserved from './create-observed.ts';
import createResolver from './create-resolver.ts';
import createNamespaces from './create-namespaces.ts';
import createMountIdentity from './create-mount-identity.ts';
import createCgroups from './create-cgroups.ts';
import createCgroupParent from './create-cgroup-parent.ts';
import memoryLimit from './memory-limit.ts';
import createPublished from './create-published.ts';
import list from './list.ts';
import listPaused from './list-paused.ts';
import listPorts from './list-ports.ts';
import inspectProcess from './inspect-process.ts';
import inspectMounts from './inspect-mounts.ts';
import volumeDriver from './volume-driver.ts';
import inspect from './inspect.ts';
import top from './top.ts';
import changes from './changes.ts';
import exportChecks from './export.ts';
import stats from './stats.ts';
import copy from './copy.ts';
import missing from './missing-property.ts';
import zeroStates from './zero-states.ts';
import numbersMeaning from './numbers-meaning.ts';

/** The container data checks: create and its fields, list, inspect, top, changes, export, stats, copy; zero and empty states. */
export const containerDataChecks: EngineCheck[] = [
  ...create,
  ...createFields,
  ...createEffects,
  ...createObserved,
  ...createResolver,
  ...createNamespaces,
  ...createMountIdentity,
  ...createCgroups,
  ...createCgroupParent,
  ...memoryLimit,
  ...createPublished,
  ...list,
  ...listPaused,
  ...listPorts,
  ...inspect,
  ...inspectProcess,
  ...inspectMounts,
  ...volumeDriver,
  ...top,
  ...changes,
  ...exportChecks,
  ...stats,
  ...copy,
  ...missing,
  ...zeroStates,
  ...numbersMeaning,
];
