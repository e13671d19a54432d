/**
 * POST /commit: a new image from a container's writable layer. The body's config fields override
 * the container's; `changes` (build-file instructions) are applied on top; 1.22 `pause` pauses the
 * container while committing (default true).
 */
import { HttpError } from '../http/router.ts';
import type { CommitSource } from '../deps.ts';
import type { EventBus } from '../state/events.ts';
import { digestOf, layerToTar } from '../fs/tar.ts';
import { makeImage } from './image.ts';
import type { ContainerConfigLike, Image } from './image.ts';
import type { ImageStore } from './store.ts';
import { applyConfigInstruction } from './build/config-changes.ts';
import { BuildFileError, CHANGE_INSTRUCTIONS, parseInstructions } from './build/dockerfile.ts';
import type { Instruction } from './build/dockerfile.ts';
import type { Layer } from '../fs/filesystem.ts';

export interface CommitRequest {
  repo: string;
  tag: string;
  comment: string;
  author: string;
  pause: boolean;
  changes: string[];
  config: ContainerConfigLike | undefined;
}

const CONFIG_KEYS = [
  'Hostname',
  'Domainname',
  'User',
  'AttachStdin',
  'AttachStdout',
  'AttachStderr',
  'Tty',
  'OpenStdin',
  'StdinOnce',
  'Env',
  'Cmd',
  'Image',
  'Volumes',
  'WorkingDir',
  'Entrypoint',
  'OnBuild',
  'Labels',
  'ExposedPorts',
  'StopSignal',
  'NetworkDisabled',
  'MacAddress',
];

function pickConfig(source: Record<string, unknown> | undefined, onlySet: boolean): ContainerConfigLike {
  const out: ContainerConfigLike = {};
  for (const key of CONFIG_KEYS) {
    const value = source?.[key];
    const empty = value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && !value.length);
    if (!onlySet || !empty) out[key] = value;
  }
  return out;
}

function applyChanges(config: ContainerConfigLike, changes: string[]): ContainerConfigLike {
  let result = config;
  for (const text of changes) {
    let instructions: Instruction[];
    try {
      instructions = parseInstructions(text, CHANGE_INSTRUCTIONS);
    } catch (err) {
      if (err instanceof BuildFileError) throw new HttpError(500, `${text.trim().split(/\s/)[0]} is not a valid change command: ${err.message}`);
      throw err;
    }
    for (const ins of instructions) result = applyConfigInstruction(result, ins)!.config;
  }
  return result;
}

export async function commitContainer(store: ImageStore, events: EventBus, source: CommitSource, req: CommitRequest): Promise<Image> {
  const parent = store.get(source.imageId);
  const containerConfig = pickConfig(source.config, false);
  const config = applyChanges({ ...containerConfig, ...pickConfig(req.config as Record<string, unknown> | undefined, true) }, req.changes);
  // As the daemon does, the container stays paused until the commit is done and its event sent.
  if (req.pause) source.pause();
  try {
    // Read as a tar walk reads it: a program that is not paused goes on writing between the files.
    const layer = await source.fs.readUpper(() => new Promise<void>((resolve) => setImmediate(resolve)));
    layer.id = digestOf(await layerToTar(layer));
    return commitLayer(store, events, source, req, { parent, containerConfig, config, layer });
  } finally {
    if (req.pause) source.resume();
  }
}

interface CommitParts {
  parent: Image | undefined;
  containerConfig: Record<string, unknown>;
  config: Record<string, unknown>;
  layer: Layer;
}

/** The new image of a commit, stored under its name, and the container's commit event. */
function commitLayer(store: ImageStore, events: EventBus, source: CommitSource, req: CommitRequest, parts: CommitParts): Image {
  const { parent, containerConfig, config, layer } = parts;
  const created = new Date();
  const cmd = [...((containerConfig.Entrypoint as string[] | null) ?? []), ...((containerConfig.Cmd as string[] | null) ?? [])];
  const image = makeImage({
    parent: parent?.id ?? '',
    created,
    author: req.author,
    comment: req.comment,
    container: source.id,
    config,
    containerConfig,
    layers: [...(parent?.layers ?? []), layer],
    history: [...(parent?.history ?? []), { created, createdBy: cmd.join(' '), comment: req.comment, size: 0 }],
  });
  store.add(image, req.repo ? [`${req.repo}${req.tag ? `:${req.tag}` : ''}`] : []);
  events.emit({
    Type: 'container',
    Action: 'commit',
    id: source.id,
    from: String(source.config.Image ?? ''),
    attributes: { comment: req.comment, imageID: image.id, imageRef: req.repo ? `${req.repo}:${req.tag || 'latest'}` : '' },
  });
  return image;
}
