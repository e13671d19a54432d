import type { CloudCheck } from '../support/check.ts';
import create from './create.ts';
import filters from './filters.ts';
import operations from './operations.ts';
import read from './read.ts';
import serviceList from './service-list.ts';
import states from './states.ts';
import updateAnswer from './update-answer.ts';

export const stackChecks: CloudCheck[] = [...create, ...serviceList, ...read, ...operations, ...updateAnswer, ...filters, ...states];
