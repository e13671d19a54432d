/**
 * Registry credential headers (spec, Authentication):
 * - X-Registry-Auth: base64 of an AuthConfig, {username, password, email} or {registrytoken};
 *   (`serveraddress` is optional: POST /auth has it and clients send it);
 * - X-Registry-Config: URL-safe base64 of a map from registry host to {username, password}.
 * The decoders accept either base64 alphabet and note the one the spec does not name.
 */
import { observation, quote, violation, type Decoded, type Diagnostic } from './diagnostic.ts';
import { decodeBase64Json, encodeBase64Json, type Base64Alphabet } from './base64-json.ts';
import { checkFields, unknownFields, type FieldRule } from './json-fields.ts';
import { describeJson, emptyRecord, isJsonObject, type JsonObject } from './json-value.ts';

export interface LoginAuthConfig {
  username: string;
  password: string;
  email?: string;
  serveraddress?: string;
}

export interface TokenAuthConfig {
  registrytoken: string;
}

export type AuthConfig = LoginAuthConfig | TokenAuthConfig;

export interface DecodedAuth {
  /** `empty`: `{}`, which clients send for anonymous access. */
  form: 'login' | 'token' | 'empty';
  /** The decoded object as sent (unknown fields kept). */
  config: JsonObject;
}

export interface RegistryCredentials {
  username: string;
  password: string;
}

export type RegistryConfig = Record<string, RegistryCredentials>;

const AUTH_HEADER = 'X-Registry-Auth';
const CONFIG_HEADER = 'X-Registry-Config';

const LOGIN_RULES: readonly FieldRule[] = [
  { name: 'username', type: 'string', required: true },
  { name: 'password', type: 'string', required: true },
  { name: 'email', type: 'string', required: false },
  { name: 'serveraddress', type: 'string', required: false },
];
const TOKEN_RULES: readonly FieldRule[] = [{ name: 'registrytoken', type: 'string', required: true }];
const CREDENTIAL_RULES: readonly FieldRule[] = LOGIN_RULES.slice(0, 2);

export function encodeRegistryAuth(auth: AuthConfig, alphabet: Base64Alphabet = 'standard'): string {
  return encodeBase64Json(auth, alphabet);
}

export function decodeRegistryAuth(header: string): Decoded<DecodedAuth> {
  const decoded = decodeBase64Json(header, 'standard', AUTH_HEADER);
  if (decoded.value === undefined) return { diagnostics: decoded.diagnostics };
  const config = decoded.value;
  if (!isJsonObject(config)) {
    return {
      diagnostics: [...decoded.diagnostics, violation('not-an-object', `${AUTH_HEADER} must hold a JSON object (an AuthConfig), got ${describeJson(config)}`)],
    };
  }
  const diagnostics = [...decoded.diagnostics, ...authShape(config)];
  const form = Object.keys(config).length === 0 ? 'empty' : Object.hasOwn(config, 'registrytoken') ? 'token' : 'login';
  return { value: { form, config }, diagnostics };
}

export function encodeRegistryConfig(config: Readonly<RegistryConfig>, alphabet: Base64Alphabet = 'url-safe'): string {
  return encodeBase64Json(config, alphabet);
}

export function decodeRegistryConfig(header: string): Decoded<RegistryConfig> {
  const decoded = decodeBase64Json(header, 'url-safe', CONFIG_HEADER);
  if (decoded.value === undefined) return { diagnostics: decoded.diagnostics };
  if (!isJsonObject(decoded.value)) {
    return {
      diagnostics: [
        ...decoded.diagnostics,
        violation('not-an-object', `${CONFIG_HEADER} must hold a JSON map from registry host to credentials, got ${describeJson(decoded.value)}`),
      ],
    };
  }
  const diagnostics: Diagnostic[] = [...decoded.diagnostics];
  const config = emptyRecord<RegistryCredentials>();
  for (const [host, entry] of Object.entries(decoded.value)) {
    const where = `${CONFIG_HEADER} entry ${quote(host)}`;
    if (!isJsonObject(entry)) {
      diagnostics.push(violation('entry-not-an-object', `${where} must be an object {username, password}, got ${describeJson(entry)}`));
      continue;
    }
    const problems = checkFields(entry, CREDENTIAL_RULES, where);
    diagnostics.push(
      ...problems,
      ...unknownFields(
        entry,
        CREDENTIAL_RULES.map((r) => r.name),
        where,
      ),
    );
    if (problems.length === 0) config[host] = entry as unknown as RegistryCredentials;
  }
  return { value: config, diagnostics };
}

function authShape(config: JsonObject): Diagnostic[] {
  const keys = Object.keys(config);
  if (keys.length === 0) return [observation('empty-auth-config', `${AUTH_HEADER} is {}: no credentials (clients send this for anonymous access)`)];
  const known = [...LOGIN_RULES, ...TOKEN_RULES].map((r) => r.name);
  const extra = unknownFields(config, known, AUTH_HEADER);
  if (Object.hasOwn(config, 'registrytoken')) {
    const mixed = keys.some((key) => key === 'username' || key === 'password');
    return [
      ...checkFields(config, TOKEN_RULES, AUTH_HEADER),
      ...(mixed ? [observation('mixed-auth-forms', `${AUTH_HEADER} has registrytoken and login fields; the spec's AuthConfig is one or the other`)] : []),
      ...extra,
    ];
  }
  const missingEmail = Object.hasOwn(config, 'email')
    ? []
    : [observation('missing-email', `${AUTH_HEADER} has no email; the spec's AuthConfig lists {username, password, email} (newer clients leave it out)`)];
  return [...checkFields(config, LOGIN_RULES, AUTH_HEADER), ...missingEmail, ...extra];
}
