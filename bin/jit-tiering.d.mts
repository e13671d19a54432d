export function jitTieringFlags(v8Version?: string): string[];
