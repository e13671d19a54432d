/**
 * POST /build: runs a build file over a tar context and writes `{stream}` lines like the real
 * daemon ("Step 1 : FROM busybox", " ---> <id>", "Successfully built <id>"), or an `{error,
 * errorDetail}` object when a step fails. A FROM that pulls its image (not local yet, or `pull=1`)
 * writes the pull's progress objects between its lines, as POST /images/create writes them. RUN
 * runs the built-in programs directly over a ContainerFs (no daemon container is created); every
 * step commits an intermediate image.
 */
import { randomBytes } from 'node:crypto';
import type { JsonStreamWriter } from '../../http/router.ts';
import type { EventBus } from '../../state/events.ts';
import type { FaultSet } from '../../faults.ts';
import { ContainerFs } from '../../fs/filesystem.ts';
import { digestOf, layerToTar } from '../../fs/tar.ts';
import { startProgram } from '../../runtime/program.ts';
import { makeImage } from '../image.ts';
import type { ContainerConfigLike, Image } from '../image.ts';
import type { ImageStore } from '../store.ts';
import { pullForBuild } from '../pull.ts';
import { parseRef, registryHost } from '../reference.ts';
import type { Credentials } from '../registry-auth.ts';
import { shortId } from '../shape.ts';
import { BuildFileError, splitWords, substitute } from './dockerfile.ts';
import type { Instruction } from './dockerfile.ts';
import { applyConfigInstruction, commandForm, nopCreatedBy } from './config-changes.ts';
import { copyFromContext } from './copy.ts';

export interface BuildOptions {
  tags: string[];
  quiet: boolean;
  nocache: boolean;
  rm: boolean;
  forcerm: boolean;
  buildArgs: Record<string, string>;
  /** `pull=1`: pull the base image even when a local one exists. */
  pull?: boolean;
  /** The credentials X-Registry-Config gives for a registry host (FROM an image of a private registry). */
  registryCredentials?: (host: string) => Credentials;
  /** Leaves a step's container behind (a build that does not remove its intermediate containers). */
  leaveContainer?: (id: string, image: Image, cmd: string[]) => void;
}

/** Build args every build accepts without an ARG (like the real daemon's proxy variables). */
const PREDEFINED_ARGS = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'FTP_PROXY', 'ftp_proxy', 'NO_PROXY', 'no_proxy'];

const caches = new WeakMap<ImageStore, Map<string, string>>();

/** A failed step: the message and the code of the error object. */
export class StepError extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

/** Where a quiet build's pull progress goes (`q` suppresses the verbose output, the pull's too), and a build's under `build-pull-progress-dropped`. */
const DISCARDED: JsonStreamWriter = { write() {}, end() {}, closed: Promise.resolve(), isClosed: false };

const SCRATCH: Image = makeImage({ parent: '', created: new Date(0), author: '', comment: '', config: {}, containerConfig: {}, layers: [], history: [] });

export class Builder {
  private image: Image | undefined;
  /** The FROM image (`blind12-build-run-workdir-from-base` runs RUN in its working directory). */
  private base: Image | undefined;
  private author = '';
  private readonly declaredArgs = new Map<string, string>();
  private readonly usedArgs = new Set<string>();
  private readonly cache: Map<string, string>;
  /** The containers the steps ran in: `rm` (after success) and `forcerm` (always) remove them. */
  private readonly stepContainers: Array<{ id: string; image: Image; cmd: string[] }> = [];

  constructor(
    private readonly store: ImageStore,
    private readonly events: EventBus,
    private readonly context: ContainerFs,
    private readonly opts: BuildOptions,
    private readonly out: JsonStreamWriter,
    private readonly faults: FaultSet,
  ) {
    this.cache = caches.get(store) ?? new Map();
    caches.set(store, this.cache);
  }

  private say(text: string): void {
    if (!this.opts.quiet) this.out.write({ stream: text });
  }

