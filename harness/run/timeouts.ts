/** How long one check may take: generous, since restart back-off and stops take real time. */
export function checkTimeout(timeoutMs: number): number {
  return Math.max(60_000, timeoutMs * 6);
}
