import type { Rolldown } from 'vite';

/** The module graph as the bundler's chunking context shows it. */
type ModuleGraph = Pick<Rolldown.ChunkingContext, 'getModuleInfo'>;

/**
 * The query library's modules behind what the session uses: the client, its provider, useQuery and
 * its observer, queryOptions.
 */
const QUERY_API =
  /@tanstack[\\/](?:react-query|query-core)[\\/]build[\\/]modern[\\/](?:queryClient|QueryClientProvider|useQuery|queryObserver|queryOptions)\.js$/;
const QUERY_BARREL = /@tanstack[\\/](?:react-query|query-core)[\\/]build[\\/]modern[\\/]index\.js$/;

/**
 * What `root` loads statically: our sources, and of the query library only what QUERY_API needs
 * (its barrel re-exports the mutation and multi-query hooks too, which only lazy tabs use).
 */
export function sessionClosure(graph: ModuleGraph, root: string): Set<string> {
  const members = new Set<string>();
  const seen = new Set<string>();
  const stack = [root];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const imports = graph.getModuleInfo(id)?.importedIds ?? [];
    if (QUERY_BARREL.test(id)) {
      stack.push(...imports.filter((m) => QUERY_BARREL.test(m) || QUERY_API.test(m)));
    } else if (!id.includes('node_modules') || QUERY_API.test(id) || members.has(id)) {
      members.add(id);
      // Inside the query library every import is needed; elsewhere in node_modules nothing is ours to group.
      const inQueryLibrary = id.includes('node_modules');
      for (const m of imports) {
        if (inQueryLibrary && !QUERY_BARREL.test(m)) members.add(m);
        stack.push(m);
      }
    }
  }
  return members;
}

/**
 * One chunk for the session: `session` (SessionApp.tsx) with what it loads statically (the query
 * client and hooks, the keys, the service and notifier contexts). Left to itself the bundler gives
 * each module a lazy tab or dialog also imports a chunk of its own, although the session has always
 * loaded it first: six small eager chunks that compress worse than one (1.3 kB gzip more). Modules
 * the browser services (`services`) import too stay apart: those load beside the session, logged
 * out as well.
 */
export function sessionChunk(session: string, services: string): Rolldown.CodeSplittingGroup {
  let members: Set<string> | null = null;
  return {
    debugName: 'session',
    name: (id, ctx) => {
      if (members === null) {
        const shared = sessionClosure(ctx, services);
        members = new Set([...sessionClosure(ctx, session)].filter((m) => !shared.has(m)));
      }
      return members.has(id) ? 'SessionApp' : null;
    },
    // Its imports outside the group (React, MUI, the provider client) keep their own chunks.
    includeDependenciesRecursively: false,
  };
}

/** Packages the browser services' chunk takes in with our modules: the provider client's validation. */
const SERVICES_PACKAGES = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * What `root` loads statically: our sources and zod (SERVICES_PACKAGES), not other packages
 * (React, MUI), which every chunk shares.
 */
export function servicesClosure(graph: ModuleGraph, root: string): Set<string> {
  const members = new Set<string>();
  const stack = [root];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (members.has(id)) continue;
    if (id.includes('node_modules') && !SERVICES_PACKAGES.test(id)) continue;
    members.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return members;
}

/**
 * One chunk for the browser services (`services`, browser-services.ts) and all they load
 * statically: the provider client with zod, the server session, the realtime store, the texts.
 * Every visit loads them before any other lazy chunk (logged out too, once the view has painted),
 * yet left to itself the bundler splits them into one chunk per set of importers (rest-client,
 * messages, realtime-snapshot...): four or five files that compress worse than one.
 */
export function servicesChunk(services: string): Rolldown.CodeSplittingGroup {
  let members: Set<string> | null = null;
  return {
    debugName: 'services',
    name: (id, ctx) => {
      members ??= servicesClosure(ctx, services);
      return members.has(id) ? 'browser-services' : null;
    },
    includeDependenciesRecursively: false,
  };
}
