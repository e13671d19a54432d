import type { EngineCheck } from '../support/check.ts';
import list from './list.ts';
import listDefaults from './list-defaults.ts';
import listedOnce from './listed-once.ts';
import buildStream from './build-stream.ts';
import buildOptions from './build-options.ts';
import buildIntermediates from './build-intermediates.ts';
import buildRemote from './build-remote.ts';
import buildCancel from './build-cancel.ts';
import registryConfig from './registry-config.ts';
import importChecks from './import.ts';
import registry from './registry.ts';
import inspectHistory from './inspect-history.ts';
import historyItems from './history-items.ts';
import inspectBesideRemoval from './inspect-beside-removal.ts';
import tag from './tag.ts';
import remove from './delete.ts';
import search from './search.ts';
import saveLoad from './save-load.ts';
import saveMany from './save-many.ts';
import load from './load.ts';
import commit from './commit.ts';
import transferErrors from './transfer-errors.ts';
import transferProgress from './transfer-progress.ts';
import everyState from './every-state.ts';
import zeroStates from './zero-states.ts';
import epochImage from './epoch-image.ts';
import createdFrom from './created-from.ts';

export const imageChecks: EngineCheck[] = [
  ...list,
  ...listDefaults,
  ...listedOnce,
  ...buildStream,
  ...buildOptions,
  ...buildIntermediates,
  ...buildRemote,
  ...buildCancel,
  ...registryConfig,
  ...importChecks,
  ...registry,
  ...inspectHistory,
  ...historyItems,
  ...inspectBesideRemoval,
  ...tag,
  ...remove,
  ...search,
  ...saveLoad,
  ...saveMany,
  ...load,
  ...commit,
  ...transferErrors,
  ...transferProgress,
  ...everyState,
  ...zeroStates,
  ...epochImage,
  ...createdFrom,
];