  /**
   * Runs every instruction; returns the final image, or undefined after writing an error object.
   * `lateError` (`blind17-build-file-parsed-per-step`): the syntax error met after the instructions given.
   */
  async run(instructions: Instruction[], lateError?: BuildFileError): Promise<Image | undefined> {
    try {
      if (instructions[0]?.keyword !== 'FROM') throw lateError ?? new StepError('Please provide a source image with `from` prior to commit');
      for (const [i, ins] of instructions.entries()) {
        if (this.out.isClosed) return undefined;
        this.say(`Step ${i + 1} : ${ins.keyword} ${ins.args}\n`);
        await this.step(ins);
      }
      if (lateError) throw lateError;
      const unused = Object.keys(this.opts.buildArgs).filter((a) => !this.usedArgs.has(a) && !PREDEFINED_ARGS.includes(a));
      if (unused.length) throw new StepError(`One or more build-args [${unused.join(' ')}] were not consumed, failing build.`);
      const image = this.image!;
      for (const tag of this.opts.tags) this.store.tag(image.id, tag);
      // Under `blind28-build-quiet-bare-id-text` a quiet build ends with the image id as a line of text (what `build -q` prints), not a {stream} object.
      if (this.opts.quiet && this.faults.has('blind28-build-quiet-bare-id-text') && this.out.text) this.out.text(`${image.id}\n`);
      else if (this.opts.quiet) this.out.write({ stream: `${image.id}\n` });
      else this.say(`Successfully built ${shortId(image.id)}\n`);
      if ((!this.opts.rm && !this.opts.forcerm) || this.faults.has('build-output-unnamed-intermediates-kept')) this.leaveStepContainers();
      return image;
    } catch (err) {
      if (!(err instanceof StepError || err instanceof BuildFileError)) throw err;
      this.fail(err.message, err instanceof StepError ? err.code : 1);
      // The reference removes a failed build's containers whatever forcerm says; the fault keeps them.
      if (this.faults.has('build-forcerm-ignored') || this.faults.has('build-output-unnamed-intermediates-kept')) this.leaveStepContainers();
      return undefined;
    }
  }

  private leaveStepContainers(): void {
    for (const step of this.stepContainers) this.opts.leaveContainer?.(step.id, step.image, step.cmd);
  }

  fail(message: string, code = 1): void {
    this.out.write(this.faults.has('build-error-no-errorDetail') ? { error: message } : { error: message, errorDetail: { code, message } });
  }

  private vars(): Map<string, string> {
    const vars = new Map<string, string>();
    for (const [name, value] of this.declaredArgs) vars.set(name, value);
    for (const entry of this.image?.config.Env ?? []) {
      const eq = entry.indexOf('=');
      vars.set(entry.slice(0, eq), entry.slice(eq + 1));
    }
    return vars;
  }

  private async step(ins: Instruction): Promise<void> {
    if (ins.keyword === 'FROM') return this.from(substitute(ins.args, this.vars()));
    const current = this.image!;
    if (ins.keyword === 'ARG') this.declareArg(ins.args);
    const contextDigest =
      ins.keyword === 'COPY' || ins.keyword === 'ADD'
        ? digestOf(Buffer.from(JSON.stringify([...this.context.walk('/')].map((e) => [e.path, e.node.type === 'file' ? digestOf(e.node.data) : e.node.type]))))
        : '';
    const cacheKey = `${current.id}\n${ins.keyword} ${ins.args}\n${contextDigest}\n${JSON.stringify([...this.declaredArgs])}`;
    const cached = this.opts.nocache ? undefined : this.store.get(this.cache.get(cacheKey) ?? '');
    if (cached) {
      this.say(` ---> Using cache\n ---> ${shortId(cached.id)}\n`);
      this.image = cached;
      return;
    }
    const containerId = randomBytes(32).toString('hex');
    // Under `build-output-unnamed-intermediates-kept` the output names no step container (and every one is kept, whatever rm and forcerm say).
    const unnamed = this.faults.has('build-output-unnamed-intermediates-kept');
    this.say(unnamed ? ' ---> Executing the step\n' : ` ---> Running in ${containerId.slice(0, 12)}\n`);
    this.stepContainers.push({ id: containerId, image: current, cmd: ['/bin/sh', '-c', `#(nop) ${ins.keyword} ${ins.args}`] });
    const next = await this.execute(ins, current, containerId);
    this.store.add(next);
    this.cache.set(cacheKey, next.id);
    this.image = next;
    this.say(` ---> ${shortId(next.id)}\n`);
    if ((this.opts.rm || this.opts.forcerm) && !unnamed) this.say(`Removing intermediate container ${containerId.slice(0, 12)}\n`);
  }

  private from(ref: string): void {
    if (ref === 'scratch') {
      this.image = SCRATCH;
      this.say(' ---> \n');
      return;
    }
    const creds = this.opts.registryCredentials?.(registryHost(parseRef(ref)?.repo ?? '') ?? '');
    const progress = this.opts.quiet || this.faults.has('build-pull-progress-dropped') ? DISCARDED : this.out;
    // Under `blind32-progress-current-per-chunk` the pull's progressDetail.current is each chunk's size, not the bytes moved so far.
    const perChunk = this.faults.has('blind32-progress-current-per-chunk');
    const pull = (): boolean => pullForBuild(this.store, this.events, ref, creds, progress, perChunk);
    if (this.opts.pull) pull();
    let image = this.store.resolve(ref);
    if (!image && pull()) image = this.store.resolve(ref);
    if (!image) throw new StepError(`Error: image ${ref} not found`);
    this.image = image;
    this.base = image;
    this.say(` ---> ${shortId(image.id)}\n`);
  }

