/**
 * The archive path-stat header (spec 1.22, X-Vendor-Container-Path-Stat): base64 of a JSON object
 * {name S, size I, mode I, mtime S, linkTarget S}. Each missing or mistyped field is a diagnostic.
 * The spec does not say which base64 alphabet; real daemons write the standard one.
 */
import { observation, quote, violation, type Decoded, type Diagnostic } from './diagnostic.ts';
import { decodeBase64Json, encodeBase64Json } from './base64-json.ts';
import { checkFields, unknownFields, type FieldRule } from './json-fields.ts';
import { describeJson, isJsonObject } from './json-value.ts';
import { spell, type VendorProfileName } from '../profile.ts';

export interface PathStat {
  name: string;
  size: number;
  /** Go's os.FileMode bits: the permission bits plus type bits such as 1<<31 for a directory. */
  mode: number;
  mtime: string;
  linkTarget: string;
}

const WHERE = 'the path-stat header';
const RULES: readonly FieldRule[] = [
  { name: 'name', type: 'string', required: true },
  { name: 'size', type: 'integer', required: true },
  { name: 'mode', type: 'integer', required: true },
  { name: 'mtime', type: 'string', required: true },
  { name: 'linkTarget', type: 'string', required: true },
];

export function pathStatHeaderName(profile: VendorProfileName = 'docker'): string {
  return spell('X-Vendor-Container-Path-Stat', 'engine', profile);
}

export function encodePathStat(stat: PathStat): string {
  return encodeBase64Json(stat, 'standard');
}

export function decodePathStat(header: string): Decoded<PathStat> {
  const decoded = decodeBase64Json(header, 'standard', WHERE);
  if (decoded.value === undefined) return { diagnostics: decoded.diagnostics };
  const stat = decoded.value;
  if (!isJsonObject(stat)) {
    return { diagnostics: [...decoded.diagnostics, violation('not-an-object', `${WHERE} must hold a JSON object, got ${describeJson(stat)}`)] };
  }
  const problems = checkFields(stat, RULES, WHERE);
  const diagnostics: Diagnostic[] = [
    ...decoded.diagnostics,
    ...problems,
    ...unknownFields(
      stat,
      RULES.map((r) => r.name),
      WHERE,
    ),
  ];
  if (typeof stat['size'] === 'number' && stat['size'] < 0) diagnostics.push(violation('negative-size', `${WHERE}: size is negative (${stat['size']})`));
  if (typeof stat['mtime'] === 'string' && Number.isNaN(Date.parse(stat['mtime']))) {
    diagnostics.push(observation('mtime-not-a-timestamp', `${WHERE}: mtime ${quote(stat['mtime'])} is not a timestamp`));
  }
  return problems.length === 0 ? { value: stat as unknown as PathStat, diagnostics } : { diagnostics };
}
