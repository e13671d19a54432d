import { describe, expect, test } from 'vitest';
import { CheckContext } from '../../harness/check/context.ts';
import { SchemaValidator } from '../../harness/schema/validator.ts';
import { expectListedName, expectShownName, showsName } from '../../suites/engine/support/container-names.ts';
import type { EngineContext } from '../../suites/engine/support/context.ts';

const context = (): EngineContext => new CheckContext({ seed: 1, schemas: new SchemaValidator(), timeoutMs: 100 }) as unknown as EngineContext;

describe('a container name as shown (spec: Name S, no display format)', () => {
  test('the name as given or with one leading / is the name, whichever form create was given', () => {
    for (const given of ['web-1', '/web-1']) {
      expect(showsName('web-1', given)).toBe(true);
      expect(showsName('/web-1', given)).toBe(true);
    }
  });

  test('another name is not: cut short, of another container, a doubled /, another case, not a string', () => {
    for (const shown of ['/web-', 'web', '/web-2', '//web-1', '/Web-1', 'web-1/', '', undefined, null, ['/web-1']])
      expect(showsName(shown, 'web-1')).toBe(false);
  });

  test('expectShownName and expectListedName fail another name and pass either form', () => {
    expect(() => expectShownName(context(), '/web-1', 'web-1', 'inspect Name')).not.toThrow();
    expect(() => expectShownName(context(), 'web-1', '/web-1', 'inspect Name')).not.toThrow();
    expect(() => expectShownName(context(), '/web-2', 'web-1', 'inspect Name')).toThrow(/expected the name "web-1" or "\/web-1", got "\/web-2"/);
    expect(() => expectListedName(context(), ['web-1'], 'web-1', 'Names')).not.toThrow();
    expect(() => expectListedName(context(), ['/web-1', '/other/web-1'], 'web-1', 'Names')).toThrow();
    expect(() => expectListedName(context(), ['/web'], 'web-1', 'Names')).toThrow();
  });
});
