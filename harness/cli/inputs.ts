/**
 * Checks of what a command reads or writes besides the target, made before any work starts: a
 * bad path is a one-line UsageError naming the option (exit 2), never a stack trace after a run.
 */
import { accessSync, constants, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../target/endpoint.ts';

const reason = (err: unknown) => {
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'ENOENT') return 'no such file or directory';
  if (e?.code === 'EACCES' || e?.code === 'EPERM') return 'permission denied';
  if (e?.code === 'ENOTDIR') return 'a part of the path is not a directory';
  if (e?.code === 'EROFS') return 'read-only file system';
  return (e?.message ?? String(err)).split('\n')[0]!;
};

/** A file that exists, is a file and can be read. */
export function readableFile(flag: string, file: string): string {
  let isFile: boolean;
  try {
    isFile = statSync(file).isFile();
    accessSync(file, constants.R_OK);
  } catch (err) {
    throw new UsageError(`${flag} '${file}': ${reason(err)}`);
  }
  if (!isFile) throw new UsageError(`${flag} '${file}': not a file`);
  return file;
}

/** The text of a readable file. */
export function readTextFile(flag: string, file: string): string {
  readableFile(flag, file);
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${flag} '${file}': ${reason(err)}`);
  }
}

/** The parsed JSON of a readable file. */
export function readJsonFile(flag: string, file: string): unknown {
  const text = readTextFile(flag, file);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new UsageError(`${flag} '${file}': not JSON: ${reason(err)}`);
  }
}

/** An existing directory (for what a command reads). */
export function existingDir(flag: string, dir: string): string {
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch (err) {
    throw new UsageError(`${flag} '${dir}': ${(err as NodeJS.ErrnoException)?.code === 'ENOENT' ? 'no such directory' : reason(err)}`);
  }
  if (!isDir) throw new UsageError(`${flag} '${dir}': not a directory`);
  return dir;
}

/**
 * A directory the command will write into: created when missing (with its parents), and proven
 * writable by writing a file into it, which catches what permission bits alone do not (root,
 * read-only mounts).
 */
export function writableDir(flag: string, dir: string): string {
  try {
    if (statSync(dir, { throwIfNoEntry: false })?.isDirectory() === false) throw new UsageError(`${flag} '${dir}': exists and is not a directory`);
    mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.conformance-write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`${flag} '${dir}': cannot write there: ${reason(err)}`);
  }
  return dir;
}

/** A file the command will write: its directory must exist; an existing directory in its place is an error. */
export function writableFile(flag: string, file: string): string {
  const dir = path.dirname(path.resolve(file));
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory() !== true) throw new UsageError(`${flag} '${file}': no such directory '${path.dirname(file)}'`);
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`${flag} '${file}': is a directory`);
  try {
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw new UsageError(`${flag} '${file}': cannot write there: ${reason(err)}`);
  }
  return file;
}
