import { effectCheck, judged, outputLines as lines } from '../support/effects.ts';

const R = 'engine/containers/create/';

/**
 * The resolver lists of the checks below, two items each: a target writing only the first item of
 * a list to /etc/resolv.conf shows. The spec states no order for them, so none is required.
 */
const DNS_SERVERS: readonly string[] = ['10.9.8.7', '10.9.8.5'];
const DNS_SEARCH: readonly string[] = ['example.test', 'conformance.test'];
const DNS_OPTIONS: readonly string[] = ['ndots:2', 'timeout:3'];

/** The words after `keyword` on each of the resolv.conf lines it starts. */
function keywordLines(text: string, keyword: string): string[][] {
  return lines(text)
    .map((l) => l.split(/\s+/))
    .filter(([first]) => first === keyword)
    .map((words) => words.slice(1));
}

/** The name servers of a resolv.conf: every `nameserver` line counts. */
const nameservers = (text: string): string[] => keywordLines(text, 'nameserver').flat();

/** The search domains of a resolv.conf: the resolver reads the last `search` line only (resolv.conf(5): the last instance wins). */
const searchDomains = (text: string): string[] => keywordLines(text, 'search').at(-1) ?? [];

/** Every resolver option of a resolv.conf, whichever `options` line holds it. */
const resolverOptions = (text: string): string[] => keywordLines(text, 'options').flat();

/** Spec: Resources > Container create request > HostConfig: Dns, DnsSearch, DnsOptions, seen in the container's /etc/resolv.conf. */
export default [
  effectCheck({
    requirement: `${R}host-config-dns`,
    title: `Dns servers, each of ${DNS_SERVERS.join(' and ')}, are nameservers of the container (/etc/resolv.conf)`,
    fields: () => ({ HostConfig: { Dns: [...DNS_SERVERS] } }),
    script: 'cat /etc/resolv.conf',
    judge: (o) =>
      judged(
        DNS_SERVERS.every((s) => nameservers(o.out).includes(s)),
        `/etc/resolv.conf has a nameserver line for each of ${DNS_SERVERS.join(' and ')}`,
        DNS_SERVERS.map((s) => `nameserver ${s}`),
        lines(o.out),
      ),
  }),
  effectCheck({
    requirement: `${R}host-config-dns-search`,
    title: `DnsSearch domains, each of ${DNS_SEARCH.join(' and ')}, are search domains of the container (/etc/resolv.conf)`,
    fields: () => ({ HostConfig: { DnsSearch: [...DNS_SEARCH] } }),
    script: 'cat /etc/resolv.conf',
    judge: (o) =>
      judged(
        DNS_SEARCH.every((d) => searchDomains(o.out).includes(d)),
        `the search line of /etc/resolv.conf (the last one, which the resolver reads) holds each of ${DNS_SEARCH.join(' and ')}`,
        `search ${DNS_SEARCH.join(' ')}`,
        lines(o.out),
      ),
  }),
  effectCheck({
    requirement: `${R}host-config-dns-options`,
    versions: ['1.22'],
    title: `(1.22) DnsOptions ${DNS_OPTIONS.join(' and ')} are both resolver options of the container (/etc/resolv.conf)`,
    fields: () => ({ HostConfig: { DnsOptions: [...DNS_OPTIONS] } }),
    script: 'cat /etc/resolv.conf',
    judge: (o) =>
      judged(
        DNS_OPTIONS.every((opt) => resolverOptions(o.out).includes(opt)),
        `/etc/resolv.conf has the options ${DNS_OPTIONS.join(' and ')}`,
        `options ${DNS_OPTIONS.join(' ')}`,
        lines(o.out),
      ),
  }),
];
