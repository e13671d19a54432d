import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { stdoutOf } from '../support/container-data.ts';
import { parseMounts } from '../support/effects.ts';
import { createVolume, PLUGIN_LOOKUP_MS, type Volume } from '../support/resources.ts';

const V122 = ['1.22' as const];

/** Docker's local-driver options for a tmpfs volume (the spec does not define the local driver's options). */
const LOCAL_TMPFS_OPTS: Record<string, string> = { type: 'tmpfs', device: 'tmpfs', o: 'size=1m' };

/**
 * A create with `body` answers 201 with a generated, non-empty Name that addresses the new volume.
 * An empty Name is no name: GET /volumes/(name) cannot address a volume named "" (Docker's own
 * client sends Name "" when the user gives none).
 */
/** POST /volumes/create with `body` (no name given): the generated Name it answers, which must be non-empty. */
async function generatedName(ctx: EngineContext, body: Record<string, unknown>, what: string): Promise<string | undefined> {
  const res = await ctx.api.post('/volumes/create', { json: body });
  ctx.expectStatus(res, 201, `POST /volumes/create ${what}`);
  const { Name } = ctx.expectJson<Partial<Volume> | null>(res, 'volume create response') ?? {};
  if (typeof Name === 'string' && Name) ctx.defer(async () => void (await ctx.api.delete(`/volumes/${Name}`)));
  ctx.expect(typeof Name === 'string' && Name.length > 0, `a volume created ${what} must get a generated name, got ${JSON.stringify(Name)}`, {
    expected: 'a non-empty generated Name',
    actual: Name,
  });
  return Name;
}

async function expectGeneratedName(ctx: EngineContext, body: Record<string, unknown>, what: string): Promise<void> {
  const Name = await generatedName(ctx, body, what);
  const inspect = await ctx.api.get(`/volumes/${Name}`);
  ctx.expectStatus(inspect, 200, 'the generated name addresses the new volume');
}

