/** The instructions that only change an image's config (build steps and commit `changes`). */
import type { ContainerConfigLike } from '../image.ts';
import { BuildFileError, keyValues, splitWords, substitute } from './dockerfile.ts';
import type { Instruction } from './dockerfile.ts';

export function commandForm(ins: Instruction): string[] {
  return ins.json ?? ['/bin/sh', '-c', ins.args];
}

function envMap(config: ContainerConfigLike): Map<string, string> {
  const env = new Map<string, string>();
  for (const entry of config.Env ?? []) {
    const eq = entry.indexOf('=');
    env.set(eq < 0 ? entry : entry.slice(0, eq), eq < 0 ? '' : entry.slice(eq + 1));
  }
  return env;
}

/**
 * The config after one metadata instruction. `vars` holds the variables substitution sees (the
 * config's Env plus build args). Returns undefined for an instruction that is not metadata.
 */
export function applyConfigInstruction(
  config: ContainerConfigLike,
  ins: Instruction,
  vars: ReadonlyMap<string, string> = envMap(config),
): { config: ContainerConfigLike; author?: string } | undefined {
  const sub = (text: string) => substitute(text, vars);
  switch (ins.keyword) {
    case 'CMD':
      return { config: { ...config, Cmd: commandForm(ins) } };
    case 'ENTRYPOINT':
      return { config: { ...config, Entrypoint: commandForm(ins) } };
    case 'ENV': {
      const env = envMap(config);
      for (const [k, v] of keyValues(ins.args, 'ENV')) env.set(k, sub(v));
      return { config: { ...config, Env: [...env].map(([k, v]) => `${k}=${v}`) } };
    }
    case 'LABEL': {
      const labels = { ...(config.Labels ?? {}) };
      for (const [k, v] of keyValues(ins.args, 'LABEL')) labels[sub(k)] = sub(v);
      return { config: { ...config, Labels: labels } };
    }
    case 'WORKDIR': {
      const dir = sub(ins.args);
      const base = config.WorkingDir || '/';
      return { config: { ...config, WorkingDir: dir.startsWith('/') ? dir : `${base.replace(/\/$/, '')}/${dir}` } };
    }
    case 'EXPOSE': {
      const ports = { ...(config.ExposedPorts ?? {}) };
      for (const p of splitWords(sub(ins.args))) {
        if (!/^\d+(-\d+)?(\/(tcp|udp))?$/.test(p)) throw new BuildFileError(`Invalid containerPort: ${p}`);
        ports[p.includes('/') ? p : `${p}/tcp`] = {};
      }
      return { config: { ...config, ExposedPorts: ports } };
    }
    case 'USER':
      return { config: { ...config, User: sub(ins.args) } };
    case 'VOLUME': {
      const volumes = { ...(config.Volumes ?? {}) };
      for (const v of ins.json ?? splitWords(sub(ins.args))) volumes[v] = {};
      return { config: { ...config, Volumes: volumes } };
    }
    case 'STOPSIGNAL':
      return { config: { ...config, StopSignal: sub(ins.args) } };
    case 'ONBUILD':
      return { config: { ...config, OnBuild: [...(config.OnBuild ?? []), ins.args] } };
    case 'MAINTAINER':
      return { config, author: ins.args };
    default:
      return undefined;
  }
}

/** The `#(nop)` text the real daemon records for a metadata step. */
export function nopCreatedBy(ins: Instruction): string {
  const shown = ins.json && (ins.keyword === 'CMD' || ins.keyword === 'ENTRYPOINT') ? JSON.stringify(ins.json) : ins.args;
  return `/bin/sh -c #(nop) ${ins.keyword} ${shown}`;
}
