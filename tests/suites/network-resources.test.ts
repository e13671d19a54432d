import { expect, test } from 'vitest';
import { createServer } from 'node:net';
import { freeHostPort, randomSubnet } from '../../suites/engine/support/resources.ts';

test('the subnets the network checks ask for are distinct and lie above the pools daemons allocate from (10.200-249.x.0/24)', () => {
  const drawn = Array.from({ length: 2000 }, () => randomSubnet());
  expect(new Set(drawn.map((d) => d.subnet)).size).toBe(drawn.length);
  for (const { subnet, gateway, host } of drawn) {
    const prefix = /^10\.(\d+)\.(\d+)\.0\/24$/.exec(subnet);
    expect(prefix, subnet).not.toBeNull();
    expect(Number(prefix![1])).toBeGreaterThanOrEqual(200);
    expect(Number(prefix![1])).toBeLessThan(250);
    expect([gateway, host]).toEqual([`10.${prefix![1]}.${prefix![2]}.1`, `10.${prefix![1]}.${prefix![2]}.10`]);
  }
});

test('the host port a publishing check asks for is one nothing here listens on', async () => {
  const ports = await Promise.all(Array.from({ length: 20 }, () => freeHostPort()));
  for (const port of ports) {
    expect(Number(port)).toBeGreaterThan(1023);
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(Number(port), '0.0.0.0', resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
