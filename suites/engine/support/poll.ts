/** Waiting in checks: a fixed pause where a rule needs one, and polling with a deadline otherwise. */

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `probe` until `done` holds for its value or the deadline passes; returns the last value. */
export async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, deadlineMs = 5000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() >= deadline) return value;
    await sleep(intervalMs);
  }
}
