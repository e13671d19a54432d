import { realTargetSuite } from './real-target.ts';

// One check at a time: Podman 4.3's image store answers 500 ("image not known") to an inspect,
// list or push racing another check's tag or untag of the same image, so a concurrent run's
// departures change from run to run and could not be recorded.
realTargetSuite({
  slug: 'podman',
  name: "Podman's Docker-compatible service",
  script: 'real-podman.sh',
  expectations: 'podman-4.3-debian.json',
  binary: 'podman',
  registry: '127.0.0.1:5002',
  install: 'apt-get install -y podman busybox-static iptables',
  // A fixed seed: the property checks then draw the same cases as the run the expectations were made from.
  runArgs: ['--concurrency', '1', '--seed', '655081915'],
});
