/**
 * What `/proc/self/status` shows of a container process's capabilities, as a Linux kernel with 41
 * capabilities (5.9 and later) shows them under Docker: a privileged container holds every one, an
 * unprivileged one the engine's default set (CHOWN, DAC_OVERRIDE, FOWNER, FSETID, KILL, SETGID,
 * SETUID, SETPCAP, NET_BIND_SERVICE, NET_RAW, SYS_CHROOT, MKNOD, AUDIT_WRITE, SETFCAP); a user
 * other than root holds none in effect. Only these lines are modelled: the others of the real
 * file (memory, signals, ids...) are left out rather than invented.
 */
const ALL_CAPABILITIES = 0x1ffffffffffn;
const ENGINE_DEFAULT_CAPABILITIES = 0xa80425fbn;

const hex = (mask: bigint): string => mask.toString(16).padStart(16, '0');

export function procStatus(opts: { privileged: boolean; user: string; command: string }): string {
  const bounding = opts.privileged ? ALL_CAPABILITIES : ENGINE_DEFAULT_CAPABILITIES;
  const held = opts.user === 'root' || opts.user === '0' ? bounding : 0n;
  return [
    `Name:\t${opts.command}`,
    `CapInh:\t${hex(0n)}`,
    `CapPrm:\t${hex(held)}`,
    `CapEff:\t${hex(held)}`,
    `CapBnd:\t${hex(bounding)}`,
    `CapAmb:\t${hex(0n)}`,
    '',
  ].join('\n');
}
