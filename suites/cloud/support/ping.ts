/**
 * Echo requests sent from inside a container (ping, run by the Stream API's exec): how many came
 * back, and the IPv4 addresses a command printed, with the private ones (RFC 1918) told apart.
 */
import type { CloudContext } from './context.ts';
import { printedIn } from './streams.ts';
import type { Container } from './views.generated.ts';

/** The echo replies `from` got from `address` to `count` requests, or undefined when ping did not run there (no statistics line). */
export async function repliesFrom(ctx: CloudContext, from: Container, address: string, count: number): Promise<number | undefined> {
  const printed = await printedIn(ctx, from, `ping -c ${count} -w 3 ${address}`);
  // busybox: "2 packets received"; iputils: "2 received".
  const received = /(\d+) (?:packets? )?received/.exec(printed)?.[1];
  if (received === undefined) ctx.observe(`ping in ${String(from.name)} did not run: ${printed.slice(0, 200)}`);
  return received === undefined ? undefined : Number(received);
}

/** The IPv4 addresses in a text, in order, each once. */
export const ipv4s = (text: string): string[] => [
  ...new Set(
    [...text.matchAll(/(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])/g)]
      .filter((m) => m.slice(1).every((o) => Number(o) <= 255))
      .map((m) => m[0]!),
  ),
];

/** The private range (RFC 1918) an IPv4 address is in, or undefined outside all three. */
export function privateRange(address: string): string | undefined {
  const [a, b] = address.split('.').map(Number) as [number, number];
  if (a === 10) return '10.0.0.0/8';
  if (a === 172 && b >= 16 && b <= 31) return '172.16.0.0/12';
  return a === 192 && b === 168 ? '192.168.0.0/16' : undefined;
}
