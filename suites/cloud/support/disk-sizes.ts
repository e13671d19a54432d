/**
 * Which disk sizes a provider takes, judged from what its node cluster creates answer (pure: the
 * requests are infra.ts's). Spec (Node clusters, create body): "disk | no | I GB, default 60; not
 * available for one provider; for another provider one of 10, 20, ... 2000".
 *
 * A provider without a disk choice may refuse the field, or take the create and leave the field
 * unapplied: its cluster then shows a disk of its own (a node type's fixed disk, say 20 GB, itself
 * one of the listed sizes). A size is therefore taken only where the disk shown follows the disk
 * sent: a create with it is accepted and shows it, and a create with another size is accepted and
 * shows a disk other than it. A provider whose accepted creates all show one disk takes no size.
 */

/** The sizes the spec lists for the provider that restricts disk (schemas/cloud/v1/node-cluster.json#/$defs/ListedDiskSizes). */
export const LISTED_DISK_SIZES: readonly number[] = [10, 20, 25, 30, 40, 50, 75, 100, 125, 150, 175, 200, 250, 300, 350, 400, 500, 750, 1000, 1500, 2000];

/** What a create of a node cluster with `sent` as its disk answered: the cluster's disk shown, or refused. */
export interface DiskAnswer {
  sent: number;
  accepted: boolean;
  /** The created cluster's `disk` (as shown; undefined when refused). */
  shown?: unknown;
}

/** Whether the provider takes `size`: accepted and shown as sent, and another size sent shows another disk. */
export function takesSize(answers: readonly DiskAnswer[], size: number): boolean {
  const own = answers.find((a) => a.sent === size);
  if (!own?.accepted || own.shown !== size) return false;
  return answers.some((other) => other.sent !== size && other.accepted && other.shown !== size);
}

/** The sizes sent that the provider takes, in the order sent. */
export function sizesTaken(answers: readonly DiskAnswer[]): number[] {
  return answers.filter((a) => takesSize(answers, a.sent)).map((a) => a.sent);
}

/** A provider's disk rule: listed sizes only ('list'), no size at all ('none'), or sizes outside the list too ('any'). */
export type DiskRule = 'list' | 'none' | 'any';

export interface DiskRuleFound {
  rule: DiskRule;
  /** The listed sizes taken. */
  listed: number[];
  /** The sizes outside the list (of those sent) taken. */
  unlisted: number[];
  /** Under 'list': the listed sizes it refuses, each a breach of the list. */
  refused: number[];
}

/**
 * The disk rule shown by the answers to the listed sizes and to `unlisted` sizes (other answers,
 * such as to the default 60, only serve as comparisons: a size the list does not name is not
 * judged by them).
 */
export function diskRuleOf(answers: readonly DiskAnswer[], unlisted: readonly number[]): DiskRuleFound {
  const taken = sizesTaken(answers);
  const listed = LISTED_DISK_SIZES.filter((d) => taken.includes(d));
  const outside = unlisted.filter((d) => taken.includes(d));
  if (listed.length === 0 && outside.length === 0) return { rule: 'none', listed, unlisted: outside, refused: [] };
  if (outside.length > 0) return { rule: 'any', listed, unlisted: outside, refused: [] };
  return { rule: 'list', listed, unlisted: outside, refused: LISTED_DISK_SIZES.filter((d) => !listed.includes(d)) };
}
