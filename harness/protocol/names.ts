/**
 * Container names. The spec (Limits, and endpoint 2): `/?[a-zA-Z0-9_-]+`. Real daemons (facts)
 * require a first character in [a-zA-Z0-9] and allow `.`; their source (moby
 * daemon/names: `[a-zA-Z0-9][a-zA-Z0-9_.-]` followed by `+`) also demands at least two
 * characters, which the facts file does not state: a one-character name is classified
 * `spec-only` on that basis.
 */
import { quote, violation, type Diagnostic } from './diagnostic.ts';

export const SPEC_CONTAINER_NAME = /^\/?[a-zA-Z0-9_-]+$/;
export const DAEMON_CONTAINER_NAME = /^\/?[a-zA-Z0-9][a-zA-Z0-9_.-]+$/;

/** How a name relates to the two grammars. */
export type NameRelation = 'spec-and-daemon' | 'spec-only' | 'daemon-only' | 'neither';

export function isSpecContainerName(name: string): boolean {
  return SPEC_CONTAINER_NAME.test(name);
}

export function isDaemonContainerName(name: string): boolean {
  return DAEMON_CONTAINER_NAME.test(name);
}

export function classifyContainerName(name: string): { relation: NameRelation; diagnostics: Diagnostic[] } {
  const spec = isSpecContainerName(name);
  const daemon = isDaemonContainerName(name);
  const relation: NameRelation = spec ? (daemon ? 'spec-and-daemon' : 'spec-only') : daemon ? 'daemon-only' : 'neither';
  const diagnostics = spec
    ? []
    : [
        violation(
          'invalid-container-name',
          `${quote(name)} does not match the spec's container name grammar /?[a-zA-Z0-9_-]+${daemon ? ' (real daemons accept it)' : ''}`,
        ),
      ];
  return { relation, diagnostics };
}
