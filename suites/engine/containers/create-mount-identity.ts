/**
 * Spec: Resources > Container create request > HostConfig fields (Binds, VolumesFrom): a bind or
 * a volume mounts THE storage it names, not merely something at the destination. Observed through
 * containers only (the target may be a remote daemon): what one container writes through the
 * storage, another container mounting the same storage elsewhere reads; storage it does not name
 * does not show it; a read-only mount refuses writes.
 */
import { randomBytes } from 'node:crypto';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { expectEffect, observeInside, type Observed } from '../support/effects.ts';
import { createVolume } from '../support/resources.ts';
import { sourceMounts, VOLUMES_FROM_SENT, volumesFromHostConfig, volumesFromSources } from '../support/volumes-from.ts';

const R = 'engine/containers/create/';
const ENDPOINT = 'engine/containers/create';

/** The host directory the bind checks use: it exists on every Linux host. */
const HOST_DIR = '/tmp';

/** A script's output lines, each trimmed, empty ones dropped. */
const linesOf = (o: Observed): string[] =>
  o.out
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** Shell: prints `written` when `path` can be created, else `refused` (the error text goes to stderr). */
const tryWrite = (path: string): string => `touch ${path} && echo written || echo refused`;

/** Shell: tryWrite of `path`, which is removed once written (a file in a bound host directory is not left behind). */
const tryWriteAndRemove = (path: string): string => `touch ${path} && rm ${path} && echo written || echo refused`;

/** Runs `script` in a container created with `hostConfig`; the check fails naming `requirement` when it exits non-zero. */
async function ranWith(ctx: EngineContext, script: string, hostConfig: Record<string, unknown>, requirement: string): Promise<Observed> {
  const observed = await observeInside(ctx, script, { HostConfig: hostConfig });
  expectEffect(ctx, observed, observed.code === 0, `${script} in a container created with ${JSON.stringify(hostConfig)} exits 0`, {
    requirement,
    expected: 0,
    actual: { exitCode: observed.code, stdout: observed.out.slice(0, 200) },
  });
  return observed;
}

/** Expects a reader's output lines to be `expected`, naming `requirement`. */
function expectRead(ctx: EngineContext, reader: Observed, expected: string[], message: string, requirement: string): void {
  const actual = linesOf(reader);
  expectEffect(ctx, reader, actual.join('\n') === expected.join('\n'), message, { requirement, expected, actual });
}

const token = (): string => randomBytes(8).toString('hex');

