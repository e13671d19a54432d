/**
 * The twenty-seventh batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: an image inspect whose name carries a registry port split at its first colon
 * (the image is not found), a 101 answer whose stream goes out in HTTP chunked encoding (the
 * connection is not handed over), memory_stats counters copied as the text memory.stat holds, an
 * archive GET relative path taken from the WorkingDir, a push of a missing image answered 200 with
 * an in-stream error, the read-only archive target checked on the live mounts only (a container that
 * is not running accepts the PUT), and changes of an unknown container answered 200 [].
 */
import { faultArea } from '../../faults.ts';

/** Twenty-seventh-batch blind faults: one per given sentence. */
export const BLIND_27_FAULTS = faultArea('blind', [
  {
    name: 'blind27-image-inspect-registry-port-split',
    description:
      'GET /images/(name)/json splits the name at its first colon to find the tag: a name whose repository carries a registry ' +
      'host and port (127.0.0.1:5000/mine, 127.0.0.1:5000/mine:latest) is not found (404) though the image holds that tag',
  },
  {
    name: 'blind27-hijack-101-chunked-body',
    description:
      'attach, logs and exec start answer 101 with `Transfer-Encoding: chunked` and send the stream in HTTP chunks (size line, ' +
      'data, CRLF, then a last 0 chunk): the connection is answered as an HTTP message, not handed over raw; the 200 is unchanged',
  },
  {
    name: 'blind27-stats-memory-counters-strings',
    description:
      'stats memory_stats.stats counters are copied as the text memory.stat holds: {"cache": "0", "rss": "4194304", ...} ' +
      'strings instead of integers; usage, max_usage, failcnt and limit are unchanged',
  },
  {
    name: 'blind27-archive-relative-path-from-workdir',
    description:
      'archive GET (and its stat header) resolves a relative `path` from the container WorkingDir instead of the container root: ' +
      'with WorkingDir /work, path=etc/passwd answers 404 (no /work/etc/passwd); absolute paths and a container without WorkingDir are unchanged',
  },
  {
    name: 'blind27-push-missing-image-200',
    description:
      'POST /images/(name)/push opens its progress stream before looking the image up: a push of an image that does not exist ' +
      'answers 200 with an in-stream {error: "An image does not exist locally with the tag: ..."} instead of 404',
  },
  {
    name: 'blind27-archive-put-readonly-running-only',
    description:
      'archive PUT checks the read-only root filesystem and read-only volumes on the live mounts: a container that is not running ' +
      '(created or exited) with ReadonlyRootfs or a :ro volume has the archive extracted (200) instead of 403; a running one is refused 403',
  },
  {
    name: 'blind27-changes-missing-container-empty',
    description:
      'GET /containers/(id)/changes of a container that does not exist answers 200 [] (the diff of a layer that is not there is ' +
      'empty) instead of 404; the changes of existing containers are unchanged',
  },
]);
