#!/usr/bin/env bash
# The run step of the GitHub Action (action.yml): runs the suites against the target with the
# inputs as flags. `--format github` writes the job's step summary and one ::error annotation per
# new failure. The step itself always succeeds, so that the report directory is uploaded whatever
# the verdict: it hands the gate's exit code on as an output, and action.yml's last step exits with it.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
report_dir="${INPUT_REPORT_DIR:-conformance-report}"

args=(run --target "${INPUT_TARGET:-embedded}" --report-dir "$report_dir" --format json,junit,html,md,github)
IFS=', ' read -r -a suites <<<"${INPUT_SUITES:-}"
for suite in "${suites[@]}"; do args+=(--suite "$suite"); done
[ -n "${INPUT_REGISTRY:-}" ] && args+=(--registry "$INPUT_REGISTRY")
[ -n "${INPUT_EXPECTATIONS:-}" ] && args+=(--expectations "$INPUT_EXPECTATIONS")
[ "${INPUT_STRICT_EXPECTATIONS:-false}" = true ] && args+=(--strict-expectations)
# Further flags as the command line takes them, split on whitespace.
read -r -a extra <<<"${INPUT_ARGS:-}"

node "$root/bin/conformance.mjs" "${args[@]}" "${extra[@]}"
code=$?
{
  echo "exit-code=$code"
  echo "report-dir=$report_dir"
} >>"${GITHUB_OUTPUT:-/dev/null}"
exit 0
