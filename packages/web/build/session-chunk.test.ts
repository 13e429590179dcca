import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { servicesChunk, servicesClosure, sessionChunk, sessionClosure } from './session-chunk.ts';

// A module graph shaped like the app's: the session and the browser services share a module, and
// the query library is reached through its barrels.
const rq = (file: string) => `/repo/node_modules/@tanstack/react-query/build/modern/${file}`;
const qc = (file: string) => `/repo/node_modules/@tanstack/query-core/build/modern/${file}`;
const SESSION = '/repo/src/app/SessionApp.tsx';
const SERVICES = '/repo/src/app/browser-services.ts';
const IMPORTS: Record<string, string[]> = {
  [SESSION]: [
    '/repo/src/api/query-keys.ts',
    '/repo/src/services/context.ts',
    rq('index.js'),
    '/repo/node_modules/react/index.js',
  ],
  [SERVICES]: ['/repo/src/services/context.ts', '/repo/src/services/rest-client.ts'],
  '/repo/src/services/rest-client.ts': [
    '/repo/node_modules/zod/v4/mini/index.js',
    '/repo/node_modules/@mui/material/Button/index.js',
  ],
  '/repo/node_modules/zod/v4/mini/index.js': ['/repo/node_modules/zod/v4/core/schemas.js'],
  '/repo/node_modules/zod/v4/core/schemas.js': [],
  '/repo/node_modules/@mui/material/Button/index.js': ['/repo/node_modules/react/index.js'],
  '/repo/src/api/query-keys.ts': [],
  '/repo/src/services/context.ts': ['/repo/node_modules/react/index.js'],
  [rq('index.js')]: [rq('useQuery.js'), rq('useMutation.js'), qc('index.js')],
  [rq('useQuery.js')]: [rq('useBaseQuery.js'), qc('index.js')],
  [rq('useBaseQuery.js')]: [],
  [rq('useMutation.js')]: [qc('mutationObserver.js')],
  [qc('index.js')]: [qc('queryObserver.js'), qc('mutationObserver.js')],
  [qc('queryObserver.js')]: [qc('utils.js')],
  [qc('mutationObserver.js')]: [],
  [qc('utils.js')]: [],
  '/repo/node_modules/react/index.js': [],
};
const graph = {
  getModuleInfo: (id: string) => {
    const importedIds = IMPORTS[id];
    return importedIds === undefined ? null : ({ importedIds } as unknown as Rolldown.ModuleInfo);
  },
};

describe('sessionClosure', () => {
  it('takes our modules and only the query API the session uses, through the barrels', () => {
    expect([...sessionClosure(graph, SESSION)].sort()).toEqual(
      [
        SESSION,
        '/repo/src/api/query-keys.ts',
        '/repo/src/services/context.ts',
        rq('useBaseQuery.js'),
        rq('useQuery.js'),
        qc('queryObserver.js'),
        qc('utils.js'),
      ].sort(),
    );
  });
});

describe('sessionChunk', () => {
  it('groups the session closure, less what the browser services load too', () => {
    const group = sessionChunk(SESSION, SERVICES);
    const name = group.name as (id: string, ctx: Rolldown.ChunkingContext) => string | null;
    const ctx: Rolldown.ChunkingContext = graph;
    expect(name(SESSION, ctx)).toBe('SessionApp');
    expect(name(rq('useQuery.js'), ctx)).toBe('SessionApp');
    expect(name(qc('utils.js'), ctx)).toBe('SessionApp');
    expect(name('/repo/src/services/context.ts', ctx)).toBeNull();
    expect(name(rq('useMutation.js'), ctx)).toBeNull();
    expect(name('/repo/node_modules/react/index.js', ctx)).toBeNull();
  });
});

describe('servicesChunk', () => {
  it('groups the services with our modules and zod they load, never other packages', () => {
    expect([...servicesClosure(graph, SERVICES)].sort()).toEqual(
      [
        SERVICES,
        '/repo/src/services/context.ts',
        '/repo/src/services/rest-client.ts',
        '/repo/node_modules/zod/v4/mini/index.js',
        '/repo/node_modules/zod/v4/core/schemas.js',
      ].sort(),
    );
    const group = servicesChunk(SERVICES);
    const name = group.name as (id: string, ctx: Rolldown.ChunkingContext) => string | null;
    expect(name('/repo/src/services/context.ts', graph)).toBe('browser-services');
    expect(name('/repo/node_modules/zod/v4/core/schemas.js', graph)).toBe('browser-services');
    expect(name('/repo/node_modules/@mui/material/Button/index.js', graph)).toBeNull();
    expect(name('/repo/node_modules/react/index.js', graph)).toBeNull();
    expect(name(SESSION, graph)).toBeNull();
  });
});
