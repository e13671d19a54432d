/**
 * Named faults of the cloud reference service. Each one makes the service break ONE documented
 * rule (or one behaviour the public clients rely on), so that a conformance check can prove it
 * notices. A fault is switched on per server (`--fault NAME`) and tested where the rule is
 * implemented with `world.faults.has('name')`, where the name must be a `CloudFaultName`: the named
 * faults are defined by area in fault-areas.ts, the parametrised families
 * (`filter-ignored:<list>.<param>`, `field-ignored:<resource>.<field>`, ...) member by member in
 * fault-families.ts.
 */
import { type Fault, type FaultSet as FaultSetOf, parseFaultNames } from '../faults.ts';
import * as AREAS from './fault-areas.ts';
import { ACTION_FAULTS, STATE_FAULTS } from './fault-areas/actions-states.ts';
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
import { CONTAINER_NAME_FAULTS, DEFAULT_EFFECT_FAULTS, NODE_FIELD_FAULTS } from './fault-areas/field-meanings.ts';
import { type CloudFamilyFaultName, FAMILY_FAULTS } from './fault-families.ts';

const NAMED_FAULTS = [
  ...ACTION_FAULTS,
  ...STATE_FAULTS,
  ...AREAS.DEPLOYMENT_FAULTS,
  ...AREAS.DEFAULT_FAULTS,
  ...AREAS.VALIDATION_FAULTS,
  ...AREAS.AUTH_FAULTS,
  ...AREAS.NAMESPACE_FAULTS,
  ...AREAS.ROLE_FAULTS,
  ...AREAS.LIST_FAULTS,
  ...AREAS.FILTER_FAULTS,
  ...AREAS.DATE_FAULTS,
  ...AREAS.STREAM_FAULTS,
  ...AREAS.LINK_FAULTS,
  ...AREAS.STACK_FAULTS,
  ...AREAS.REPOSITORY_FAULTS,
  ...AREAS.SHAPE_FAULTS,
  ...AREAS.SERVICE_FAULTS,
  ...AREAS.INFRA_FAULTS,
  ...AREAS.GENERAL_FAULTS,
  ...AREAS.CLIENT_FAULTS,
  ...NODE_FIELD_FAULTS,
  ...CONTAINER_NAME_FAULTS,
  ...DEFAULT_EFFECT_FAULTS,
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

/** The name of a named cloud fault (`async-returns-200`). */
export type NamedCloudFaultName = (typeof NAMED_FAULTS)[number]['name'];

/** Every cloud fault name: the named ones and the members of the parametrised families. */
export type CloudFaultName = NamedCloudFaultName | CloudFamilyFaultName;

/** What the rule is about: actions, auth, namespaces, defaults, states, dates, lists, filters, roles, repositories, stream, validation, clients, ... */
export type CloudFaultArea = (typeof NAMED_FAULTS)[number]['area'] | (typeof FAMILY_FAULTS)[number]['area'];

export type CloudFault = Fault<CloudFaultName, CloudFaultArea>;

/** The faults of a cloud server: `has` accepts cloud fault names only. */
export type FaultSet = FaultSetOf<CloudFaultName>;

/** Every named fault: the single ones, then every member of the parametrised families. */
export const CLOUD_FAULTS: ReadonlyArray<CloudFault> = [...NAMED_FAULTS, ...FAMILY_FAULTS];

/** The cloud fault names among names given at run time; throws naming every unknown one. */
export function parseCloudFaults(names: readonly string[]): CloudFaultName[] {
  return parseFaultNames('cloud', CLOUD_FAULTS, names);
}

/** Builds the fault set of a server; throws naming every unknown fault. */
export function faultSet(names: readonly string[] = []): FaultSet {
  return new Set(parseCloudFaults(names));
}
