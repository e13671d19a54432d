import { expect, it } from 'vitest';
import type { JsonStreamWriter } from '../../../../reference/engine/http/router.ts';
import { writeTransfer } from '../../../../reference/engine/images/progress.ts';

it('writes a transfer in two steps, a count of 0 left out of progressDetail as the real daemon does (omitempty)', () => {
  const written: unknown[] = [];
  const out: JsonStreamWriter = { write: (v) => written.push(v), end() {}, closed: Promise.resolve(), isClosed: false };
  writeTransfer(out, 'Downloading', 'abc', 1);
  writeTransfer(out, 'Downloading', 'abc', 4);
  expect(written.map((o) => (o as { progressDetail: unknown }).progressDetail)).toEqual([
    { total: 1 },
    { current: 1, total: 1 },
    { current: 2, total: 4 },
    { current: 4, total: 4 },
  ]);
});
