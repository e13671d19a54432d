/**
 * Probes of the eleventh batch of blind faults (a node cluster with a blank region, a region
 * without zones, the repository list's registry filter, the default disk of a provider without a
 * disk choice): each passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import type { TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const CLUSTERS = '/api/infra/v1/nodecluster/';
const AWS = { node_type: '/api/infra/v1/nodetype/aws/t2.micro/', region: '/api/infra/v1/region/aws/us-east-1/' };

export const BLIND11_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind11-cluster-blank-region-defaulted': async (t) => {
    const answer = await t.call('POST', CLUSTERS, { name: 'c', node_type: AWS.node_type, region: '' });
    expect(answer.status).toBe(201);
  },
  'blind11-region-zones-null-when-none': async (t) => {
    expect((await t.ok('GET', '/api/infra/v1/region/packet/ewr1/')).availability_zones).toBeNull();
  },
  'blind11-repository-registry-filter-by-host': async (t) => {
    await t.ok('POST', '/api/repo/v1/repository/', { name: 'quay.io/b11/app', username: 'u', password: 'p' });
    const listed = (await t.ok('GET', `/api/repo/v1/repository/?registry=${encodeURIComponent('/api/repo/v1/registry/quay.io/')}`)).objects;
    expect(listed).toEqual([]);
  },
  'blind11-cluster-default-disk-validated': async (t) => {
    expect((await t.call('POST', CLUSTERS, { name: 'c', ...AWS })).status).toBe(400);
  },
};
