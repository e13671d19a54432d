import { setTimeout as sleep } from 'node:timers/promises';
import { CheckContext, type ContextBase } from '../../../harness/check/context.ts';
import type { RequirementRef } from '../../../harness/check/signals.ts';
import type { CloudTargetConfig, RunConfig } from '../../../harness/run/config.ts';
import type { HttpResponse, HttpTransport } from '../../../harness/target/http-transport.ts';
import { spell } from '../../../harness/profile.ts';
import { inNamespace, type ListPage, readList } from '../../../harness/protocol/cloud-lists.ts';
import { CloudApi } from './api.ts';
import { credentialNames } from '../../../harness/target/basic-auth.ts';
import type { RemovalOwner } from '../../../harness/check/file-shared.ts';
import type { CloudFileSetUp } from './file-shared.ts';
import type { Action, CloudViews, ViewName } from './views.generated.ts';
import { createRequirement, getRequirement } from './operation-requirements.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

/** Action states in which no more work happens. */
export const TERMINAL_ACTION_STATES = ['Success', 'Failed', 'Canceled'];

type Json = Record<string, unknown>;

/** How often a wait reads the resource again. */
const POLL_MS = 50;

/** The views whose resources have a state to wait for (stack, service, container, node, node cluster, action). */
export type StatefulView = { [K in ViewName]: CloudViews[K] extends { state: string } ? K : never }[ViewName];
/** The views of resources (what has a resource_uri of its own). */
export type ResourceView = { [K in ViewName]: CloudViews[K] extends { resource_uri: string } ? K : never }[ViewName];

/** What a cloud check works with: the API as the first (and second) user, and resource helpers. */
export class CloudContext extends CheckContext {
  /** The API as the run's first user. */
  readonly api: CloudApi;
  /** The API as the second user, when the run has one (namespace isolation checks). */
  readonly api2: CloudApi | undefined;

  constructor(
    base: ContextBase,
    readonly run: RunConfig,
    cloud: CloudTargetConfig,
    transport: HttpTransport,
    /** What the checks of this suite file share (see file-shared.ts). */
    readonly file: CloudFileSetUp,
  ) {
    super(base);
    this.api = new CloudApi(transport, cloud.stream, this.transcript, cloud.auth, base.timeoutMs, (method, path, res) => this.judgeAnswer(method, path, res));
    this.api2 = cloud.auth2 ? this.api.as(cloud.auth2) : undefined;
    this.transcript.nameSecrets(credentialNames(cloud));
  }

  /** The spec's neutral identifier in the run's vendor profile (X-Vendor-Action-URI, VENDOR_AUTH, ...). */
  spell(neutral: string): string {
    return spell(neutral, 'cloud', this.run.vendorProfile);
  }

  /** The action header's name as the profile spells it, lower-cased for header lookup. */
  get actionHeader(): string {
    return this.spell('X-Vendor-Action-URI').toLowerCase();
  }

  /** An organization namespace of the first user, or the check is skipped. */
  organization(): string {
    return this.run.cloud?.namespace ?? this.skip('no organization namespace for the run (pass --namespace ORG)');
  }

  /** The second user's API, or the check is skipped. */
  secondUser(): CloudApi {
    return this.api2 ?? this.skip('needs a second user (pass --auth2 USER:KEY)');
  }

  /** /api/app/v1/service/ → /api/app/v1/<ns>/service/ */
  namespaced(path: string, namespace: string): string {
    return inNamespace(path, namespace);
  }

  uniqueName(purpose: string): string {
    return `conformance-${this.run.runId}-${purpose}-${Math.random().toString(36).slice(2, 6)}`;
  }

  /**
   * The objects of a list response (read as `view` when given); the envelope itself is not shown in
   * the spec, so any envelope whose list can be told is read (protocol/cloud-lists.ts).
   */
  listObjects(res: HttpResponse, what: string): Json[];
  listObjects<K extends ViewName>(res: HttpResponse, what: string, view: K): CloudViews[K][];
  listObjects(res: HttpResponse, what: string): Json[] {
    return this.listPage(res, what).objects as Json[];
  }

