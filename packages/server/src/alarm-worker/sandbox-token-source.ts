import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { AccessTokenSource } from './access-token-source';

// Against a sandbox running apart, the fallback for a user the session store holds no tokens for
// (setup.ts): the sandbox mints tokens for its demo accounts on its test knob (POST /_sandbox/tokens),
// and the broker verifies them as it verifies any other. Never used against the real provider (it has
// no knob).

const ACCOUNT_KEYS = ['demo', 'demo-2', 'other'] as const;
const tokenAnswerSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
/** A token is renewed this long before it expires (the broker ends sessions of expired tokens). */
const RENEW_BEFORE_MS = 60_000;

export class SandboxTokenSource implements AccessTokenSource {
  private readonly cache = new Map<string, { token: string; expiresAtMs: number }>();
  private minting: Promise<void> | null = null;

  constructor(
    private readonly sandboxUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly nowMs: () => number = Date.now,
  ) {}

  async accessTokenFor(yotoUserId: string): Promise<string | null> {
    const cached = this.cache.get(yotoUserId);
    if (cached !== undefined && cached.expiresAtMs - RENEW_BEFORE_MS > this.nowMs()) return cached.token;
    this.minting ??= this.mintAll().finally(() => {
      this.minting = null;
    });
    await this.minting;
    return this.cache.get(yotoUserId)?.token ?? null;
  }

  /** One token per demo account; each token's `sub` says whose it is (no user ids written here). */
  private async mintAll(): Promise<void> {
    for (const account of ACCOUNT_KEYS) {
      const response = await this.fetchImpl(`${this.sandboxUrl}/_sandbox/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account }),
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) throw new Error(`The sandbox refused a token (HTTP ${response.status})`);
      const answer = tokenAnswerSchema.parse(await response.json());
      const sub = decodeJwt(answer.access_token).sub;
      if (sub === undefined) continue;
      this.cache.set(sub, {
        token: answer.access_token,
        expiresAtMs: this.nowMs() + answer.expires_in * 1000,
      });
    }
  }
}
