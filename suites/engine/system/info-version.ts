import { engineCheck } from '../support/check.ts';

/** The Version fields 1.22 Info carries too, under its own names (Arch is left out: Info's Architecture may spell the machine otherwise, x86_64 for amd64). */
const SAME_IN_122: Array<[string, string]> = [
  ['Version', 'ServerVersion'],
  ['Os', 'OSType'],
];

/** Spec: Endpoints > System > 43, 44; Resources > System information. */
export default [
  engineCheck({
    id: 'engine/system/info/200-response-schema',
    title: 'GET /info answers 200 with the Info object of the version',
    endpoint: 'engine/system/info',
    async run(ctx) {
      const res = await ctx.api.get('/info');
      ctx.expectStatus(res, 200, 'GET /info');
      ctx.expectVersionSchema('info', ctx.expectJson(res, 'info'), `the ${ctx.version} Info object`);
    },
  }),
  engineCheck({
    id: 'engine/system/version/200-response-schema',
    title: 'GET /version answers 200 with the Version object of the version',
    endpoint: 'engine/system/version',
    async run(ctx) {
      const res = await ctx.api.get('/version');
      ctx.expectStatus(res, 200, 'GET /version');
      ctx.expectVersionSchema('version', ctx.expectJson(res, 'version'), `the ${ctx.version} Version object`);
    },
  }),
  engineCheck({
    id: 'engine/system/version/200-response-schema/same-daemon-as-info',
    title:
      'GET /version describes the daemon GET /info describes: its KernelVersion, and (1.22) its Version, Os and Experimental ' +
      'as ServerVersion, OSType and ExperimentalBuild',
    requirements: ['engine/system/version/200-response-schema'],
    endpoint: 'engine/system/version',
    async run(ctx) {
      const res = await ctx.api.get('/version');
      ctx.expectStatus(res, 200, 'GET /version');
      const version = ctx.expectJson<Record<string, unknown>>(res, 'version');
      const info = await ctx.setUp(async () => {
        const res = await ctx.api.get('/info');
        ctx.precondition(res.status === 200, `GET /info answered ${res.status}`, 'engine/system/info/200-response-schema');
        return ctx.expectJson<Record<string, unknown>>(res, 'info');
      }, 'engine/system/info/200-response-schema');
      // The same field of one daemon in its two descriptions: a Version object of fixed or other values shows here only.
      const pairs: Array<[string, string]> = [['KernelVersion', 'KernelVersion'], ...(ctx.version === '1.22' ? SAME_IN_122 : [])];
      for (const [ofVersion, ofInfo] of pairs) ctx.expectEqual(version[ofVersion], info[ofInfo], `GET /version ${ofVersion} is GET /info ${ofInfo}`);
      // One build flag in both: compared where /version shows it (a Version without it is the schema's to report).
      if (ctx.version === '1.22' && version.Experimental !== undefined) {
        ctx.expectEqual(version.Experimental, info.ExperimentalBuild, 'GET /version Experimental is GET /info ExperimentalBuild');
      }
    },
  }),
];
