/** An image: content-addressed config, layers and history. */
import { createHash } from 'node:crypto';
import type { Layer } from '../fs/filesystem.ts';
import { layerSize } from '../fs/filesystem.ts';

/** The container configuration an image carries (Cmd, Entrypoint, Env, Labels, ...). */
export interface ContainerConfigLike {
  Hostname?: string;
  Domainname?: string;
  User?: string;
  AttachStdin?: boolean;
  AttachStdout?: boolean;
  AttachStderr?: boolean;
  Tty?: boolean;
  OpenStdin?: boolean;
  StdinOnce?: boolean;
  Env?: string[] | null;
  Cmd?: string[] | null;
  Entrypoint?: string[] | null;
  Image?: string;
  Labels?: Record<string, string> | null;
  Volumes?: Record<string, object> | null;
  WorkingDir?: string;
  ExposedPorts?: Record<string, object> | null;
  OnBuild?: string[] | null;
  StopSignal?: string;
  [key: string]: unknown;
}

export interface HistoryEntry {
  created: Date;
  createdBy: string;
  comment: string;
  size: number;
  emptyLayer?: boolean;
}

export interface Image {
  id: string;
  parent: string;
  repoTags: string[];
  repoDigests: string[];
  created: Date;
  author: string;
  comment: string;
  /** The container the image was committed from (inspect `Container`), '' when none. */
  container?: string;
  config: ContainerConfigLike;
  containerConfig: ContainerConfigLike;
  /** Base first; the last one is this image's own layer. */
  layers: Layer[];
  size: number;
  virtualSize: number;
  history: HistoryEntry[];
  /** A loaded image's `architecture` and `docker_version` as its config gives them ('' when left out); the reference's own otherwise. */
  architecture?: string;
  daemonVersion?: string;
}

/** The complete container configuration object the real daemon writes for images. */
export function fullConfig(config: ContainerConfigLike): ContainerConfigLike {
  return {
    Hostname: '',
    Domainname: '',
    User: '',
    AttachStdin: false,
    AttachStdout: false,
    AttachStderr: false,
    Tty: false,
    OpenStdin: false,
    StdinOnce: false,
    Env: null,
    Cmd: null,
    Image: '',
    Volumes: null,
    WorkingDir: '',
    Entrypoint: null,
    OnBuild: null,
    Labels: null,
    ...config,
  };
}

export type NewImage = Omit<Image, 'id' | 'repoTags' | 'repoDigests' | 'size' | 'virtualSize'>;

/** Builds an image whose id is the digest of its content (config, layers, parent, history). */
export function makeImage(input: NewImage): Image {
  const identity = JSON.stringify({
    parent: input.parent,
    created: input.created.toISOString(),
    author: input.author,
    comment: input.comment,
    container: input.container ?? '',
    config: fullConfig(input.config),
    containerConfig: fullConfig(input.containerConfig),
    layers: input.layers.map((l) => l.id),
    history: input.history.map((h) => [h.created.toISOString(), h.createdBy, h.comment, Boolean(h.emptyLayer)]),
  });
  // Since API 1.22's daemon (content-addressed images) Size and VirtualSize are both the whole image.
  const size = input.layers.reduce((sum, l) => sum + layerSize(l), 0);
  return {
    ...input,
    id: 'sha256:' + createHash('sha256').update(identity).digest('hex'),
    repoTags: [],
    repoDigests: [],
    size,
    virtualSize: size,
  };
}
