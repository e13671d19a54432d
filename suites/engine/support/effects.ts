/**
 * Observing the effect of a create field from inside the container, with the fixture's busybox
 * tools: the container runs a script that prints what the kernel and the daemon set up (/proc,
 * /sys, /etc), and the check reads it back from the logs.
 *
 * A Warning in the create answer may explain why a field did not take effect (a host that cannot
 * apply it): it is recorded beside the verdict, and never turns a missing effect into a pass.
 */
import type { EngineVersion } from '../../../harness/catalog/types.ts';
import type { RemovalOwner } from '../../../harness/check/file-shared.ts';
import type { FailureDetail } from '../../../harness/check/signals.ts';
import { engineCheck, type EngineCheck } from './check.ts';
import { createBody, createRaw, wholeStdoutOf } from './container-data.ts';
import { withoutNetwork, type EngineContext } from './context.ts';

export interface Observed {
  /** The script's stdout. */
  out: string;
  code: number;
  /** The Warnings of the create answer. */
  warnings: string[];
}

/**
 * Whether the target accepted a setting but discarded it with a warning (what Docker does on a
 * host that cannot apply it, such as a kernel without Block I/O weights): the stored value is not
 * the one sent, and the answer says why.
 */
export function discardedByHost(warnings: readonly string[], stored: unknown, sent: unknown): boolean {
  return warnings.length > 0 && stored !== sent;
}

/**
 * Creates a container from the fixture with `fields` (top level; HostConfig inside), runs `script`
 * with `sh -c` to its end and returns what it printed. Set-up: nothing here verifies the subject.
 * The container has no network unless `networked` or `fields` set a networking field (withoutNetwork).
 */
export async function observeInside(
  ctx: EngineContext,
  script: string,
  fields: Record<string, unknown> = {},
  networked = false,
  owner?: RemovalOwner,
): Promise<Observed> {
  return ctx.setUp(async () => {
    const body = withoutNetwork(createBody(ctx, { ...fields, Cmd: ['sh', '-c', script] }), networked);
    const { res, id, warnings } = await createRaw(ctx, body, undefined, owner);
    ctx.expectStatus(res, 201, `create with ${JSON.stringify(fields).slice(0, 200)}`);
    for (const w of warnings) ctx.observe(`create warning: ${w}`);
    await ctx.start(id!, Object.keys(fields).length ? JSON.stringify(fields).slice(0, 200) : undefined);
    const code = await ctx.waitExit(id!);
    return { out: await wholeStdoutOf(ctx, id!), code, warnings };
  });
}

/**
 * The effect `requirement` states was observed (`condition`), or the check fails naming it; a
 * create Warning is recorded as a possible explanation, the grade stays the requirement's.
 */
export function expectEffect(
  ctx: EngineContext,
  observed: Observed,
  condition: boolean,
  message: string,
  detail: FailureDetail & { requirement: string },
): void {
  if (!condition && observed.warnings.length) ctx.observe(`${message}: not observed; the create answer warned: ${observed.warnings.join(' | ')}`);
  ctx.expect(condition, message, detail);
}

/** Lines of /proc/mounts as {source, target, fstype, options}. */
export function parseMounts(text: string): Array<{ source: string; target: string; fstype: string; options: string[] }> {
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length >= 4)
    .map(([source, target, fstype, options]) => ({ source: source!, target: target!, fstype: fstype!, options: options!.split(',') }));
}

/** The `Key:\tvalue` lines of /proc/self/status. */
export function parseStatus(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) out[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return out;
}

/** Capability numbers (linux/capability.h) of the capabilities the checks use. */
export const CAP_BITS = { NET_ADMIN: 12, SYS_CHROOT: 18, SYS_ADMIN: 21, SYS_TIME: 25, MKNOD: 27, SETFCAP: 31 } as const;

/** True when bit `cap` is set in a /proc status capability mask (hex). */
export function hasCapability(mask: string | undefined, cap: number): boolean {
  if (!mask || !/^[0-9a-f]+$/i.test(mask)) return false;
  return ((BigInt(`0x${mask}`) >> BigInt(cap)) & 1n) === 1n;
}

