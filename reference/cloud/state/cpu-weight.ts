/**
 * The cgroup v2 cpu.weight the engine's runtime gives a container of `cpu_shares` shares: runc's
 * (1.3.2 and later) log-quadratic conversion, under which the default 1024 shares weigh 100. No
 * shares (null or 0) is the cgroup's default weight.
 */
const DEFAULT_WEIGHT = 100;
const MAX_SHARES = 262144;
const MAX_WEIGHT = 10000;

export function cpuWeightOf(shares: number | null): number {
  if (!shares) return DEFAULT_WEIGHT;
  if (shares <= 2) return 1;
  if (shares >= MAX_SHARES) return MAX_WEIGHT;
  const l = Math.log2(shares);
  return Math.ceil(10 ** ((l * l + 125 * l) / 612 - 7 / 34));
}
