import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// The API's answers (JSON: playlists through the proxy, alarms) compressed by the request's
// Accept-Encoding. The web app's files come precompressed from the build (routes/static.ts), and an
// answer that already has a Content-Encoding is left alone.

/** Smaller answers gain nothing worth the CPU (the plugin's own default). */
const COMPRESS_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
  });
}
