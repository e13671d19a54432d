/** Generated identifiers and addresses. */
import { randomUUID } from 'node:crypto';

export const newUuid = (): string => randomUUID();

let ipCounter = 0;

/** A public address from the documentation range 203.0.113.0/24, then 198.51.100.0/24. */
export function nextPublicIp(): string {
  ipCounter += 1;
  const block = Math.floor((ipCounter - 1) / 250) % 2 === 0 ? '203.0.113' : '198.51.100';
  return `${block}.${((ipCounter - 1) % 250) + 1}`;
}

let privateCounter = 0;

/** An overlay-network address in 10.7.0.0/16. */
export function nextPrivateIp(): string {
  privateCounter += 1;
  return `10.7.${Math.floor(privateCounter / 250) % 250}.${(privateCounter % 250) + 2}`;
}

let subnetCounter = 0;

/** A private /24 of its own for a node cluster's network, in 10.128.0.0/9 (its first three octets): 10.128.1, 10.128.2, ... */
export function nextPrivateSubnet(): string {
  subnetCounter += 1;
  return `10.${128 + (Math.floor(subnetCounter / 256) % 128)}.${subnetCounter % 256}`;
}

export const shortId = (uuid: string): string => uuid.slice(0, 8);