export default [
  engineCheck({
    id: `${R}host-config-binds/host-directory`,
    title:
      'Binds host-src:container-dest mounts the host directory itself: a file written through a bind of /tmp is read through /tmp bound elsewhere, ' +
      'and through its sub-directory bound `:ro`, which refuses writes',
    requirements: [`${R}host-config-binds`],
    endpoint: ENDPOINT,
    async run(ctx) {
      const requirement = `${R}host-config-binds`;
      const dir = ctx.uniqueName('bind');
      const secret = token();
      let removed = false;
      // Registered first, so that the host keeps nothing of the run when a step below fails (on success the reader removed it).
      ctx.defer(async () => {
        if (!removed) await observeInside(ctx, `rm -rf /conformance-cleanup/${dir}`, { HostConfig: { Binds: [`${HOST_DIR}:/conformance-cleanup`] } });
      });
      await ranWith(
        ctx,
        `mkdir /conformance-bind-a/${dir} && echo ${secret} > /conformance-bind-a/${dir}/token`,
        { Binds: [`${HOST_DIR}:/conformance-bind-a`] },
        requirement,
      );
      const readOnly = await observeInside(ctx, `cat /conformance-bind-ro/token; ${tryWrite('/conformance-bind-ro/written')}`, {
        HostConfig: { Binds: [`${HOST_DIR}/${dir}:/conformance-bind-ro:ro`] },
      });
      expectRead(
        ctx,
        readOnly,
        [secret, 'refused'],
        `a bind of ${HOST_DIR}/${dir} at /conformance-bind-ro:ro shows the token another container wrote there, and refuses a write`,
        requirement,
      );
      const reader = await observeInside(ctx, `cat /conformance-bind-b/${dir}/token && rm -r /conformance-bind-b/${dir}`, {
        HostConfig: { Binds: [`${HOST_DIR}:/conformance-bind-b`] },
      });
      removed = reader.code === 0;
      expectRead(
        ctx,
        reader,
        [secret],
        `a bind of ${HOST_DIR} at /conformance-bind-b shows the token another container wrote through ${HOST_DIR}`,
        requirement,
      );
    },
  }),
  engineCheck({
    id: `${R}host-config-binds-volume-name/same-volume`,
    title:
      '(1.22) Binds volume-name:container-dest mounts that volume: a file one container writes through it another container reads ' +
      'through the same volume elsewhere (`:ro`, refusing writes), and not through another volume',
    requirements: [`${R}host-config-binds-volume-name`],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const requirement = `${R}host-config-binds-volume-name`;
      const [volume, other] = [await createVolume(ctx), await createVolume(ctx)];
      const secret = token();
      await ranWith(ctx, `echo ${secret} > /conformance-vol-a/token`, { Binds: [`${volume.Name}:/conformance-vol-a`] }, requirement);
      const reader = await observeInside(
        ctx,
        `cat /conformance-vol-b/token; test -e /conformance-other/token && echo shown || echo absent; ${tryWrite('/conformance-vol-b/written')}`,
        { HostConfig: { Binds: [`${volume.Name}:/conformance-vol-b:ro`, `${other.Name}:/conformance-other`] } },
      );
      expectRead(
        ctx,
        reader,
        [secret, 'absent', 'refused'],
        `the volume bound at /conformance-vol-b:ro shows the token another container wrote through it, refuses a write; another volume does not show it`,
        requirement,
      );
    },
  }),
  engineCheck({
    id: `${R}host-config-volumes-from/same-volume`,
    title:
      `VolumesFrom ${VOLUMES_FROM_SENT} mounts each container's own volume and bind mount: the file each wrote to its volume is read ` +
      'through them, a write to the volume and to the bind mount is refused through `:ro` and goes through `:rw` and the plain form',
    requirements: [`${R}host-config-volumes-from`],
    endpoint: ENDPOINT,
    async run(ctx) {
      const requirement = `${R}host-config-volumes-from`;
      const secrets = new Map<string, string>();
      // Each source's own volume (Config.Volumes) must hold its file: a target that breaks that is reported by its own check.
      const sources = await volumesFromSources(ctx, async (form) => {
        const [name, secret, path] = [ctx.uniqueName('vsrc'), token(), form.path];
        secrets.set(path, secret);
        await ctx.setUp(async () => {
          const source = await ctx.runningContainer(['sh', '-c', `echo ${secret} > ${path}/token`], { name, ...sourceMounts(form) });
          const code = await ctx.waitExit(source.id);
          if (code !== 0) ctx.fail(`writing a file to the container's volume ${path} exited ${code}`);
        }, `${R}body-volumes`);
        return name;
      });
      // The bind mounts share one host directory: each write there is a file of its own, removed once written.
      const written = ctx.uniqueName('from');
      const script = sources.map((s) => `cat ${s.path}/token; ${tryWrite(`${s.path}/written`)}; ${tryWriteAndRemove(`${s.bindPath}/${written}`)}`);
      const reader = await observeInside(ctx, script.join('; '), { HostConfig: volumesFromHostConfig(sources) });
      const mode = (writable: boolean): string => (writable ? 'written' : 'refused');
      expectRead(
        ctx,
        reader,
        sources.flatMap((s) => [secrets.get(s.path)!, mode(s.writable), mode(s.writable)]),
        `VolumesFrom ${sources.map((s) => s.entry).join(', ')} shows the token each container wrote to its volume; ` +
          'a write to the volume and to the bind mount goes through :rw and the plain form, not :ro',
        requirement,
      );
    },
  }),
];
