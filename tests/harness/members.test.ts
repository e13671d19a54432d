import { describe, expect, test } from 'vitest';
import { expectItems, expectMembers, type Failer } from '../../harness/schema/members.ts';

class Failed extends Error {
  constructor(
    message: string,
    readonly detail: { requirement?: string },
  ) {
    super(message);
  }
}
const ctx: Failer = {
  fail(message, detail) {
    throw new Failed(message, detail);
  },
};

describe('reading an answer after checking its shape', () => {
  test('a missing object, null where an object is documented, and a wrong type each fail naming the field and the requirement', () => {
    const members = { State: 'object', Id: 'string' } as const;
    expect(() => expectMembers(ctx, { Id: 'x' }, members, 'container inspect', 'r/inspect')).toThrow('container inspect has no State (object)');
    expect(() => expectMembers(ctx, { State: null, Id: 'x' }, members, 'container inspect')).toThrow('container inspect: State must be an object, got null');
    expect(() => expectMembers(ctx, { State: {}, Id: 7 }, members, 'container inspect')).toThrow('container inspect: Id must be a string, got a number (7)');
    try {
      expectMembers(ctx, {}, members, 'container inspect', 'r/inspect');
    } catch (err) {
      expect((err as Failed).detail.requirement).toBe('r/inspect');
    }
  });

  test('an answer that is not an object, or a list that is not an array, fails; a good one is returned as is', () => {
    expect(() => expectMembers(ctx, [], {}, 'exec inspect')).toThrow('exec inspect must be a JSON object, got an array');
    expect(() => expectItems(ctx, { Id: 'x' }, { Id: 'string' }, 'container list')).toThrow('container list must be a JSON array, got an object');
    expect(() => expectItems(ctx, [{ Id: 'a' }, null], { Id: 'string' }, 'container list')).toThrow('container list item 1 must be a JSON object, got null');
    const ok = { State: { Running: true }, Id: 'x' };
    expect(expectMembers(ctx, ok, { State: 'object' }, 'container inspect')).toBe(ok);
  });
});
