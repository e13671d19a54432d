import { firstCheckOf } from '../../judge/observed-results.ts';
import { isObservedResult } from '../../judge/suite-judge.ts';
import type { TranscriptEntry } from '../../check/outcome.ts';
import type { ResultEntry } from '../report.ts';
import { probeCheckId } from '../../run/probe-result.ts';
import { reproduceCommand } from './command.ts';
import type { ReproContext } from './context.ts';
import { reproduceScript } from './script.ts';

export { reproContext, type ReproContext, type ScriptTarget } from './context.ts';

/** How to see a result again: the command that re-runs its check, and a script of its exchanges. */
export interface Reproduction {
  command: string;
  script: string;
}

/** The whole transcript of a check of the run, by its suite and id (a passed check's is not in its result). */
export type TranscriptLookup = (suite: string, checkId: string) => readonly TranscriptEntry[] | undefined;

/**
 * Every result that did not pass, with its reproduction. A check's own; an observed departure's is
 * that of the check whose exchange first showed it; a run's probe or a summary of the judge re-runs
 * the suite, and replays what the result shows.
 */
export function withReproduction(results: readonly ResultEntry[], ctx: ReproContext, transcriptOf: TranscriptLookup): ResultEntry[] {
  return results.map((r) => (r.outcome === 'passed' ? r : { ...r, reproduce: reproductionOf(r, ctx, transcriptOf) }));
}

function reproductionOf(result: ResultEntry, ctx: ReproContext, transcriptOf: TranscriptLookup): Reproduction {
  const checkId = isObservedResult(result.id) ? firstCheckOf(result) : isProbe(result.id) ? undefined : result.id;
  const transcript = (checkId === undefined ? undefined : transcriptOf(result.suite, checkId)) ?? result.transcript ?? [];
  return { command: reproduceCommand(ctx, result.suite, checkId), script: scriptOrWhy(ctx, result, checkId, transcript) };
}

/** A transcript this cannot replay costs the result its script, never the report. */
function scriptOrWhy(ctx: ReproContext, result: ResultEntry, checkId: string | undefined, transcript: readonly TranscriptEntry[]): string {
  try {
    return reproduceScript(ctx, result.suite, checkId === undefined ? result.id : `${checkId}: ${result.title}`, transcript);
  } catch (err) {
    return `#!/bin/sh\n# no replay of this result's exchanges could be built: ${String((err as Error)?.message ?? err).split('\n')[0]}\nexit 2\n`;
  }
}

const isProbe = (id: string): boolean => id === probeCheckId('engine') || id === probeCheckId('cloud');
