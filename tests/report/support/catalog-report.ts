import { RequirementIndex } from '../../../harness/catalog/load.ts';
import { loadAllProofs } from '../../../harness/catalog/proofs.ts';
import { SUITES } from '../../../harness/catalog/types.ts';
import { coverage, requirementsOfSuite, summarize, type Report, type ResultEntry } from '../../../harness/report/report.ts';
import { report } from './synthetic-report.ts';

/** Every FAILED_EVERY-th check fails: about as many failures as a run against Docker has. */
const FAILED_EVERY = 28;

/** A failure's message as real ones read: a long first line with an id no space breaks, and more lines. */
const failure = (id: string): string =>
  `${id}: expected status 404 (the container does not exist), got 500 with body {"message":"no such container: ` +
  `${'4f2a9c'.repeat(12)}"} from http://127.0.0.1:2375/v1.22/containers/${'4f2a9c'.repeat(12)}/json?size=1\nsecond line`;

/**
 * A report the size of a run of every suite (one check per catalog requirement, with the real
 * sections, statements and proofs): what the page's layout is judged on.
 */
export function catalogReport(): Report {
  const all = RequirementIndex.load().all();
  const results: ResultEntry[] = SUITES.flatMap((suite) => requirementsOfSuite(suite, all).map((req) => ({ suite, req }))).map(({ suite, req }, i) => {
    const outcome = i % FAILED_EVERY === 5 ? 'failed' : i % 41 === 3 ? 'warning' : req.level === 'informational' ? 'informational' : 'passed';
    return {
      id: req.id,
      suite,
      title: req.statement.split('. ')[0]!,
      requirements: [req.id],
      endpoint: null,
      outcome,
      message: outcome === 'failed' ? failure(req.id) : '',
      durationMs: 3,
    };
  });
  return {
    ...report,
    suites: [...SUITES],
    summary: summarize(results),
    results,
    requirements: coverage([...SUITES], all, results, loadAllProofs()),
  };
}
