/**
 * Spec: Service > public_dns, "FQDN resolving to all IPs of nodes running the containers". Its
 * resolution cannot be seen black-box (cloud/service/public-dns); that it is a fully qualified
 * domain name can.
 */
import { cloudCheck } from '../support/check.ts';
import { runningService, sharedNodes } from '../support/app.ts';

const R = { fqdn: 'cloud/service/public-dns-fqdn' };

/** A host name label: letters, digits and inner hyphens, 1 to 63 characters (RFC 1123). */
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/** A fully qualified name: at least two labels (a bare host name is not qualified), 253 characters at most; a final dot is allowed. */
export function isFqdn(name: unknown): boolean {
  if (typeof name !== 'string') return false;
  const bare = name.endsWith('.') ? name.slice(0, -1) : name;
  const labels = bare.split('.');
  return bare.length <= 253 && labels.length >= 2 && labels.every((l) => LABEL.test(l));
}

export default [
  cloudCheck({
    id: R.fqdn,
    title: 'public_dns of a running service with a published port is a fully qualified domain name',
    endpoint: 'cloud/service/get',
    async run(ctx) {
      const svc = await runningService(ctx, await sharedNodes(ctx), { container_ports: [{ protocol: 'tcp', inner_port: 8080, published: true }] });
      const got = await ctx.getJson('service', svc.resource_uri, 'the running service');
      ctx.expect(isFqdn(got.public_dns), `public_dns ${JSON.stringify(got.public_dns)} is not a fully qualified domain name`, {
        expected: 'dot-separated host name labels',
        actual: got.public_dns,
        requirement: R.fqdn,
      });
    },
  }),
];
