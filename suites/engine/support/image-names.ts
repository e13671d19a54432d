/**
 * The forms of the image `(name)` placeholder, "an image name, tag reference or image identifier",
 * for the checks of the endpoints that take it. A repository name may carry a registry host and
 * port (`host:port/repo`): the first colon of such a name is the port's, not the tag's, so an
 * image named that way is among the forms.
 */
import type { RemovalOwner } from '../../../harness/check/file-shared.ts';
import type { EngineContext } from './context.ts';
import { repoOf, tagged } from './images.ts';

/** A registry host and port for local names only: nothing is pulled from it or pushed to it. */
const PORT_REGISTRY = '127.0.0.1:5000';

/**
 * Gives `source` another name, `127.0.0.1:5000/conformance-…:<tag>` (removed after the check, or
 * with `owner`), and returns that reference; a refused tag blocks the check (the tag check reports it).
 */
export function registryPortName(ctx: EngineContext, source: string, purpose: string, tag = 'latest', owner?: RemovalOwner): Promise<string> {
  return tagged(ctx, source, `${PORT_REGISTRY}/${ctx.uniqueName(purpose)}`, tag, owner);
}

/** The names a reference gives its image: the reference and, for a `latest` tag, its bare repository. */
export function nameForms(ref: string): string[] {
  return [ref, ...(ref.endsWith(':latest') ? [repoOf(ref)] : [])];
}
