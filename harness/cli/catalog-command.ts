import { apiOfSuite, apiVersionOfSuite, SUITES, type Endpoint, type Requirement, type SuiteName } from '../catalog/types.ts';
import { loadEndpoints, loadRequirements } from '../catalog/load.ts';
import { checksOfSuite } from '../catalog/coverage.ts';
import { loadProofs, proofsOf, type Proof } from '../catalog/proofs.ts';
import { provenStanding, requirementsOfSuite } from '../report/report.ts';
import { UsageError } from '../target/endpoint.ts';
import { loadScores, provenByMutation } from '../mutation/scores.ts';
import type { RequirementCounts } from '../mutation/report.ts';
import { strictParse } from './run-args.ts';

export interface SuiteCatalog {
  suite: SuiteName;
  /** Distinct endpoint numbers of the spec (engine), or endpoints (cloud). */
  endpointCount: number;
  endpoints: Endpoint[];
  /**
   * `proofs`: named faults that break the requirement and a covering check that then fails naming
   * it (examples). `mutation`: the generated mutants at its atoms in the last recorded full run
   * (catalog/mutation/scores.json); `proven` when every one of them that is not a declared
   * equivalent was killed.
   */
  requirements: Array<
    Requirement & {
      checks: string[];
      proofs: Proof[];
      mutation?: RequirementCounts;
      proven: boolean;
      /** Checks naming it that need a control of the embedded reference (Check.referenceOnly), and why. */
      referenceOnlyChecks?: string[];
      referenceOnlyReason?: string;
    }
  >;
  /**
   * proven ⊆ covered: requirements whose every generated mutant was killed. `coveredTestable` and
   * `provenTestable` count the required and recommended ones only (the ones a mutant can break);
   * `provenByFault` the covered ones a named fault proves (the examples of the proof files).
   */
  coverage: {
    requirements: number;
    covered: number;
    proven: number;
    coveredTestable: number;
    provenTestable: number;
    provenByFault: number;
    /** The suite's mutation score in the recorded run, when there is one. */
    mutationScore?: number;
    uncoveredWithReason: number;
    uncovered: string[];
    /**
     * Requirements only checks that need a control of the embedded reference name
     * (Check.referenceOnly): neither covered nor proven on a real target, listed apart.
     */
    referenceOnly: string[];
  };
}

/** Endpoints and requirements of a suite, with the checks that cover each requirement. */
export async function suiteCatalog(suite: SuiteName): Promise<SuiteCatalog> {
  const api = apiOfSuite(suite);
  const version = apiVersionOfSuite(suite);
  const endpoints = loadEndpoints(api).filter((e) => e.versions.includes(version));
  const checks = await checksOfSuite(suite);
  const proofTable = loadProofs(api);
  const scores = loadScores()?.suites[suite];
  const requirements = requirementsOfSuite(suite, loadRequirements(api)).map((r) => {
    const naming = checks.filter((c) => c.requirements.includes(r.id));
    const covering = naming.filter((c) => !c.referenceOnly).map((c) => c.id);
    const onReference = naming.filter((c) => c.referenceOnly);
    const reason = [...new Set(onReference.map((c) => c.referenceOnly!))].join('; ');
    const mutation = scores?.requirements[r.id];
    const proofs = provenStanding(proofsOf(proofTable, suite, r.id), covering).proofs ?? [];
    const proven = covering.length > 0 && provenByMutation(mutation);
    return {
      ...r,
      checks: covering,
      proofs,
      ...(mutation ? { mutation } : {}),
      proven,
      ...(onReference.length ? { referenceOnlyChecks: onReference.map((c) => c.id), referenceOnlyReason: reason } : {}),
    };
  });
  const covered = requirements.filter((r) => r.checks.length);
  const testable = covered.filter((r) => r.level !== 'informational');
  const referenceOnly = requirements.filter((r) => !r.checks.length && r.referenceOnlyChecks).map((r) => r.id);
  const uncovered = requirements.filter((r) => !r.checks.length && !r.uncoveredReason && !r.referenceOnlyChecks).map((r) => r.id);
  const numbers = new Set(endpoints.map((e) => e.number ?? e.id));
  return {
    suite,
    endpointCount: numbers.size,
    endpoints,
    requirements,
    coverage: {
      requirements: requirements.length,
      covered: covered.length,
      proven: covered.filter((r) => r.proven).length,
      coveredTestable: testable.length,
      provenTestable: testable.filter((r) => r.proven).length,
      provenByFault: covered.filter((r) => r.proofs.length).length,
      ...(scores ? { mutationScore: scores.counts.score } : {}),
      uncoveredWithReason: requirements.filter((r) => !r.checks.length && r.uncoveredReason).length,
      uncovered,
      referenceOnly,
    },
  };
}

