import type { Teeth } from './types.ts';
import { containerTeeth } from './containers.ts';
import { systemTeeth } from './system.ts';
import { streamTeeth } from './streams.ts';
import { containersDataTeeth } from './containers-data.ts';
import { imageTeeth } from './images.ts';
import { eventTeeth } from './events.ts';
import { networkTeeth } from './networks.ts';
import { fieldEffectTeeth, fieldStoredTeeth, storageTeeth } from './field-effects.ts';
import { credentialTeeth } from './credentials.ts';
import { answerTeeth, queryTeeth } from './families.ts';
import { lastRuleTeeth } from './last-rules.ts';
import { negativeTeeth } from './negative.ts';
import { blindTeeth } from './blind.ts';
import { blind3Teeth } from './blind-3.ts';
import { blind3TeethB } from './blind-3-b.ts';
import { blind4Teeth } from './blind-4.ts';
import { blind5Teeth } from './blind-5.ts';
import { blind6Teeth } from './blind-6.ts';
import { blind7Teeth } from './blind-7.ts';
import { blind8Teeth } from './blind-8.ts';
import { blind9Teeth } from './blind-9.ts';
import { blind10Teeth } from './blind-10.ts';
import { blind11Teeth } from './blind-11.ts';
import { blind12Teeth } from './blind-12.ts';
import { blind13Teeth } from './blind-13.ts';
import { blind14Teeth } from './blind-14.ts';
import { blind15Teeth } from './blind-15.ts';
import { blind16Teeth } from './blind-16.ts';
import { blind17Teeth } from './blind-17.ts';
import { blind18Teeth } from './blind-18.ts';
import { blind19Teeth } from './blind-19.ts';
import { blind20Teeth } from './blind-20.ts';
import { blind21Teeth } from './blind-21.ts';
import { blind22Teeth } from './blind-22.ts';
import { blind23Teeth } from './blind-23.ts';
import { blind24Teeth } from './blind-24.ts';
import { blind25Teeth } from './blind-25.ts';
import { blind26Teeth } from './blind-26.ts';
import { blind27Teeth } from './blind-27.ts';
import { blind28Teeth } from './blind-28.ts';
import { blind29Teeth } from './blind-29.ts';
import { blind30Teeth } from './blind-30.ts';
import { blind31Teeth } from './blind-31.ts';
import { blind32Teeth } from './blind-32.ts';
import { blind33Teeth } from './blind-33.ts';
import { blind34TeethB } from './blind-34b.ts';
import { blind34Teeth } from './blind-34.ts';

export const ENGINE_TEETH: Teeth[] = [
  ...blindTeeth,
  ...blind3Teeth,
  ...blind3TeethB,
  ...blind4Teeth,
  ...blind5Teeth,
  ...blind6Teeth,
  ...blind7Teeth,
  ...blind8Teeth,
  ...blind9Teeth,
  ...blind10Teeth,
  ...blind11Teeth,
  ...blind12Teeth,
  ...blind13Teeth,
  ...blind14Teeth,
  ...blind15Teeth,
  ...blind16Teeth,
  ...blind17Teeth,
  ...blind18Teeth,
  ...blind19Teeth,
  ...blind20Teeth,
  ...blind21Teeth,
  ...blind22Teeth,
  ...blind23Teeth,
  ...blind24Teeth,
  ...blind25Teeth,
  ...blind26Teeth,
  ...blind27Teeth,
  ...blind28Teeth,
  ...blind29Teeth,
  ...blind30Teeth,
  ...blind31Teeth,
  ...blind32Teeth,
  ...blind33Teeth,
  ...blind34TeethB,
  ...blind34Teeth,
  ...containerTeeth,
  ...systemTeeth,
  ...streamTeeth,
  ...containersDataTeeth,
  ...imageTeeth,
  ...eventTeeth,
  ...networkTeeth,
  ...fieldEffectTeeth,
  ...storageTeeth,
  ...fieldStoredTeeth,
  ...credentialTeeth,
  ...lastRuleTeeth,
  ...negativeTeeth,
  ...answerTeeth,
  ...queryTeeth,
];

/** How many teeth runs (one check each) go side by side, each on a daemon of its own (the embedded project's maxConcurrency allows as many). */
export const TEETH_CONCURRENCY = 16;
