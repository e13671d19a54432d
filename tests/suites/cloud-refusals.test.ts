import { describe, expect, test } from 'vitest';
import { CheckContext } from '../../harness/check/context.ts';
import { CheckFailure } from '../../harness/check/signals.ts';
import { SchemaValidator } from '../../harness/schema/validator.ts';
import { makeResponse } from '../../harness/target/http-transport.ts';
import { expectRefused } from '../../suites/cloud/support/actions.ts';
import type { CloudContext } from '../../suites/cloud/support/context.ts';

/** What expectRefused reads of a cloud context: the expectations and the action header's name. */
function context(): CloudContext {
  const ctx = new CheckContext({ seed: 1, schemas: new SchemaValidator(), timeoutMs: 100 });
  return Object.assign(ctx, { actionHeader: 'x-dockercloud-action-uri' }) as unknown as CloudContext;
}

const answer = (status: number) => makeResponse(status, {}, Buffer.alloc(0), 1, 'POST /cancel/');

describe('a refusal a state-table row forbids (expectRefused)', () => {
  test('an error status is what the rule states: it counts as verified, so a check that saw only it verified its rule', async () => {
    const ctx = context();
    await expectRefused(ctx, answer(409), 'cancel of a finished action', 'cloud/states/action/success-rejects-cancel');
    expect(ctx.verified).toBe(1);
  });

  test.each([302, 202])('status %i, with no action that ends Failed, is a breach of the rule', async (status) => {
    const ctx = context();
    const refusal = expectRefused(ctx, answer(status), 'cancel of a finished action', 'cloud/states/action/success-rejects-cancel');
    await expect(refusal).rejects.toBeInstanceOf(CheckFailure);
    await expect(refusal).rejects.toMatchObject({ detail: { requirement: 'cloud/states/action/success-rejects-cancel' } });
  });
});
