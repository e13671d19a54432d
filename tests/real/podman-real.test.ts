import { realTargetSuite } from './real-target.ts';

realTargetSuite({ slug: 'podman', name: "Podman's Docker-compatible service", script: 'real-podman.sh', expectations: 'podman-4.3-debian.json', binary: 'podman', install: 'apt-get install -y podman busybox-static iptables' });
