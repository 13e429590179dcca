import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/support/test-app';

const INDEX = '<!doctype html><title>Yoto Playlist Alarms</title>';
const BIG = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};`;
const BUILD_RECORD = JSON.stringify([{ id: '/home/builder/app/packages/web/src/main.tsx' }]);
let dist: string;
let test: TestApp;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'playlist-alarms-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("message", () => {});');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
  fs.writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), 'console.log(1);');
  // The build's precompressed copies (vite-plugin-compression2): a larger chunk and its .br and .gz.
  fs.writeFileSync(path.join(dist, 'assets', 'big-77aa00.js'), BIG);
  fs.writeFileSync(path.join(dist, 'assets', 'big-77aa00.js.br'), brotliCompressSync(BIG));
  fs.writeFileSync(path.join(dist, 'assets', 'big-77aa00.js.gz'), gzipSync(BIG));
  // The build's own records (Vite's manifest, the module sizes): they name the build machine's paths.
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), BUILD_RECORD);
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json.gz'), gzipSync(BUILD_RECORD));
  fs.writeFileSync(path.join(dist, '.vite', 'module-sizes.json'), BUILD_RECORD);
  test = await buildTestApp({ issuerUrl: 'http://127.0.0.1:9', webDist: dist });
});
afterAll(async () => {
  await test.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => test.app.inject({ method: 'GET', url });

describe('the built web app', () => {
  it('serves index.html at / without caching', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves sw.js and other root files without caching', async () => {
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect((await get('/manifest.webmanifest')).headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets forever', async () => {
    const response = await get('/assets/index-3f9a1c.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1);');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers client-side routes with index.html', async () => {
    for (const url of ['/alarms', '/devices/demo-player-1?tab=status']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 404, not index.html, for a missing file', async () => {
    for (const url of ['/assets/index-000000.js', '/favicon.ico']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<title>');
    }
  });

  it("keeps the build's own records (.vite/) to itself: 404, plain or compressed", async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/module-sizes.json']) {
      for (const encoding of ['identity', 'gzip, br']) {
        const response = await test.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': encoding },
        });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('/home/builder');
      }
    }
  });

  it('answers unknown API paths and other methods with 404 JSON', async () => {
    const api = await get('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found: GET /api/nope' });
    const post = await test.app.inject({ method: 'POST', url: '/alarms', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: 'Not found: POST /alarms' });
  });

  it('never serves files outside the dist folder', async () => {
    for (const url of ['/..%2f..%2f..%2f..%2fetc%2fpasswd', '/assets/..%2f..%2f..%2f..%2fetc%2fpasswd']) {
      const response = await get(url);
      expect(response.body).not.toContain('root:');
      // Either refused, or treated as a client-side route of the app.
      expect(response.statusCode >= 400 || response.body === INDEX, `${url} → ${response.statusCode}`).toBe(
        true,
      );
    }
  });
});

describe('compression', () => {
  const getWith = (url: string, acceptEncoding: string) =>
    test.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it("sends the build's Brotli copy to a browser that accepts it, else gzip, else the file", async () => {
    const br = await getWith('/assets/big-77aa00.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(BIG.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG);

    const gz = await getWith('/assets/big-77aa00.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG);

    const plain = await getWith('/assets/big-77aa00.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG);
  });

  it("compresses the API's JSON by Accept-Encoding", async () => {
    const plain = await getWith('/api/docs', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await getWith('/api/docs', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await getWith('/api/docs', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });
});

describe('when the web app is not built', () => {
  it('keeps the API and explains at / how to build it', async () => {
    const missing = path.join(os.tmpdir(), 'playlist-alarms-missing-dist');
    const bare = await buildTestApp({ issuerUrl: 'http://127.0.0.1:9', webDist: missing });
    try {
      const root = await bare.app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(503);
      expect(root.headers['content-type']).toMatch(/^text\/plain/);
      expect(root.body).toContain('npm run build');
      expect((await bare.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
      expect((await bare.app.inject({ method: 'GET', url: '/api/unknown' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
