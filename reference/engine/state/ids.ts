/** Identifiers and generated names. */
import { randomBytes } from 'node:crypto';

export function newId(): string {
  return randomBytes(32).toString('hex');
}

const ADJECTIVES = [
  'admiring',
  'brave',
  'calm',
  'eager',
  'festive',
  'gentle',
  'happy',
  'jolly',
  'keen',
  'lucid',
  'modest',
  'nifty',
  'quirky',
  'serene',
  'tender',
  'vibrant',
];
const NOUNS = [
  'turing',
  'hopper',
  'lovelace',
  'curie',
  'noether',
  'ritchie',
  'thompson',
  'knuth',
  'dijkstra',
  'hamilton',
  'babbage',
  'shannon',
  'euler',
  'gauss',
  'kepler',
  'pike',
];

export function randomName(taken: (name: string) => boolean): string {
  for (let i = 0; ; i++) {
    const pick = <T>(list: T[]): T => list[randomBytes(1)[0]! % list.length]!;
    const name = `${pick(ADJECTIVES)}_${pick(NOUNS)}${i > 5 ? i : ''}`;
    if (!taken(name)) return name;
  }
}
