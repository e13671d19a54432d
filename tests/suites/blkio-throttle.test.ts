import { describe, expect, it } from 'vitest';
import { hostDisk, readThrottle } from '../../suites/engine/support/blkio-throttle.ts';

const mount = (dev: string, target: string) => `98 79 ${dev} /var/lib/docker/containers/x/hosts ${target} rw,relatime - ext4 /dev/sda1 rw`;
const listing = (...lines: string[]) => lines.join('\n');
const observed = (out: string) => ({ out, code: 0, warnings: [] });

describe('the host disk the device rates are set on', () => {
  it('is the whole disk holding the container /etc/hosts, through its partition', () => {
    const out = listing('disk loop0 7:0', 'disk sda 8:0', 'part sda 8:1', 'disk sdb 8:16', '== mountinfo', mount('8:1', '/etc/hosts'));
    expect(hostDisk(out)).toMatchObject({ path: '/dev/sda', dev: '8:0' });
  });

  it('is the first disk that is not virtual when the daemon files are on no disk (a tmpfs data root), and none without disks', () => {
    const out = listing('disk loop0 7:0', 'disk nvme0n1 259:0', 'disk vda 254:0', '== mountinfo', mount('0:99', '/etc/hosts'));
    expect(hostDisk(out)).toMatchObject({ path: '/dev/nvme0n1', dev: '259:0' });
    expect(hostDisk(listing('disk cciss!c0d0 104:0', '== mountinfo'))).toMatchObject({ path: '/dev/cciss/c0d0' });
    expect(hostDisk(listing('== mountinfo', mount('0:99', '/etc/hosts')))).toBeUndefined();
  });
});

describe('the throttle the container cgroup shows', () => {
  const v1 = (rules: Record<string, string>) =>
    ['read_bps', 'write_bps', 'read_iops', 'write_iops'].map((k) => `== /sys/fs/cgroup/blkio/blkio.throttle.${k}_device\n${rules[k] ?? ''}`).join('\n');

  it('cgroup v1: each file has the MAJ:MIN rate rule', () => {
    const all = { read_bps: '8:0 10485760', write_bps: '8:0 5242880', read_iops: '8:0 1000', write_iops: '8:0 500' };
    expect(readThrottle(observed(v1(all)), '8:0')!.map((r) => r.ok)).toEqual([true, true, true, true]);
    expect(readThrottle(observed(v1({ ...all, write_iops: '' })), '8:0')!.map((r) => r.ok)).toEqual([true, true, true, false]);
  });

  it('cgroup v2: the four keys of the device line of io.max; neither file leaves it unread', () => {
    const ioMax = (line: string) => observed(`== /sys/fs/cgroup/io.max\n8:16 rbps=1 wbps=max riops=max wiops=max\n${line}`);
    expect(readThrottle(ioMax('8:0 rbps=10485760 wbps=5242880 riops=1000 wiops=500'), '8:0')!.every((r) => r.ok)).toBe(true);
    expect(readThrottle(ioMax('8:0 rbps=10485760 wbps=max riops=1000 wiops=500'), '8:0')!.map((r) => r.ok)).toEqual([true, false, true, true]);
    expect(readThrottle(observed(''), '8:0')).toBeUndefined();
  });
});
