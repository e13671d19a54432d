/**
 * The images whose configuration the reference knows: each one's ENTRYPOINT, CMD and USER, as its
 * registry serves them. Any other image is taken as busybox's (no entrypoint, CMD `sh`, no USER:
 * root), the suite's usual image. A service's containers run as its user, root where it has none,
 * whatever the image's USER ("user in containers; root by default"). A container runs its service's
 * entrypoint and run_command where set, over the image's
 * ("entrypoint, run_command: override the image values"); the image's CMD only where the service
 * sets neither (an entrypoint set drops it, as the engine does). What the program does is simulated
 * from the run_command alone (container-ops.ts); the entrypoint and command show as the process's
 * command line, the entrypoint's first word as its name.
 */
import type { World } from '../world.ts';
import type { ServiceConfig } from './model.ts';

interface ImageConfig {
  entrypoint: string | null;
  cmd: string | null;
  /** The image's USER: what the engine would run its programs as, were no user given (root where the image sets none). */
  user: string;
}

/**
 * By repository, without registry host, `library/` or tag. alpine/git: the suite's image with an ENTRYPOINT;
 * nginxinc/nginx-unprivileged: its image whose USER is not root (101, named nginx).
 */
const IMAGES: Readonly<Record<string, ImageConfig>> = {
  'alpine/git': { entrypoint: 'git', cmd: '--help', user: 'root' },
  'nginxinc/nginx-unprivileged': { entrypoint: '/docker-entrypoint.sh', cmd: "nginx -g 'daemon off;'", user: 'nginx' },
};

const BUSYBOX: ImageConfig = { entrypoint: null, cmd: 'sh', user: 'root' };

/** What a container runs: its entrypoint and command. */
type Program = Pick<ImageConfig, 'entrypoint' | 'cmd'>;

/** The repository an image reference names: no tag or digest, no docker.io host, no `library/`. */
function repositoryOf(image: string): string {
  const bare = image.replace(/@.*$/, '').replace(/:[^/:]*$/, '');
  return bare.replace(/^(docker\.io|index\.docker\.io|registry-1\.docker\.io)\//, '').replace(/^library\//, '');
}

export const imageConfig = (image: string): ImageConfig => IMAGES[repositoryOf(image)] ?? BUSYBOX;

/**
 * The program a container of `cfg` runs: its entrypoint and its command. Under `entrypoint-image-wins` the image's
 * entrypoint, where it has one, wins over the service's.
 */
export function programOf(world: World, cfg: Pick<ServiceConfig, 'image_name' | 'entrypoint' | 'run_command'>): Program {
  const image = imageConfig(cfg.image_name);
  const entrypoint = world.faults.has('entrypoint-image-wins') ? (image.entrypoint ?? cfg.entrypoint) : (cfg.entrypoint ?? image.entrypoint);
  return { entrypoint, cmd: runCommandOf(world, cfg) ?? (cfg.entrypoint ? null : image.cmd) };
}

/**
 * The service's run_command as the container's command. Under `blind28-entrypoint-drops-run-command` the rule that an
 * entrypoint set drops the command runs after the service's run_command was put there: with an entrypoint, none is left.
 */
export function runCommandOf(world: World, cfg: Pick<ServiceConfig, 'entrypoint' | 'run_command'>): string | null {
  return cfg.entrypoint && world.faults.has('blind28-entrypoint-drops-run-command') ? null : cfg.run_command;
}

/** The command line of the program (/proc/<pid>/cmdline): the words of the entrypoint, then of the command. */
export function programArgv(program: Program): string[] {
  const argv = [program.entrypoint, program.cmd].flatMap((part) => (part ?? '').trim().split(/\s+/).filter(Boolean));
  return argv.length > 0 ? argv : ['sh'];
}

/** The name of the program (/proc/<pid>/comm): the first word of the entrypoint, else of the command. */
export function programName(program: Program): string {
  return programArgv(program)[0]?.split('/').at(-1) || 'sh';
}
