import { realTargetSuite } from './real-target.ts';

realTargetSuite({ slug: 'docker', name: 'a real Docker daemon', script: 'real-engine.sh', expectations: 'docker-20.10-debian.json', binary: 'dockerd', install: 'apt-get install -y docker.io busybox-static' });
