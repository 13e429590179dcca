import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startServer } from './start';
import { testConfig } from '../test/support/test-app';

describe('startServer', () => {
  it('listens on a free port, answers over real HTTP, migrates its SQLite file, and closes', async () => {
    const config = { ...testConfig({ issuerUrl: 'http://127.0.0.1:9' }), port: 0 };
    const server = await startServer(config);
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await fetch(`${server.url}/api/config`);
      expect(response.status).toBe(200);
      expect(fs.existsSync(config.database.kind === 'sqlite' ? config.database.file : '')).toBe(true);
    } finally {
      await server.close();
    }
    await expect(fetch(`${server.url}/api/config`)).rejects.toThrow();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });
});