/** `conformance catalog [--suite S]... [--json] [--openapi SUITE]` */
export async function catalogCommand(argv: string[], out: NodeJS.WritableStream): Promise<number> {
  const { values, positionals } = strictParse(argv, {
    suite: { type: 'string', multiple: true },
    json: { type: 'boolean' },
    openapi: { type: 'string' },
  });
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (values.openapi !== undefined) {
    const { openApiDocument } = await import('../catalog/openapi.ts');
    out.write(`${JSON.stringify(openApiDocument(parseSuite(values.openapi)), null, 2)}\n`);
    return 0;
  }
  const suites = values.suite?.length ? values.suite.map(parseSuite) : [...SUITES];
  const catalogs = await Promise.all(suites.map(suiteCatalog));
  out.write(values.json ? `${JSON.stringify({ suites: catalogs }, null, 2)}\n` : catalogs.map(formatText).join('\n'));
  return 0;
}

function parseSuite(raw: string): SuiteName {
  if ((SUITES as readonly string[]).includes(raw)) return raw as SuiteName;
  throw new UsageError(`unknown suite '${raw}': expected ${SUITES.join(', ')}`);
}

function formatText(c: SuiteCatalog): string {
  const { coverage: cov } = c;
  const lines = [
    `== ${c.suite}: ${c.endpointCount} endpoints, ${cov.requirements} requirements, ${cov.covered} covered, ${cov.proven} proven, ` +
      `${cov.uncoveredWithReason} uncovered with a reason, ${cov.referenceOnly.length} checked on the reference only, ${cov.uncovered.length} uncovered`,
    `   required and recommended: ${cov.provenTestable} of ${cov.coveredTestable} covered are proven: every generated mutant at their atoms ` +
      `killed (${percent(cov.provenTestable, cov.coveredTestable)}); mutation score ${cov.mutationScore ?? 'not recorded'}%; ` +
      `${cov.provenByFault} have a named fault as an example`,
  ];
  for (const e of c.endpoints) {
    lines.push(`${String(e.number ?? '').padStart(3)} ${e.method.padEnd(6)} ${e.path}  [${e.responses.map((r) => r.status).join(' ')}]  ${e.id}`);
  }
  lines.push('');
  for (const r of c.requirements) {
    const proof = r.level === 'informational' ? '' : `, ${mutationText(r.mutation, r.proven)}`;
    const mark = r.checks.length
      ? `${r.checks.length} check${r.checks.length > 1 ? 's' : ''}${proof}`
      : r.uncoveredReason
        ? `uncovered: ${r.uncoveredReason}`
        : r.referenceOnlyChecks
          ? `uncovered on other targets, checked on the embedded reference only (${r.referenceOnlyReason}): ${r.referenceOnlyChecks.join(', ')}`
          : 'UNCOVERED';
    lines.push(`${r.level.padEnd(13)} ${r.id}  (${mark})`);
  }
  return `${lines.join('\n')}\n`;
}

function mutationText(counts: RequirementCounts | undefined, proven: boolean): string {
  if (!counts) return 'no mutant generated at its atoms: not proven';
  const killed = `${counts.killed} of ${counts.generated - counts.equivalent} mutants killed`;
  return proven ? `proven (${killed})` : `not proven (${killed}, ${counts.survived} survived, ${counts.noCoverage} reached by no check)`;
}

function percent(part: number, whole: number): string {
  return whole ? `${((100 * part) / whole).toFixed(1)}%` : 'n/a';
}
