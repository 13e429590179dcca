// The provider calls the browser cannot make itself and so makes through the server's
// same-origin proxy. One table serves both sides: the REST client requests `{PROXY_PREFIX}{proxyPath}`,
// the server registers a route per entry and forwards it to `{apiBase}{upstreamPath}`. Both build
// their URLs with the functions below, so neither side can drift from the other. The server's check
// of incoming ids is in proxied-params.ts, so the browser's client downloads no schema for it.

/** Where the server mounts the proxy. */
export const PROXY_PREFIX = '/api/yoto';

interface ProxiedPath {
  /** Under PROXY_PREFIX, with Fastify-style `:name` parameters. */
  readonly proxyPath: string;
  /** The provider's path, with the same parameter names. */
  readonly upstreamPath: string;
  /** Sent on both sides: the server sets it itself rather than trusting the browser's query. */
  readonly query: Readonly<Record<string, string>>;
}

export const PROXIED_PATHS = {
  familyLibraryGroups: {
    proxyPath: '/family/library/groups',
    upstreamPath: '/card/family/library/groups',
    query: {},
  },
  familyLibraryGroup: {
    proxyPath: '/family/library/groups/:id',
    upstreamPath: '/card/family/library/groups/:id',
    query: {},
  },
  content: {
    proxyPath: '/content/:cardId',
    upstreamPath: '/content/:cardId',
    query: { playable: 'true' },
  },
} as const satisfies Record<string, ProxiedPath>;

export type ProxiedPathName = keyof typeof PROXIED_PATHS;
export const PROXIED_PATH_NAMES = Object.keys(PROXIED_PATHS) as ProxiedPathName[];

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameters of one entry, e.g. `{ id: string }` for `familyLibraryGroup`. */
export type ProxiedParams<N extends ProxiedPathName> = Record<
  ParamNames<(typeof PROXIED_PATHS)[N]['proxyPath']>,
  string
>;

const PARAM = /:([A-Za-z]+)/g;

/** The parameter names of an entry, read from its proxy path. */
export function paramNamesOf(name: ProxiedPathName): string[] {
  return [...PROXIED_PATHS[name].proxyPath.matchAll(PARAM)].map((match) => match[1] ?? '');
}

function fill(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(PARAM, (_whole, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter "${key}" for ${template}`);
    return encodeURIComponent(value);
  });
}

function withQuery(path: string, query: Readonly<Record<string, string>>): string {
  const search = new URLSearchParams(query).toString();
  return search === '' ? path : `${path}?${search}`;
}

/** Path and query the browser requests under PROXY_PREFIX. Ids are encoded, not checked: the server checks. */
export function proxyRequestPath<N extends ProxiedPathName>(name: N, params: ProxiedParams<N>): string {
  const entry: ProxiedPath = PROXIED_PATHS[name];
  return withQuery(fill(entry.proxyPath, params), entry.query);
}

/** Path and query of the provider's own endpoint for an entry (also what a direct client calls). */
export function upstreamRequestPath<N extends ProxiedPathName>(name: N, params: ProxiedParams<N>): string {
  const entry: ProxiedPath = PROXIED_PATHS[name];
  return withQuery(fill(entry.upstreamPath, params), entry.query);
}
