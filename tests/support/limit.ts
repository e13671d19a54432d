/**
 * At most `size` calls of the returned function run at once; the others wait their turn, first
 * come first served. For runs that mostly wait (on a target's deadlines) but must not all start
 * together.
 */
export function limit(size: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
