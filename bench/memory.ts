/**
 * Peak memory of one benchmark case, sampled by the case itself while it runs (decoding is
 * synchronous, so a timer would never fire). heapMB counts heapUsed + arrayBuffers (Buffers live
 * outside the JS heap) above the baseline; rss is the process peak (it includes node and tsx,
 * ~70 MB, and never shrinks back much) and its growth during the case.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

const MB = 1024 * 1024;

/** A full collection before each baseline, so that one case's garbage is not charged to the next. */
const collectGarbage = exposeGc();

function exposeGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

export class MemoryProbe {
  private readonly baseline: number;
  private peak: number;
  private readonly baselineRss: number;
  private peakRss: number;

  constructor() {
    collectGarbage();
    const usage = process.memoryUsage();
    this.baseline = usage.heapUsed + usage.arrayBuffers;
    this.peak = this.baseline;
    this.baselineRss = usage.rss;
    this.peakRss = usage.rss;
  }

  sample(): void {
    const usage = process.memoryUsage();
    this.peak = Math.max(this.peak, usage.heapUsed + usage.arrayBuffers);
    this.peakRss = Math.max(this.peakRss, usage.rss);
  }

  heapMB(): number {
    this.sample();
    return round((this.peak - this.baseline) / MB);
  }

  /** Peak resident set size of the whole process, and its growth during the case. */
  rss(): { peakMB: number; growthMB: number } {
    return { peakMB: round(this.peakRss / MB), growthMB: round((this.peakRss - this.baselineRss) / MB) };
  }
}

export function round(value: number, digits = 1): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
