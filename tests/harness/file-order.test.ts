import fc from 'fast-check';
import { afterEach, expect, test } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import type { ProductInfo } from '../../harness/run/probe.ts';
import { RUN_CONFIG_ENV } from '../../harness/run/config.ts';
import { FileOrderSequencer, fileOrderCacheDir } from '../../harness/run/file-order.ts';

const ROOT = '/project';
const spec = (file: string): TestSpecification =>
  ({ moduleId: `${ROOT}/${file}`, project: { name: '', config: { sequence: { groupOrder: 0 }, isolate: false } } }) as unknown as TestSpecification;

/** A vitest whose results cache knows the durations (and failures) given, and every file's size. */
function vitestWith(last: Record<string, { duration: number; failed?: boolean }>, sizes: Record<string, number>): Vitest {
  return {
    config: { root: ROOT },
    cache: {
      getFileTestResults: (key: string) => last[key.slice(1)],
      getFileStats: (key: string) => (sizes[key.slice(1)] === undefined ? undefined : { size: sizes[key.slice(1)] }),
    },
  } as unknown as Vitest;
}

const files = (specs: TestSpecification[]): string[] => specs.map((s) => s.moduleId.slice(ROOT.length + 1));

test('files start longest first by their last duration, a file that failed last time among the others by its duration', async () => {
  const last = { 'a.test.ts': { duration: 2000, failed: true }, 'networks.test.ts': { duration: 15_000 }, 'b.test.ts': { duration: 9000, failed: true } };
  const sorted = await new FileOrderSequencer(vitestWith(last, {})).sort(['a.test.ts', 'networks.test.ts', 'b.test.ts'].map(spec));
  expect(files(sorted)).toEqual(['networks.test.ts', 'b.test.ts', 'a.test.ts']);
});

test('files the cache has no duration for start first, larger first, as vitest orders a first run', async () => {
  const last = { 'known.test.ts': { duration: 30_000 } };
  const sizes = { 'small.test.ts': 10, 'large.test.ts': 900, 'known.test.ts': 500 };
  const sorted = await new FileOrderSequencer(vitestWith(last, sizes)).sort(['small.test.ts', 'known.test.ts', 'large.test.ts'].map(spec));
  expect(files(sorted)).toEqual(['large.test.ts', 'small.test.ts', 'known.test.ts']);
});

afterEach(() => {
  delete process.env[RUN_CONFIG_ENV];
});

test('in a run with an image lane the lane sections start first, the others after them in their own order', async () => {
  const names = ['engine-1.22/containers', 'engine-1.22/images', 'engine-1.18/streams', 'engine-1.18/events', 'engine-1.22/system'];
  const sections = names.map((n) => `suites/${n}.test.ts`);
  const last = Object.fromEntries(sections.map((f, i) => [f, { duration: 1000 * (10 - i) }]));
  process.env[RUN_CONFIG_ENV] = JSON.stringify({ imageLane: '/tmp/lane.sock' });
  const laned = await new FileOrderSequencer(vitestWith(last, {})).sort(sections.map(spec));
  expect(files(laned).map((f) => f.slice('suites/'.length, -'.test.ts'.length))).toEqual([
    'engine-1.22/images',
    'engine-1.18/events',
    'engine-1.22/system',
    'engine-1.22/containers',
    'engine-1.18/streams',
  ]);
  process.env[RUN_CONFIG_ENV] = JSON.stringify({});
  const free = await new FileOrderSequencer(vitestWith(last, {})).sort(sections.map(spec));
  expect(files(free)).toEqual(sections);
});

test('each implementation, the embedded target apart and that target with faults apart again, keeps its own durations', () => {
  const docker: ProductInfo = { product: 'Docker', version: '20.10.24+dfsg1' };
  const podman: ProductInfo = { product: 'Podman Engine', version: '4.3.1' };
  const dirs = new Set([
    fileOrderCacheDir(docker, false),
    fileOrderCacheDir(podman, false),
    fileOrderCacheDir(docker, true),
    fileOrderCacheDir(docker, true, true),
  ]);
  expect(dirs.size).toBe(4);
  expect(fileOrderCacheDir(docker, false)).toMatch(/conformance-file-order\/docker-20\.10\.24-dfsg1$/);
});

/** A vitest that runs shard `index` of `count` over the suite files given. */
function shardedVitest(all: string[], index: number, count: number): Vitest {
  return { config: { root: ROOT, shard: { index, count } }, globTestSpecifications: async () => all.map(spec) } as unknown as Vitest;
}

test('a shard of a narrowed list is the shard of all the files, narrowed: no file moves to another shard', async () => {
  const all = Array.from({ length: 12 }, (_, i) => `section-${i}.test.ts`);
  await fc.assert(
    fc.asyncProperty(fc.subarray(all), fc.integer({ min: 2, max: 4 }), async (narrowed, count) => {
      for (let index = 1; index <= count; index++) {
        const sequencer = new FileOrderSequencer(shardedVitest(all, index, count));
        const whole = new Set(files(await sequencer.shard(all.map(spec))));
        expect(files(await sequencer.shard(narrowed.map(spec)))).toEqual(narrowed.filter((f) => whole.has(f)));
      }
    }),
  );
});
