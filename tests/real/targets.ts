import type { RealTarget } from './real-target.ts';

// The real runs share two cores with the other test layers: a container start or a list can then
// take more than the default 10 s, and slowness the spec allows must change no verdict.
const LOADED_MACHINE = ['--timeout-ms', '30000'];

export const DOCKER: RealTarget = {
  slug: 'docker',
  name: 'a real Docker daemon',
  script: 'real-engine.sh',
  expectations: 'docker-20.10-debian.json',
  binary: 'dockerd',
  registry: '127.0.0.1:5000',
  registryToken: { repository: '127.0.0.1:5003/conformance/registrytoken', file: '/tmp/conformance-real-engine/registry-token' },
  install: 'apt-get install -y docker.io busybox-static',
  // A fixed seed: the property checks draw the same cases (and the judge sees the same answers) as the run the expectations were made from.
  runArgs: [...LOADED_MACHINE, '--seed', '20261125'],
};

// One check at a time: Podman 4.3's image store answers 500 ("image not known") to an image
// inspect or list racing another check's removal of any image, so a concurrent run's departures
// change from run to run and could not be recorded.
export const PODMAN: RealTarget = {
  slug: 'podman',
  name: "Podman's Docker-compatible service",
  script: 'real-podman.sh',
  expectations: 'podman-4.3-debian.json',
  binary: 'podman',
  registry: '127.0.0.1:5002',
  registryToken: { repository: '127.0.0.1:5004/conformance/registrytoken', file: '/tmp/conformance-real-podman/registry-token' },
  install: 'apt-get install -y podman busybox-static iptables',
  // A fixed seed: the property checks then draw the same cases as the run the expectations were made from.
  runArgs: [...LOADED_MACHINE, '--concurrency', '1', '--seed', '655081915'],
};
