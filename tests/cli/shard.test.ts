import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parseRunArgs, parseShard } from '../../harness/cli/run-args.ts';
import { UsageError } from '../../harness/target/endpoint.ts';

const BIN = fileURLToPath(new URL('../../bin/conformance.mjs', import.meta.url));
const conformance = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });

describe('--shard', () => {
  test('takes INDEX/COUNT, 1-based', () => {
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    expect(parseShard('3/4')).toEqual({ index: 3, count: 4 });
    const options = parseRunArgs(['--shard', '2/3'], []);
    expect(options !== 'help' && options.shard).toEqual({ index: 2, count: 3 });
    const plain = parseRunArgs([], []);
    expect(plain !== 'help' && plain.shard).toBeUndefined();
  });

  test.each(['0/2', '3/2', '1/0', '1', '1/2/3', 'a/b', '-1/2', '1.5/2', ' 1/2', ''])('rejects %j', (raw) => {
    expect(() => parseShard(raw)).toThrow(UsageError);
  });

  test('a bad --shard is one line on stderr and exit 2, before anything runs', () => {
    const { status, stderr } = conformance('run', '--shard', '3/2');
    expect(status).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/--shard takes INDEX\/COUNT with 1 <= INDEX <= COUNT .*got '3\/2'/);
  });

  test('--help documents --shard and report merge', () => {
    const { status, stdout } = conformance('--help');
    expect(status).toBe(0);
    expect(stdout).toMatch(/--shard I\/N/);
    expect(stdout).toMatch(/conformance report merge DIR\.\.\. \[--report-dir OUT\]/);
  });

  test('report takes only merge', () => {
    const { status, stderr } = conformance('report', 'join');
    expect(status).toBe(2);
    expect(stderr).toMatch(/report takes 'merge', got 'join'/);
  });
});
