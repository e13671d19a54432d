import type { BuildOptions, Plugin } from 'esbuild';

export function digestSources(root: string, dirs: readonly string[]): string;
export const ownModuleUrls: Plugin;
export function relativeModuleUrls(outdir: string): Plugin;
export const bundleOptions: BuildOptions;
