/**
 * A user setting (`user`, `user:group`, `uid` or `uid:gid`, the forms the Container Engine API
 * spec gives exec User) as the numeric ids the process runs with: names are looked up in the
 * container's /etc/passwd and /etc/group, as the runtime does when the process starts.
 */
import type { ContainerFs } from '../fs/filesystem.ts';

export interface ResolvedUser {
  uid: string;
  gid: string;
}

const isNumber = (s: string): boolean => /^\d+$/.test(s);

/** The colon-separated entries of a database file of the container (passwd, group). */
function entries(fs: ContainerFs, path: string): string[][] {
  const text = fs.readFile(path)?.toString('utf8') ?? '';
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.split(':'));
}

/**
 * The ids of `user`; empty is root. A name no entry has is kept as written (the reference runs it
 * anyway, where a daemon refuses the start). Without a group, the passwd entry's group, else 0.
 */
export function resolveUser(fs: ContainerFs, user: string): ResolvedUser {
  if (!user) return { uid: '0', gid: '0' };
  const [name = '', group] = user.split(':');
  const passwd = entries(fs, '/etc/passwd').find((e) => (isNumber(name) ? e[2] === name : e[0] === name));
  const uid = isNumber(name) ? name : (passwd?.[2] ?? name);
  if (group === undefined || group === '') return { uid, gid: passwd?.[3] ?? '0' };
  if (isNumber(group)) return { uid, gid: group };
  return { uid, gid: entries(fs, '/etc/group').find((e) => e[0] === group)?.[2] ?? group };
}
