/**
 * Spec: Endpoints > Containers > 23, 24. (1.22) GET and PUT /containers/(id or name)/archive copy
 * from and into the container's filesystem: the one its programs see. The other archive checks
 * read back through the archive endpoints themselves, which a target whose archive works on a
 * store of its own (the image's files, a copy) would pass; here the container's own program is
 * the other side: it reads what PUT put, and GET shows what it wrote.
 */
import { randomBytes } from 'node:crypto';
import { engineCheck } from '../support/check.ts';
import { expectTar, sharedRanContainer, stdoutOfRun, WRITES_A_FILE } from '../support/container-data.ts';
import { archive } from '../support/archive.ts';
import { packTar, plainName } from '../support/tar-files.ts';

const PUT_EXTRACTED = 'engine/containers/archive-put/200-extracted';
const GET_OK = 'engine/containers/archive-get/200-tar-and-stat-header';

export default [
  engineCheck({
    id: `${PUT_EXTRACTED}/seen-inside`,
    title: "(1.22) A file PUT /archive extracts into a created container is the file its program reads once started (the container's own filesystem)",
    requirements: [PUT_EXTRACTED],
    endpoint: 'engine/containers/archive-put',
    versions: ['1.22'],
    async run(ctx) {
      const token = randomBytes(8).toString('hex');
      const file = `/conformance-put-${token}.txt`;
      const { id } = await ctx.createContainer({ cmd: ['sh', '-c', `cat ${file} || echo absent`] });
      const res = await archive(ctx, 'PUT', id, { path: '/' }, await packTar([{ name: file.slice(1), content: `${token}\n` }]));
      ctx.expectStatus(res, 200, `PUT /archive?path=/ of a tar holding ${file}`);
      await ctx.start(id);
      ctx.expectEqual((await stdoutOfRun(ctx, id)).trim(), token, `the container's program reads ${file} with the content PUT extracted`);
    },
  }),
  engineCheck({
    id: `${GET_OK}/written-inside`,
    title: "(1.22) GET /archive of a file the container's program wrote answers a tar of that file with what it wrote",
    requirements: [GET_OK],
    endpoint: 'engine/containers/archive-get',
    versions: ['1.22'],
    async run(ctx) {
      // WRITES_A_FILE writes "written\n" to /conformance-written, then the program ends.
      const { id } = await sharedRanContainer(ctx, WRITES_A_FILE);
      const res = await archive(ctx, 'GET', id, { path: '/conformance-written' });
      ctx.expectStatus(res, 200, 'GET /archive?path=/conformance-written of the container that wrote it');
      const entries = await expectTar(ctx, res, 'the archive of /conformance-written');
      ctx.expectEqual(
        entries.map((e) => [plainName(e.name), e.content.toString('utf8')]),
        [['conformance-written', 'written\n']],
        'the tar holds the file the container wrote, with its content',
      );
    },
  }),
];
