import { realTargetSuite } from './real-target.ts';

realTargetSuite({
  slug: 'docker',
  name: 'a real Docker daemon',
  script: 'real-engine.sh',
  expectations: 'docker-20.10-debian.json',
  binary: 'dockerd',
  registry: '127.0.0.1:5000',
  install: 'apt-get install -y docker.io busybox-static',
  // A fixed seed: the property checks draw the same cases (and the judge sees the same answers) as the run the expectations were made from.
  runArgs: ['--seed', '20261125'],
});
