/**
 * The repositories the repository checks add. The spec's create "adds an existing repository from a
 * third-party registry": a target may check that it exists. The run's --cloud-repository names
 * existing ones (with --cloud-repository-auth's login); without them a check adds a made-up name,
 * and a target that refuses it as unknown or unreachable leaves the check unverified, not failed.
 */
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { CloudContext } from '../support/context.ts';

/** The flags that name an existing repository and its login, as the causes of unverified checks cite them. */
export const REPOSITORY_FLAGS = '--cloud-repository NAME [--cloud-repository-auth USER:PASSWORD]';

/** A repository a check adds, and the login it sends with it. */
export interface RepositoryToAdd {
  name: string;
  username: string;
  password: string;
  /** Named by the run (--cloud-repository): it exists, and the target may hold it already. */
  given: boolean;
}

/**
 * The `index`-th repository a check adds: the run's `index`-th --cloud-repository, else `madeUp`
 * (a name with the run's id) sent with `login`.
 */
export function repositoryToAdd(ctx: CloudContext, index: number, madeUp: string, login: { username: string; password: string }): RepositoryToAdd {
  const name = ctx.run.cloud?.repositories?.[index];
  if (name === undefined) return { name: madeUp, ...login, given: false };
  const auth = ctx.run.cloud?.repositoryAuth;
  return { name, ...(auth ? { username: auth.user, password: auth.key } : login), given: true };
}

/** The registry host a repository name begins with (host or host:port). */
export const hostOfRepository = (name: string): string => name.slice(0, name.indexOf('/'));

/** A given repository is added by one check at a time: each adds it, and removes it before the next does. */
const inUse = new Map<string, Promise<void>>();
/** The given repositories a check of this file went on to add. */
const addedHere = new Set<string>();

/**
 * Waits until no other check of this file holds the given repository, then holds it until the
 * check ends (its removal, deferred after this, runs first). A repository the target already
 * holds is not the run's to add or remove: the check ends unverified.
 */
export async function holdGivenRepository(ctx: CloudContext, name: string, path: string): Promise<void> {
  for (let other = inUse.get(name); other; other = inUse.get(name)) await other;
  let release: () => void = () => {};
  inUse.set(
    name,
    new Promise<void>((resolve) => {
      release = resolve;
    }),
  );
  ctx.defer(() => {
    inUse.delete(name);
    release();
  });
  const held = await ctx.api.get(path);
  if (held.status !== 200) return void addedHere.add(name);
  if (addedHere.has(name)) ctx.unverified(`${name}, given with --cloud-repository, is still there after an earlier check of the run added it and sent DELETE`);
  ctx.unverified(
    `the target already holds ${name}, given with --cloud-repository: the checks add and remove only what they created, ` +
      'so they leave it alone; remove it from the target or name another repository',
  );
}

/** What a target answers that adds only existing repositories: the repository unknown, its registry unreachable, the login refused. */
const UNKNOWN = new RegExp(
  [
    'not exist|no such|not found|unreachable',
    'cannot be (?:found|reached)|could not (?:be )?(?:find|found|reach|reached|resolve|connect)',
    'unauthori[sz]ed|authentication failed|access denied|invalid credentials',
  ].join('|'),
  'i',
);
/** ... about the repository or its registry, not about a field of the body. */
const ABOUT = /repositor|registry|image/i;

/** Whether a target refused a made-up repository as one that does not exist or cannot be reached (a 4xx that says so). */
export function refusedAsUnknown(res: HttpResponse, name: string): boolean {
  if (res.status < 400 || res.status >= 500) return false;
  const text = res.text();
  return UNKNOWN.test(text) && (ABOUT.test(text) || text.includes(name) || text.includes(hostOfRepository(name)));
}

/** The cause of an unverified check whose made-up repository the target refused as unknown. */
const refusedMadeUp = (name: string, res: HttpResponse): string =>
  `the target refused the made-up repository ${name} as one it cannot find or reach (${res.status}: ${res.text().slice(0, 200)}); ` +
  "the spec's create adds an existing repository";

/**
 * After a refused add of a made-up repository: when the target said it does not exist or cannot be
 * reached, the check ends unverified, naming the option that gives it an existing one. Any other
 * refusal returns, for the check to judge.
 */
export function unverifiedWhenUnknown(ctx: CloudContext, repo: RepositoryToAdd, index: number, res: HttpResponse): void {
  if (repo.given || !refusedAsUnknown(res, repo.name)) return;
  const which = index === 0 ? 'an existing repository' : `a ${ordinal(index + 1)} existing repository (give the option ${index + 1} times)`;
  ctx.unverified(`${refusedMadeUp(repo.name, res)}: name ${which} with ${REPOSITORY_FLAGS}`);
}

/**
 * The same for a check that needs a repository name of its own, which no other check adds (a
 * given repository is added by the repository checks): it cannot take the option's.
 */
export function unverifiedWhenOwnNameUnknown(ctx: CloudContext, name: string, res: HttpResponse): void {
  if (!refusedAsUnknown(res, name)) return;
  ctx.unverified(`${refusedMadeUp(name, res)}, and this check needs a name of its own: --cloud-repository does not apply to it`);
}

const ordinal = (n: number): string => (n === 2 ? 'second' : n === 3 ? 'third' : `${n}th`);
