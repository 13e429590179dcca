// Cover art served by the sandbox itself, so the demo never fetches anything from the internet.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { COVER_COUNT } from './seed-cards';

const PALETTE = [
  ['#f94144', '#f9c74f'],
  ['#277da1', '#90be6d'],
  ['#6a4c93', '#ffca3a'],
  ['#1982c4', '#8ac926'],
  ['#ff595e', '#ffca3a'],
  ['#2a9d8f', '#e9c46a'],
  ['#264653', '#f4a261'],
  ['#e76f51', '#2a9d8f'],
  ['#3d405b', '#f2cc8f'],
  ['#81b29a', '#e07a5f'],
  ['#5f0f40', '#fb8b24'],
  ['#0f4c5c', '#9a031e'],
] as const;

function coverSvg(index: number): string {
  const [background, shape] = PALETTE[index % PALETTE.length] ?? PALETTE[0];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">` +
    `<rect width="320" height="320" fill="${background}"/>` +
    `<circle cx="${110 + (index % 4) * 30}" cy="${120 + (index % 3) * 25}" r="${70 + (index % 5) * 8}" fill="${shape}"/>` +
    `<path d="M140 230v-90l70-16v90" stroke="#fff" stroke-width="12" fill="none"/>` +
    `</svg>`
  );
}

const coverParams = z.object({ file: z.string().regex(/^\d{1,3}\.svg$/) });

export function registerCoverRoutes(app: FastifyInstance): void {
  app.get('/covers/:file', async (request, reply) => {
    const parsed = coverParams.safeParse(request.params);
    const index = parsed.success ? Number.parseInt(parsed.data.file, 10) : Number.NaN;
    if (!(index >= 0 && index < COVER_COUNT)) {
      return reply.code(404).send({ error: { code: 'not-found', message: 'No such cover' } });
    }
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(coverSvg(index));
  });
}
