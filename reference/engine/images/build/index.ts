/** A build from its tar context: decode, find the build file, validate it, run it. */
import type { JsonStreamWriter } from '../../http/router.ts';
import type { EventBus } from '../../state/events.ts';
import type { FaultSet } from '../../faults.ts';
import { ContainerFs } from '../../fs/filesystem.ts';
import { decompress, detectCompression, UnsupportedCompressionError } from '../../fs/compression.ts';
import { layerFromTar } from '../../fs/tar.ts';
import { normalize } from '../../fs/paths.ts';
import type { Image } from '../image.ts';
import type { ImageStore } from '../store.ts';
import { BUILD_INSTRUCTIONS, BuildFileError, parseInstructions } from './dockerfile.ts';
import type { Instruction } from './dockerfile.ts';
import { Builder } from './builder.ts';
import type { BuildOptions } from './builder.ts';

export type { BuildOptions } from './builder.ts';

export interface BuildRequest extends BuildOptions {
  /** Path of the build file in the context (`Dockerfile` by default, in the profile's spelling). */
  buildFile: string;
  /** The default name, so that its lowercase variant is tried too, like the real daemon. */
  defaultBuildFile: string;
}

export async function runBuild(
  store: ImageStore,
  events: EventBus,
  body: Buffer,
  req: BuildRequest,
  out: JsonStreamWriter,
  faults: FaultSet,
): Promise<Image | undefined> {
  const builder = new Builder(store, events, new ContainerFs([]), req, out, faults);
  let context: ContainerFs;
  try {
    // Under `blind33-build-xz-context-unrecognized` the xz magic is not recognised: an xz context is read as a plain tar.
    const unrecognized = faults.has('blind33-build-xz-context-unrecognized') && detectCompression(body) === 'xz';
    context = new ContainerFs(body.length ? [await layerFromTar(unrecognized ? body : decompress(body))] : []);
  } catch (err) {
    const message = err instanceof UnsupportedCompressionError ? err.message : `Error processing tar file: ${(err as Error).message}`;
    builder.fail(message);
    return undefined;
  }
  const text = findBuildFile(context, req.buildFile, req.defaultBuildFile);
  if (!text) {
    builder.fail(`Cannot locate specified ${req.defaultBuildFile}: ${req.buildFile}`);
    return undefined;
  }
  let instructions: Instruction[];
  try {
    instructions = parseInstructions(faults.has('build-syntax-error-ignored') ? knownLinesOnly(text.toString('utf8')) : text.toString('utf8'));
  } catch (err) {
    if (!(err instanceof BuildFileError)) throw err;
    // Under `blind17-build-file-parsed-per-step` each line is parsed when its step comes: the lines before the error run first.
    if (faults.has('blind17-build-file-parsed-per-step'))
      return new Builder(store, events, context, req, out, faults).run(parsedBefore(text.toString('utf8')), err);
    builder.fail(err.message);
    return undefined;
  }
  if (faults.has('build-drops-last-instruction')) instructions = instructions.slice(0, -1);
  if (faults.has('build-context-files-dropped')) context = new ContainerFs([]);
  return new Builder(store, events, context, req, out, faults).run(instructions);
}

/** The build file of a context by the name asked for; the default name is also found lower-cased. */
function findBuildFile(context: ContainerFs, buildFile: string, defaultBuildFile: string): Buffer | undefined {
  const candidates = buildFile === defaultBuildFile ? [buildFile, buildFile.toLowerCase()] : [buildFile];
  return candidates.map((name) => context.readFile(normalize(name))).find((b) => b !== undefined);
}

/** Whether a context that unpacks lacks the build file (`blind11-build-missing-file-404` asks before the stream starts). */
export async function buildFileMissing(body: Buffer, buildFile: string, defaultBuildFile: string): Promise<boolean> {
  try {
    const context = new ContainerFs(body.length ? [await layerFromTar(decompress(body))] : []);
    return findBuildFile(context, buildFile, defaultBuildFile) === undefined;
  } catch {
    return false;
  }
}

/** The build file without its unknown instructions (the `build-syntax-error-ignored` fault). */
function knownLinesOnly(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.trim() || BUILD_INSTRUCTIONS.includes(line.trim().split(/\s/)[0]!.toUpperCase()))
    .join('\n');
}

/** The instructions of the longest run of leading lines that parses (what a line-by-line parser reaches before its error). */
function parsedBefore(text: string): Instruction[] {
  const lines = text.split('\n');
  let parsed: Instruction[] = [];
  for (let n = 1; n <= lines.length; n++) {
    try {
      parsed = parseInstructions(lines.slice(0, n).join('\n'));
    } catch {
      return parsed;
    }
  }
  return parsed;
}
