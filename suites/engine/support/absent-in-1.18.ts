/**
 * Spec, Versioning: "Items marked (1.22) exist only in 1.22". A 1.22-only operation requested
 * under /v1.18 must not be served: any success answer means it was served as the 1.22 operation.
 * Subjects the operation needs (a volume, a network) are made through /v1.22, so that a success
 * can only mean that; a target without 1.22 still gets asked, about a name that exists nowhere.
 */
import { type HttpResponse, isSuccess } from '../../../harness/target/http-transport.ts';
import { engineCheck, type EngineCheck } from './check.ts';
import type { EngineContext } from './context.ts';
import { v122 } from './resources.ts';

export function expectNotServedIn118(ctx: EngineContext, res: HttpResponse, operation: string): void {
  ctx.expect(!isSuccess(res.status), `${operation} is a 1.22 item but /v1.18 served it (status ${res.status}); it must not exist in 1.18`, {
    expected: 'a non-success answer (the operation does not exist in 1.18), e.g. 404',
    actual: { status: res.status, body: res.text().slice(0, 300) },
  });
}

/** The 1.18 check of a 1.22 endpoint: `request` sends the operation under /v1.18 (ctx.api). */
export function absentIn118Check(endpoint: string, operation: string, request: (ctx: EngineContext) => Promise<HttpResponse>): EngineCheck {
  const requirement = `${endpoint}/absent-in-1.18`;
  return engineCheck({
    id: requirement,
    title: `(1.18) ${operation} is a 1.22 item: /v1.18 does not serve it`,
    endpoint,
    versions: ['1.18'],
    async run(ctx) {
      expectNotServedIn118(ctx, await request(ctx), operation);
    },
  });
}

/** A volume or network name the check owns, removed (through /v1.22) after the check. */
export function ownedName(ctx: EngineContext, kind: 'volumes' | 'networks'): string {
  const name = ctx.uniqueName(kind === 'volumes' ? 'vol' : 'net');
  ctx.defer(async () => void (await ctx.api.raw('DELETE', v122(`/${kind}/${name}`))));
  return name;
}

/** A volume or network created through /v1.22 (whatever the answer), removed after the check. */
export async function subjectIn122(ctx: EngineContext, kind: 'volumes' | 'networks'): Promise<string> {
  const name = ownedName(ctx, kind);
  await ctx.api.raw('POST', v122(`/${kind}/create`), { json: { Name: name } });
  return name;
}