  /**
   * One page of a list response and the next page it names. An object whose list cannot be told
   * (arrays, but none or several of objects) leaves the check unverified: the spec does not show the
   * envelope. A body with no array at all holds no list: a breach.
   */
  listPage(res: HttpResponse, what: string): ListPage {
    const read = readList(this.expectJson<unknown>(res, what));
    if (read && 'unidentified' in read) return this.unverified(`${what}: ${read.unidentified}`);
    return read ?? this.fail(`${what}: expected a list of objects`, { expected: 'a list', actual: res.text().slice(0, 300) });
  }

  /**
   * Creates a resource with POST and terminates it (DELETE) after the check, or when `owner` ends
   * when one outlives the check; the answer read as a `view`.
   */
  async create<K extends ResourceView>(view: K, path: string, body: Json, what: string, owner?: RemovalOwner): Promise<CloudViews[K]> {
    return this.createdBy(view, await this.api.post(path, body), what, owner);
  }

  /** The object a create answered with (removed after the check, or by `owner`); a refusal blocks the check. */
  createdBy<K extends ResourceView>(_view: K, res: HttpResponse, what: string, owner?: RemovalOwner): CloudViews[K] {
    this.precondition(isSuccess(res.status), `creating ${what} answered ${res.status}: ${res.text().slice(0, 300)}`, createRequirement(_view));
    const created = this.expectJson<CloudViews[K]>(res, `${what} create response`);
    const uri: unknown = created.resource_uri;
    if (typeof uri === 'string') {
      if (owner) owner.removeLater(uri);
      else this.defer(async () => void (await this.api.delete(uri)));
    }
    return created;
  }

  /**
   * GET of one resource, read as a `view`: the answer must be 200 and JSON. Whether it keeps its
   * schema is the judge's to report (once per endpoint, every answer) and, where a check is about
   * that, `expectView`'s: a set-up read does not fail on it.
   */
  async getJson<K extends ViewName>(view: K, uri: string, what: string = view): Promise<CloudViews[K]> {
    const res = await this.api.get(uri);
    this.precondition(res.status === 200, `GET ${uri} (${what}) answered ${res.status}`, getRequirement(view));
    return this.expectJson<CloudViews[K]>(res, what);
  }

  /** A value that must match the schema `view` (schemas/cloud/v1/<view>.json), as that view; a mismatch breaks `requirement`. */
  expectView<K extends ViewName>(view: K, value: unknown, what: string, requirement?: RequirementRef): CloudViews[K] {
    return this.expectSchema<CloudViews[K]>('cloud/v1', view, value, what, requirement);
  }

  /** Polls the `view` resource at `uri` until it is in one of `states`; a timeout fails naming `requirement` when given. */
  async waitForState<K extends StatefulView>(
    view: K,
    uri: string,
    states: readonly string[],
    timeoutMs = 15_000,
    requirement?: string,
  ): Promise<CloudViews[K]> {
    const deadline = Date.now() + timeoutMs;
    let last: CloudViews[K] | undefined;
    // An action is waited on right after the request that started it: a look at once finds it running.
    if (view === 'action') await sleep(POLL_MS);
    while (Date.now() < deadline) {
      last = await this.getJson(view, uri, 'resource');
      if (states.includes(last.state)) return last;
      await sleep(POLL_MS);
    }
    return this.fail(`${uri} did not reach ${states.join(' or ')} within ${timeoutMs} ms`, {
      expected: states,
      actual: last?.state,
      ...(requirement ? { requirement } : {}),
    });
  }

  /** The action a response created (from the action header), once it has ended. */
  async finishedAction(res: HttpResponse, timeoutMs = 15_000): Promise<Action> {
    const uri = res.headers[this.actionHeader];
    if (!uri) this.fail(`the response carries no ${this.spell('X-Vendor-Action-URI')} header`, { expected: 'the action URI', actual: res.headers });
    return this.waitForState('action', uri!, TERMINAL_ACTION_STATES, timeoutMs);
  }
}
