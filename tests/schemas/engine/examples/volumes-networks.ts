import type { EngineVersion, ExampleSet } from '../support.ts';

const volume = { Name: 'tardis', Driver: 'local', Mountpoint: '/var/lib/vendor/volumes/tardis' };
const ipamConfig = { Subnet: '172.17.0.0/16', IPRange: '172.17.5.0/24', Gateway: '172.17.0.1', AuxAddress: '172.17.1.5' };

const network = {
  Name: 'bridge',
  Id: 'f2de39df4171b0dc801e8002d1d999b77256983dfc63041c0f34030aa3977566',
  Scope: 'local',
  Driver: 'bridge',
  IPAM: { Driver: 'default', Config: [ipamConfig], Options: {} },
  Containers: {
    '39b69226f9d79f5634485fb236a23b2fe4e96a0a94128390a7fbbcc167065867': {
      Name: 'test',
      EndpointID: 'ed2419a97c1d9954d05b46e462e7002ea552f216e9b136b80a7db8d98b442eda',
      MacAddress: '02:42:ac:11:00:02',
      IPv4Address: '172.17.0.2/16',
      IPv6Address: '',
    },
  },
  Options: {
    'com.vendor.network.bridge.default_bridge': 'true',
    'com.vendor.network.bridge.enable_icc': 'true',
    'com.vendor.network.bridge.enable_ip_masquerade': 'true',
    'com.vendor.network.bridge.host_binding_ipv4': '0.0.0.0',
    'com.vendor.network.bridge.name': 'vendor0',
    'com.vendor.network.driver.mtu': '1500',
  },
};

/** A network as listed: its container entries carry no Name ("Name S (inspect only)"). */
const listedNetwork = {
  ...network,
  Containers: Object.fromEntries(Object.entries(network.Containers).map(([id, { Name: _n, ...entry }]) => [id, entry])),
};

export function volumeNetworkExamples(v: EngineVersion): ExampleSet {
  if (v === '1.18') return {};
  return {
    volume: [volume],
    'volume-list': [
      { Volumes: [volume], Warnings: [] },
      { Volumes: [], Warnings: [] },
    ],
    'volume-create-request': [{ Name: 'tardis', Driver: 'local', DriverOpts: { size: '10G' } }, {}],
    network: [network, listedNetwork],
    'network-list': [[listedNetwork], []],
    'network-create-request': [
      {
        Name: 'isolated_nw',
        CheckDuplicate: false,
        Driver: 'bridge',
        IPAM: { Driver: 'default', Config: [{ Subnet: '172.20.0.0/16', IPRange: '172.20.10.0/24', Gateway: '172.20.10.11' }], Options: { foo: 'bar' } },
        Internal: true,
        Options: { 'com.vendor.network.bridge.enable_icc': 'true' },
      },
      { Name: 'minimal' },
    ],
    'network-create-response': [{ Id: '22be93d5babb089c5aab8dbc369042fad48ff791584ca2da2100db837a1c7c30', Warning: '' }],
    'network-connect-request': [
      { Container: '3613f73ba0e4', EndpointConfig: { IPAMConfig: { IPv4Address: '172.24.56.89', IPv6Address: '2001:db8::5689' } } },
      {},
    ],
    'network-disconnect-request': [{ Container: '3613f73ba0e4', Force: false }, {}],
  };
}