  private declareArg(args: string): void {
    const eq = args.indexOf('=');
    const name = eq < 0 ? args.trim() : args.slice(0, eq);
    const fallback = eq < 0 ? undefined : args.slice(eq + 1);
    const given = this.opts.buildArgs[name];
    if (given !== undefined) this.usedArgs.add(name);
    const value = given ?? fallback;
    if (value !== undefined) this.declaredArgs.set(name, value);
  }

  /** The image one instruction makes on top of `current`. */
  private async execute(ins: Instruction, current: Image, containerId: string): Promise<Image> {
    const vars = this.vars();
    if (ins.keyword === 'RUN') return this.commitLayer(current, ins, await this.runStep(ins, current, containerId, vars), commandForm(ins), containerId);
    if (ins.keyword === 'COPY' || ins.keyword === 'ADD') {
      const fs = new ContainerFs(current.layers);
      const words = (ins.json ?? splitWords(ins.args)).map((w) => substitute(w, vars));
      if (words.length < 2) throw new StepError(`${ins.keyword} requires at least two arguments`);
      await copyFromContext(this.context, fs, words.slice(0, -1), words[words.length - 1]!, current.config.WorkingDir ?? '/', ins.keyword === 'ADD');
      const createdBy = `/bin/sh -c #(nop) ${ins.keyword} ${words.slice(0, -1).join(' ')} in ${words[words.length - 1]}`;
      return this.commitLayer(current, ins, fs, ['/bin/sh', '-c', `#(nop) ${ins.keyword} ${ins.args}`], containerId, createdBy);
    }
    if (ins.keyword === 'ARG') return this.commitConfig(current, current.config, ins, containerId);
    const changed = applyConfigInstruction(current.config, ins, vars);
    if (!changed) throw new StepError(`Unknown instruction: ${ins.keyword}`);
    if (changed.author) this.author = changed.author;
    return this.commitConfig(current, changed.config, ins, containerId);
  }

  private async runStep(ins: Instruction, current: Image, containerId: string, vars: Map<string, string>): Promise<ContainerFs> {
    const fs = new ContainerFs(current.layers);
    const argv = [...(ins.json ?? ['/bin/sh', '-c', ins.args])];
    const env = [...vars].map(([k, v]) => `${k}=${v}`);
    const run = startProgram({
      argv,
      env,
      fs,
      hostname: containerId.slice(0, 12),
      // Under `blind12-build-run-workdir-from-base` RUN works in the FROM image's directory: an earlier WORKDIR is not seen.
      workingDir: (this.faults.has('blind12-build-run-workdir-from-base') ? (this.base ?? current) : current).config.WorkingDir || '/',
      tty: false,
      io: { stdin: null, stdout: (d) => this.say(d.toString('utf8')), stderr: (d) => this.say(d.toString('utf8')) },
    });
    const closed = this.out.closed.then(() => (this.faults.has('build-not-canceled') ? undefined : run.signal('SIGKILL')));
    const code = await run.exited;
    void closed;
    if (code !== 0) throw new StepError(`The command '${argv.join(' ')}' returned a non-zero code: ${code}`, code);
    return fs;
  }

  private async commitLayer(
    current: Image,
    ins: Instruction,
    fs: ContainerFs,
    cmd: string[],
    containerId: string,
    createdBy = `/bin/sh -c ${ins.args}`,
  ): Promise<Image> {
    const layer = fs.snapshotUpper();
    layer.id = digestOf(await layerToTar(layer));
    return this.commit(current, current.config, { ...current.config, Cmd: cmd }, [...current.layers, layer], createdBy, false, containerId);
  }

  private commitConfig(current: Image, config: ContainerConfigLike, ins: Instruction, containerId: string): Image {
    const createdBy = nopCreatedBy(ins);
    return this.commit(
      current,
      config,
      { ...config, Cmd: ['/bin/sh', '-c', createdBy.slice('/bin/sh -c '.length)] },
      current.layers,
      createdBy,
      true,
      containerId,
    );
  }

  private commit(
    current: Image,
    config: ContainerConfigLike,
    containerConfig: ContainerConfigLike,
    layers: Image['layers'],
    createdBy: string,
    emptyLayer: boolean,
    containerId: string,
  ): Image {
    const created = new Date();
    return makeImage({
      parent: current === SCRATCH ? '' : current.id,
      created,
      author: this.author || current.author,
      comment: '',
      container: containerId,
      config: { ...config, Image: current === SCRATCH ? '' : current.id },
      containerConfig: { ...containerConfig, Image: current === SCRATCH ? '' : current.id },
      layers,
      history: [...current.history, { created, createdBy, comment: '', size: 0, ...(emptyLayer ? { emptyLayer: true } : {}) }],
    });
  }
}
