import type { CloudTeeth } from './types.ts';
import { infraTeeth } from './infra.ts';
import { appTeeth } from './app.ts';
import { familyTeeth } from './families.ts';
import { moreTeeth, validationTeeth } from './more.ts';
import { actionFieldTeeth } from './actions.ts';
import { proofTeeth } from './proofs.ts';
import { blindTeeth } from './blind.ts';
import { blind3TeethA } from './blind-3-a.ts';
import { blind3TeethC } from './blind-3-c.ts';
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
import { blind34Teeth } from './blind-34.ts';

export const CLOUD_TEETH: CloudTeeth[] = [
  ...infraTeeth,
  ...appTeeth,
  ...familyTeeth,
  ...moreTeeth,
  ...validationTeeth,
  ...actionFieldTeeth,
  ...proofTeeth,
  ...blindTeeth,
  ...blind3TeethA,
  ...blind3TeethC,
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
  ...blind34Teeth,
];

/** How many cloud teeth runs go side by side, each against a target of its own (see cloud-teeth.test.ts). */
export const TEETH_CONCURRENCY = 8;
