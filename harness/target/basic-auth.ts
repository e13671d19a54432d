import type { CloudTargetConfig, Credentials } from '../run/config.ts';

/** The HTTP Basic Authorization value: the cloud API takes the API key as the password. */
export function basicAuth(credentials: Credentials): string {
  return `Basic ${Buffer.from(`${credentials.user}:${credentials.key}`).toString('base64')}`;
}

/** The Authorization each of a cloud run's users sends, by the flag that gave it: how a transcript names them. */
export function credentialNames(cloud: Pick<CloudTargetConfig, 'auth' | 'auth2'>): ReadonlyMap<string, string> {
  return new Map([[basicAuth(cloud.auth), '--auth'], ...(cloud.auth2 ? [[basicAuth(cloud.auth2), '--auth2'] as [string, string]] : [])]);
}