/** Spec: Endpoints > Volumes > 48. POST /volumes/create (1.22). */
export default [
  engineCheck({
    id: 'engine/volumes/create/201-response-schema',
    title: 'POST /volumes/create answers 201 with the Volume {Name, Driver, Mountpoint}',
    endpoint: 'engine/volumes/create',
    versions: V122,
    async run(ctx) {
      const name = ctx.uniqueName('vol');
      const res = await ctx.api.post('/volumes/create', { json: { Name: name } });
      ctx.defer(async () => void (await ctx.api.delete(`/volumes/${name}`)));
      ctx.expectStatus(res, 201, 'POST /volumes/create');
      const volume = ctx.expectVersionSchema<Volume>('volume', ctx.expectJson(res, 'volume create response'), 'the created volume');
      ctx.expectEqual(volume.Name, name, 'the created volume carries the requested Name');
    },
  }),
  engineCheck({
    id: 'engine/volumes/create/201-response-schema/name-of-removed',
    title: 'A volume created with the name of a removed one answers 201 with that Name: the removal freed the name',
    requirements: ['engine/volumes/create/201-response-schema'],
    endpoint: 'engine/volumes/create',
    versions: V122,
    async run(ctx) {
      // Removed, the volume is no more (404, as one that never existed): its name is a name no volume has.
      const { Name: name } = await createVolume(ctx);
      const removed = await ctx.api.delete(`/volumes/${encodeURIComponent(name)}`);
      if (removed.status !== 204) ctx.blockedBy('engine/volumes/delete/204-removed', `DELETE /volumes/${name} answered ${removed.status}`);
      const res = await ctx.api.post('/volumes/create', { json: { Name: name } });
      ctx.expectStatus(res, 201, `POST /volumes/create with the name ${name} of the volume just removed`);
      const volume = ctx.expectVersionSchema<Volume>('volume', ctx.expectJson(res, 'volume create response'), 'the volume created again');
      ctx.expectEqual(volume.Name, name, 'the volume created again carries the Name of the removed one');
    },
  }),
  engineCheck({
    id: 'engine/volumes/create/body-name-generated',
    title: 'A volume created without a Name gets a generated one, a name of its own: three such creates at once make three volumes',
    endpoint: 'engine/volumes/create',
    versions: V122,
    async run(ctx) {
      // At once, as clients creating anonymous volumes side by side do: a name generated per second would repeat.
      // (Sent one after another, a loaded event loop spread them over seconds.)
      const names = await Promise.all([1, 2, 3].map((n) => generatedName(ctx, {}, `without a Name (${n} of 3, sent at once)`)));
      ctx.expect(new Set(names).size === names.length, 'three volumes created without a Name at once get three different names', {
        expected: 'three different names',
        actual: names,
      });
      for (const name of names) ctx.expectStatus(await ctx.api.get(`/volumes/${name}`), 200, `the generated name ${name} addresses its volume`);
    },
  }),
  engineCheck({
    id: 'engine/volumes/create/body-name-generated/empty-name',
    title: 'A volume created with an empty Name ("", no name) gets a generated one',
    requirements: ['engine/volumes/create/body-name-generated'],
    endpoint: 'engine/volumes/create',
    versions: V122,
    run: (ctx) => expectGeneratedName(ctx, { Name: '' }, 'with Name ""'),
  }),
  engineCheck({
    id: 'engine/volumes/create/body-driver-default-local',
    title: 'A volume created without a Driver uses the local driver',
    endpoint: 'engine/volumes/create',
    versions: V122,
    async run(ctx) {
      const volume = await createVolume(ctx);
      ctx.expectEqual(volume.Driver, 'local', 'the default volume Driver is local');
      const inspect = ctx.expectJson<Volume>(await ctx.api.get(`/volumes/${volume.Name}`), 'volume inspect');
      ctx.expectEqual(inspect.Driver, 'local', 'inspect shows the default Driver local');
    },
  }),
  engineCheck({
    id: 'engine/volumes/create/body-driver-default-local/named-driver',
    title: 'The Driver sent is the volume driver: a driver the target lacks is refused, or the volume shows that Driver (never local in its place)',
    requirements: ['engine/volumes/create/body-driver-default-local'],
    endpoint: 'engine/volumes/create',
    versions: V122,
    async run(ctx) {
      const [name, driver] = [ctx.uniqueName('vol'), ctx.uniqueName('no-such-driver')];
      const res = await ctx.api.post('/volumes/create', { json: { Name: name, Driver: driver }, timeoutMs: PLUGIN_LOOKUP_MS });
      if (res.status === 201) ctx.defer(async () => void (await ctx.api.delete(`/volumes/${name}`)));
      const shown = res.status === 201 ? ctx.expectJson<Partial<Volume> | null>(res, 'volume create response')?.Driver : undefined;
      ctx.expect(res.status !== 201 || shown === driver, `a volume created with Driver ${driver} (no such driver) is refused or shows that Driver`, {
        expected: `a refusal, or Driver ${driver}`,
        actual: res.status === 201 ? { status: 201, Driver: shown } : { status: res.status },
      });
    },
  }),
  engineCheck({
    id: 'engine/volumes/create/body-driver-opts',
    title:
      'DriverOpts are passed to the driver: a volume the local driver creates with tmpfs mount options is a tmpfs where the driver ' +
      'applies them (the spec defines no option of any driver: a refusal, or the options taken and ignored, leave it unverified)',
    endpoint: 'engine/volumes/create',
    versions: V122,
    async run(ctx) {
      const name = ctx.uniqueName('vol');
      const res = await ctx.api.post('/volumes/create', {
        json: { Name: name, Driver: 'local', DriverOpts: LOCAL_TMPFS_OPTS },
      });
      ctx.defer(async () => void (await ctx.api.delete(`/volumes/${name}`)));
      const opts = JSON.stringify(LOCAL_TMPFS_OPTS);
      // The spec does not define the local driver's options: a driver that was passed them may refuse them.
      if (res.status >= 400 && res.status < 600)
        ctx.unverified(
          `the create with DriverOpts ${opts} was refused (${res.status}: ${res.text().trim().slice(0, 200)}); ` +
            'the options of the local driver are not in the spec, so a refusal of them by the driver breaks no rule',
        );
      ctx.expectStatus(res, 201, 'POST /volumes/create with DriverOpts for the local driver');
      const inspect = ctx.expectJson<Record<string, unknown> | null>(await ctx.api.get(`/volumes/${name}`), 'volume inspect') ?? {};
      if (inspect.Options !== undefined) ctx.observe(`the volume shows its options as Options: ${JSON.stringify(inspect.Options)}`);
      // A driver that applies these options mounts the volume as they say: a container sees a tmpfs there.
      const mounts = parseMounts(await stdoutOf(ctx, ['cat', '/proc/mounts'], { hostConfig: { Binds: [`${name}:/conformance-opts`] } }));
      const mount = mounts.find((m) => m.target === '/conformance-opts');
      ctx.precondition(
        mount !== undefined,
        `a container with Binds ["${name}:/conformance-opts"] shows no mount at /conformance-opts in /proc/mounts`,
        'engine/containers/create/host-config-binds-volume-name',
      );
      // Passed and ignored, or never passed: no client can tell them apart, and the first breaks no stated rule.
      if (mount?.fstype !== 'tmpfs')
        ctx.unverified(
          `the local driver took DriverOpts ${opts} (201) and the volume mounts as ${mount?.fstype} (source ${mount?.source}), not a tmpfs: ` +
            'the spec says only that DriverOpts are "passed to the driver" and defines no option of any driver, so a driver that takes ' +
            'these and ignores them breaks no rule, and whether they reached it cannot be seen',
        );
      ctx.expectEqual(mount?.fstype, 'tmpfs', 'a container mounting the volume at /conformance-opts sees the file system its DriverOpts name (type tmpfs)');
    },
  }),
];
