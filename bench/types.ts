/** One measured case of a benchmark. */
export interface BenchResult {
  name: string;
  /** Operations per second, where the case has a natural operation (frames decoded). */
  ops?: number;
  ms: number;
  /** Peak JS heap + ArrayBuffer memory above the baseline taken before the case ran, in MB. */
  heapMB: number;
  /** Peak resident set size of a measured child process (the CLI runs), in MB. */
  peakRssMB?: number;
  note?: string;
}

/** What a bench file may return instead of its rows alone: text printed after its table. */
export interface BenchOutput {
  results: BenchResult[];
  /** Lines printed below the file's table (a profile, a comparison). */
  text?: string[];
}
