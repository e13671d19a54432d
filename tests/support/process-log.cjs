// Preloaded (NODE_OPTIONS=--require) into every node process of a run under test: appends the
// process's entry script to the file $CONFORMANCE_TEST_PROCESS_LOG, one line per process.
const log = process.env.CONFORMANCE_TEST_PROCESS_LOG;
if (log) require('node:fs').appendFileSync(log, `${process.argv[1] ?? ''}\n`);
