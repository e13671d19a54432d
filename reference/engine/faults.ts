/**
 * Named faults of the engine reference daemon. Each one makes the target break ONE documented
 * rule, so that a conformance check can prove it notices. A fault is switched on per server
 * (`--fault NAME`) and tested at the point of the rule with `ctx.faults.has('name')`, where the
 * name must be an `EngineFaultName`: the named faults are defined by area in fault-areas/*.ts, the
 * parametrised families (`field-ignored:<Field>`, `field-not-stored:<Field>`, `storage-detached:<Field>`,
 * `answer:<endpoint>:<status>`, `query-ignored:<endpoint>:<param>`) in the *-faults.ts beside this file.
 */
import { type Fault, type FaultSet as FaultSetOf, parseFaultNames } from '../faults.ts';
import { ANSWER_FAULTS, type AnswerFaultName } from './answer-faults.ts';
import { BLIND_FAULTS } from './fault-areas/blind.ts';
import { BLIND_2_FAULTS } from './fault-areas/blind-2.ts';
import { BLIND_3_FAULTS } from './fault-areas/blind-3.ts';
import { BLIND_4_FAULTS } from './fault-areas/blind-4.ts';
import { BLIND_5_FAULTS } from './fault-areas/blind-5.ts';
import { BLIND_6_FAULTS } from './fault-areas/blind-6.ts';
import { BLIND_7_FAULTS } from './fault-areas/blind-7.ts';
import { BLIND_8_FAULTS } from './fault-areas/blind-8.ts';
import { BLIND_9_FAULTS } from './fault-areas/blind-9.ts';
import { BLIND_10_FAULTS } from './fault-areas/blind-10.ts';
import { BLIND_11_FAULTS } from './fault-areas/blind-11.ts';
import { BLIND_12_FAULTS } from './fault-areas/blind-12.ts';
import { BLIND_13_FAULTS } from './fault-areas/blind-13.ts';
import { BLIND_14_FAULTS } from './fault-areas/blind-14.ts';
import { BLIND_15_FAULTS } from './fault-areas/blind-15.ts';
import { BLIND_16_FAULTS } from './fault-areas/blind-16.ts';
import { BLIND_17_FAULTS } from './fault-areas/blind-17.ts';
import { BLIND_18_FAULTS } from './fault-areas/blind-18.ts';
import { BLIND_19_FAULTS } from './fault-areas/blind-19.ts';
import { BLIND_20_FAULTS } from './fault-areas/blind-20.ts';
import { BLIND_21_FAULTS } from './fault-areas/blind-21.ts';
import { BLIND_22_FAULTS } from './fault-areas/blind-22.ts';
import { BLIND_23_FAULTS } from './fault-areas/blind-23.ts';
import { BLIND_24_FAULTS } from './fault-areas/blind-24.ts';
import { BLIND_25_FAULTS } from './fault-areas/blind-25.ts';
import { BLIND_26_FAULTS } from './fault-areas/blind-26.ts';
import { BLIND_27_FAULTS } from './fault-areas/blind-27.ts';
import { BLIND_28_FAULTS } from './fault-areas/blind-28.ts';
import { BLIND_29_FAULTS } from './fault-areas/blind-29.ts';
import { BLIND_30_FAULTS } from './fault-areas/blind-30.ts';
import { BLIND_31_FAULTS } from './fault-areas/blind-31.ts';
import { BLIND_32_FAULTS } from './fault-areas/blind-32.ts';
import { BLIND_33_FAULTS } from './fault-areas/blind-33.ts';
import { BLIND_34_FAULTS } from './fault-areas/blind-34.ts';
import { CONTAINER_FAULTS } from './fault-areas/containers.ts';
import { IMAGE_FAULTS, LIMIT_FAULTS } from './fault-areas/images.ts';
import { ARCHIVE_FAULTS, NETWORK_FAULTS, VOLUME_FAULTS } from './fault-areas/resources.ts';
import { EVENT_FAULTS, FILTER_FAULTS, QUERY_FAULTS, SCHEMA_FAULTS, SYSTEM_FAULTS, VERSION_FAULTS } from './fault-areas/service.ts';
import { EXEC_FAULTS, STREAM_FAULTS } from './fault-areas/streams.ts';
import { FIELD_IGNORED_FAULTS, FIELD_NOT_STORED_FAULTS, type FieldIgnoredName, type FieldNotStoredName } from './field-faults.ts';
import { QUERY_IGNORED_FAULTS, type QueryIgnoredFaultName } from './query-faults.ts';
import { STORAGE_DETACHED_FAULTS, type StorageDetachedName } from './mount-faults.ts';

