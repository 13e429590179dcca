import { describe, expect, it } from 'vitest';
import { base64UrlEncode, challengeFor, createPkcePair, randomState } from './pkce';

describe('pkce', () => {
  it('matches the RFC 7636 appendix B example', async () => {
    const verifierBytes = new Uint8Array([
      116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214,
      191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
    ]);
    const verifier = base64UrlEncode(verifierBytes);
    expect(verifier).toBe('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
    expect(await challengeFor(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('creates a verifier of 43 base64url characters whose challenge is its S256', async () => {
    const pair = await createPkcePair();
    expect(pair.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pair.challenge).toBe(await challengeFor(pair.verifier));
  });

  it('gives a fresh verifier and state every time', async () => {
    const [a, b] = await Promise.all([createPkcePair(), createPkcePair()]);
    expect(a.verifier).not.toBe(b.verifier);
    const state = randomState();
    expect(state).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomState()).not.toBe(state);
  });
});