/** What one effect check sends, runs and judges. */
export interface EffectSpec {
  /** The requirement whose effect is observed; the check id unless `id` is given. */
  requirement: string;
  id?: string;
  title: string;
  versions?: EngineVersion[];
  /**
   * Create fields (HostConfig inside); may build what they refer to (another container) and note
   * in `scratch` what the judgement needs to know about it.
   */
  fields(ctx: EngineContext, scratch: Record<string, unknown>): Promise<Record<string, unknown>> | Record<string, unknown>;
  script: string;
  /**
   * Judges the output of the container created with `fields`; `plain` is the baseline's output (given when
   * `baseline` is), for an effect told by what the container shows beyond a default one.
   */
  judge(observed: Observed, scratch: Record<string, unknown>, plain?: Observed): Judgement;
  /**
   * Judges a container created without the field: true when it does NOT show the effect. When it
   * does, the target shows the effect by default and the field's own cannot be told apart.
   */
  baseline?(observed: Observed): boolean;
  /** The check reads networking: its containers, the baseline's too, keep the default network. */
  networked?: boolean;
}

export interface Judgement {
  ok: boolean;
  message: string;
  expected: unknown;
  actual: unknown;
  /** The host cannot show the effect (the container has nowhere to read it): the check ends unverified with this cause, never failed. */
  unverified?: string;
}

export const judged = (ok: boolean, message: string, expected: unknown, actual: unknown): Judgement => ({ ok, message, expected, actual });

/** The non-empty lines of a command's output, trimmed. */
export const outputLines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * The scripts of the effect checks' baselines, by whether their container keeps the default
 * network. A baseline is a container created without any of the fields: one per file runs every
 * baseline script (each in a subshell, its output between markers), instead of one per check.
 */
const BASELINE_SCRIPTS = { networked: new Set<string>(), plain: new Set<string>() };
const baselineKind = (networked: boolean | undefined): keyof typeof BASELINE_SCRIPTS => (networked ? 'networked' : 'plain');

const marker = (i: number): string => `==conformance-baseline-${i}==`;

/**
 * Registers `script` with the file's baseline container (at module load, before any check runs)
 * and returns what a container created without the field prints running it.
 */
export function effectBaseline(script: string, networked = false): (ctx: EngineContext) => Promise<Observed> {
  BASELINE_SCRIPTS[baselineKind(networked)].add(script);
  return (ctx) => baselineOf(ctx, script, networked);
}

/** What a container created without the field prints running `script` (the file's baseline container, shared). */
async function baselineOf(ctx: EngineContext, script: string, networked: boolean): Promise<Observed> {
  const kind = baselineKind(networked);
  const { all, parts } = await ctx.file.containers.get(`effect baseline ${kind}`, async (shared) => {
    const scripts = [...BASELINE_SCRIPTS[kind]];
    const composite = [...scripts.map((s, i) => `printf '\\n%s\\n' '${marker(i)}'; (${s})`), `printf '\\n%s\\n' '${marker(scripts.length)}'`].join('; ');
    const all = await observeInside(ctx, composite, {}, networked, shared);
    return { all, parts: new Map(scripts.map((s, i) => [s, between(all.out, `\n${marker(i)}\n`, `\n${marker(i + 1)}\n`)])) };
  });
  const out = parts.get(script);
  return { ...all, out: out ?? ctx.preconditionUnmet(`the baseline container's output has no part for ${JSON.stringify(script)}: ${all.out.slice(0, 300)}`) };
}

/** The text between the markers (undefined when either is missing). */
function between(text: string, from: string, to: string): string | undefined {
  const start = text.indexOf(from);
  const end = start < 0 ? -1 : text.indexOf(to, start + from.length);
  return end < 0 ? undefined : text.slice(start + from.length, end);
}

/** A check that observes `spec.requirement`'s effect inside the container (and a baseline without the field, where given). */
export function effectCheck(spec: EffectSpec): EngineCheck {
  const baselineOfSpec = spec.baseline ? effectBaseline(spec.script, spec.networked === true) : undefined;
  return engineCheck({
    id: spec.id ?? spec.requirement,
    title: spec.title,
    requirements: [spec.requirement],
    endpoint: 'engine/containers/create',
    ...(spec.versions ? { versions: spec.versions } : {}),
    async run(ctx) {
      let plain: Observed | undefined;
      if (spec.baseline && baselineOfSpec) {
        plain = await baselineOfSpec(ctx);
        if (!spec.baseline(plain))
          ctx.notApplicable(
            `a container created without the field already shows the effect (${plain.out.trim().slice(0, 200)}): the field's own effect cannot be told apart`,
          );
      }
      const scratch: Record<string, unknown> = {};
      const fields = await ctx.setUp(async () => spec.fields(ctx, scratch));
      const observed = await observeInside(ctx, spec.script, fields, spec.networked);
      const { ok, message, expected, actual, unverified } = spec.judge(observed, scratch, plain);
      if (unverified) ctx.unverified(unverified);
      expectEffect(ctx, observed, ok, message, { requirement: spec.requirement, expected, actual });
    },
  });
}
