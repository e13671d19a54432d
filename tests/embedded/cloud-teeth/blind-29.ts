import type { CloudTeeth } from './types.ts';

/**
 * Twenty-ninth blind batch (reference/cloud/fault-areas/blind-29.ts, catalog/cloud/blind-faults-29.json).
 */
export const blind29Teeth: CloudTeeth[] = [
  // Missed at first: the stack stopped was Running, each service Running; now one of its services is Partly running (a container
  // stopped by its own stop) beside a Running one, and every container of each must end Stopped.
  { fault: 'blind29-stack-stop-running-services-only', catches: ['cloud/stack/stop/stops-services'] },
  // Missed at first: the user was read by exec only; now each container's own program (run_command whoami) logs it too.
  { fault: 'blind29-user-program-runs-as-root', catches: ['cloud/service/create/default-user-root/given-user-in-containers'] },
];
