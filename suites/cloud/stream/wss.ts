/**
 * Spec ("What the service does"): "a Stream API at {stream_url} (WebSocket, `wss`)": the Stream
 * API is WebSocket over TLS. The run's stream endpoint is the URL the operator gave; this check
 * opens an events session there and looks at the connection it was answered on.
 */
import { cloudCheck } from '../support/check.ts';
import { EVENTS } from '../support/streams.ts';

const R = { wss: 'cloud/stream/wss', endpoint: 'cloud/stream/events/endpoint' };

export default [
  cloudCheck({
    id: R.wss,
    title: 'The Stream API is WebSocket over TLS (wss): an events session opens (101) over a TLS connection',
    endpoint: 'cloud/events',
    async run(ctx) {
      const url = ctx.run.cloud?.stream.url ?? '{stream_url}';
      const session = await ctx.api.openStream(EVENTS);
      ctx.defer(() => session.close());
      // A plain connection breaks the rule whatever it answered; over TLS, the session must open for the rule to be seen served.
      if (session.tls) ctx.precondition(session.status === 101, `the events upgrade over TLS answered ${session.status}, not 101`, R.endpoint);
      ctx.expect(session.tls, `the Stream API is not "at {stream_url} (WebSocket, wss)": ${url} answered the events upgrade over plain ws, without TLS`, {
        expected: 'WebSocket over TLS (wss)',
        actual: `${url}: plain ws (status ${session.status})`,
        requirement: R.wss,
      });
    },
  }),
];
