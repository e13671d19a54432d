#!/usr/bin/env node
// `npm run lint`: no line of the project's code is longer than MAX characters. The formatter wraps
// code at that width but leaves long strings and comments as they are; this finds them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX = 160;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CODE = /\.(ts|mts|mjs|js)$/;
const SKIP = new Set(['node_modules', '.git', 'reports', '.tmp', 'dist']);

function* codeFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* codeFiles(full);
    else if (CODE.test(entry.name)) yield full;
  }
}

let long = 0;
for (const file of codeFiles(ROOT)) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.length <= MAX) return;
      long++;
      console.error(`${path.relative(ROOT, file)}:${i + 1}: ${line.length} characters (at most ${MAX})`);
    });
}
if (long > 0) {
  console.error(`${long} line(s) longer than ${MAX} characters`);
  process.exit(1);
}
