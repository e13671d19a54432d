import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../target/endpoint.ts';
import type { ProductRecord } from './bundle.ts';
import { sha256 } from './digest.ts';

/** The signed statement beside a bundle's files: a DSSE envelope holding an in-toto Statement. */
export const ATTESTATION_FILE = 'attestation.intoto.json';
export const PAYLOAD_TYPE = 'application/vnd.in-toto+json';
const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const PREDICATE_TYPE = 'urn:container-api-conformance:certificate:v1';

export interface Envelope {
  payloadType: string;
  /** base64 of the statement's JSON */
  payload: string;
  signatures: Array<{ keyid: string; sig: string }>;
}

export interface Statement {
  _type: string;
  subject: Array<{ name: string; digest: { sha256: string } }>;
  predicateType: string;
  predicate: Record<string, unknown>;
}

/** DSSE's pre-authentication encoding: what is signed, so that a payload cannot pass for another type. */
export function pae(payloadType: string, payload: Buffer): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([Buffer.from(`DSSEv1 ${type.length} `), type, Buffer.from(` ${payload.length} `), payload]);
}

/** An Ed25519 key from a PEM file, named by the option that gave it: a clear usage error otherwise. */
export function readEd25519Key(option: '--sign-key' | '--pubkey', file: string): KeyObject {
  let key: KeyObject;
  try {
    const pem = readFileSync(file);
    key = option === '--sign-key' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch (err) {
    const kind = option === '--sign-key' ? 'private' : 'public';
    throw new UsageError(`${option} '${file}': ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `not a PEM ${kind} key`}`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new UsageError(`${option} '${file}': an Ed25519 key is needed, this is ${key.asymmetricKeyType}`);
  return key;
}

/** The key's id: the sha256 of its public key (SubjectPublicKeyInfo, DER). */
export function keyId(key: KeyObject): string {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256')
    .update(pub.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

/** Signs the bundle: every listed file by its digest, and the product, level and suite results as the predicate. */
export function signBundle(dir: string, files: readonly string[], predicate: Record<string, unknown>, key: KeyObject): Envelope {
  const statement: Statement = {
    _type: STATEMENT_TYPE,
    subject: files.map((name) => ({ name, digest: { sha256: sha256(path.join(dir, name)) } })),
    predicateType: PREDICATE_TYPE,
    predicate,
  };
  const payload = Buffer.from(JSON.stringify(statement), 'utf8');
  const sig = sign(null, pae(PAYLOAD_TYPE, payload), key).toString('base64');
  const envelope: Envelope = { payloadType: PAYLOAD_TYPE, payload: payload.toString('base64'), signatures: [{ keyid: keyId(key), sig }] };
  writeFileSync(path.join(dir, ATTESTATION_FILE), `${JSON.stringify(envelope, null, 2)}\n`);
  return envelope;
}

/** The predicate of a bundle's statement: what product.json claims, and each suite's counts. */
export function certificatePredicate(product: ProductRecord, suiteResults: Record<string, unknown>): Record<string, unknown> {
  return {
    product: product.product,
    level: product.level,
    selfTest: product.selfTest ?? false,
    tool: product.tool,
    seed: product.seed,
    date: product.date,
    suites: suiteResults,
  };
}

/**
 * Checks the envelope against `key`, then each subject against the file in the bundle, and that
 * the statement covers `files` and claims the level product.json claims.
 */
export function verifyAttestation(dir: string, files: readonly string[], product: ProductRecord | undefined, key: KeyObject): string[] {
  const file = path.join(dir, ATTESTATION_FILE);
  if (!existsSync(file)) return [`${ATTESTATION_FILE} is missing: the bundle is not signed`];
  const envelope = parseEnvelope(readFileSync(file, 'utf8'));
  if (typeof envelope === 'string') return [`${ATTESTATION_FILE}: ${envelope}`];
  const payload = Buffer.from(envelope.payload, 'base64');
  const signed = envelope.signatures.some((s) => safeVerify(pae(envelope.payloadType, payload), s?.sig, key));
  if (!signed) return [`${ATTESTATION_FILE}: no signature made with the key of --pubkey (keyid ${keyId(key)})`];
  const statement = parseStatement(payload);
  if (typeof statement === 'string') return [`${ATTESTATION_FILE}: ${statement}`];
  const problems: string[] = [];
  const subjects = new Map(statement.subject.map((s) => [s?.name, s?.digest?.sha256]));
  for (const name of files) {
    const digest = subjects.get(name);
    if (digest === undefined) problems.push(`${ATTESTATION_FILE}: the signed statement does not cover ${name}`);
    else if (!existsSync(path.join(dir, name))) problems.push(`${name} is missing`);
    else if (sha256(path.join(dir, name)) !== digest) problems.push(`${name}: digest does not match the signed statement`);
  }
  if (product && statement.predicate.level !== product.level)
    problems.push(`${ATTESTATION_FILE}: the signed level is '${String(statement.predicate.level)}', product.json claims '${product.level}'`);
  return problems;
}

function safeVerify(data: Buffer, sig: unknown, key: KeyObject): boolean {
  if (typeof sig !== 'string') return false;
  try {
    return verify(null, data, key, Buffer.from(sig, 'base64'));
  } catch {
    return false;
  }
}

function parseEnvelope(text: string): Envelope | string {
  let value: Partial<Envelope>;
  try {
    value = JSON.parse(text) as Partial<Envelope>;
  } catch {
    return 'not JSON';
  }
  if (value?.payloadType !== PAYLOAD_TYPE) return `not a DSSE envelope of ${PAYLOAD_TYPE}`;
  if (typeof value.payload !== 'string' || !Array.isArray(value.signatures)) return 'a DSSE envelope needs a payload and signatures';
  return value as Envelope;
}

function parseStatement(payload: Buffer): Statement | string {
  let value: Partial<Statement>;
  try {
    value = JSON.parse(payload.toString('utf8')) as Partial<Statement>;
  } catch {
    return 'the payload is not JSON';
  }
  if (value?._type !== STATEMENT_TYPE || !Array.isArray(value.subject) || typeof value.predicate !== 'object' || value.predicate === null)
    return `the payload is not an in-toto Statement (${STATEMENT_TYPE})`;
  return value as Statement;
}
