import type { Credentials } from '../run/config.ts';

/** The HTTP Basic Authorization value: the cloud API takes the API key as the password. */
export function basicAuth(credentials: Credentials): string {
  return `Basic ${Buffer.from(`${credentials.user}:${credentials.key}`).toString('base64')}`;
}