/** The named (not parametrised) faults, area by area. */
const NAMED_FAULTS = [
  ...CONTAINER_FAULTS,
  ...IMAGE_FAULTS,
  ...LIMIT_FAULTS,
  ...STREAM_FAULTS,
  ...EXEC_FAULTS,
  ...VOLUME_FAULTS,
  ...NETWORK_FAULTS,
  ...ARCHIVE_FAULTS,
  ...SYSTEM_FAULTS,
  ...EVENT_FAULTS,
  ...VERSION_FAULTS,
  ...SCHEMA_FAULTS,
  ...FILTER_FAULTS,
  ...QUERY_FAULTS,
  ...BLIND_FAULTS,
  ...BLIND_2_FAULTS,
  ...BLIND_3_FAULTS,
  ...BLIND_4_FAULTS,
  ...BLIND_5_FAULTS,
  ...BLIND_6_FAULTS,
  ...BLIND_7_FAULTS,
  ...BLIND_8_FAULTS,
  ...BLIND_9_FAULTS,
  ...BLIND_10_FAULTS,
  ...BLIND_11_FAULTS,
  ...BLIND_12_FAULTS,
  ...BLIND_13_FAULTS,
  ...BLIND_14_FAULTS,
  ...BLIND_15_FAULTS,
  ...BLIND_16_FAULTS,
  ...BLIND_17_FAULTS,
  ...BLIND_18_FAULTS,
  ...BLIND_19_FAULTS,
  ...BLIND_20_FAULTS,
  ...BLIND_21_FAULTS,
  ...BLIND_22_FAULTS,
  ...BLIND_23_FAULTS,
  ...BLIND_24_FAULTS,
  ...BLIND_25_FAULTS,
  ...BLIND_26_FAULTS,
  ...BLIND_27_FAULTS,
  ...BLIND_28_FAULTS,
  ...BLIND_29_FAULTS,
  ...BLIND_30_FAULTS,
  ...BLIND_31_FAULTS,
  ...BLIND_32_FAULTS,
  ...BLIND_33_FAULTS,
  ...BLIND_34_FAULTS,
];

/** The name of a named engine fault (`start-running-returns-204`). */
export type NamedEngineFaultName = (typeof NAMED_FAULTS)[number]['name'];

/** Every engine fault name: the named ones and the members of the parametrised families. */
export type EngineFaultName = NamedEngineFaultName | FieldIgnoredName | FieldNotStoredName | StorageDetachedName | AnswerFaultName | QueryIgnoredFaultName;

/**
 * What the rule is about: containers, streams, filters, query, schema, events, system, versions, exec, volumes, networks, archive, images,
 * limits, answers; `blind` holds the faults written without sight of the checks.
 */
export type EngineFaultArea = (typeof NAMED_FAULTS)[number]['area'] | 'answers';

export type EngineFault = Fault<EngineFaultName, EngineFaultArea>;

/** The faults of an engine server: `has` accepts engine fault names only. */
export type FaultSet = FaultSetOf<EngineFaultName>;

export const ENGINE_FAULTS: ReadonlyArray<EngineFault> = [
  ...NAMED_FAULTS,
  ...FIELD_IGNORED_FAULTS,
  ...FIELD_NOT_STORED_FAULTS,
  ...STORAGE_DETACHED_FAULTS,
  ...ANSWER_FAULTS,
  ...QUERY_IGNORED_FAULTS,
];

/** The engine fault names among names given at run time; throws naming every unknown one. */
export function parseEngineFaults(names: readonly string[]): EngineFaultName[] {
  return parseFaultNames('engine', ENGINE_FAULTS, names);
}
