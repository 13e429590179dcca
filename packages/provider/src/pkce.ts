// PKCE (RFC 7636, S256) and OAuth state with WebCrypto, so the same code runs in the browser and Node 20.

const VERIFIER_BYTES = 32; // 43 base64url characters, the RFC's recommended minimum entropy
const STATE_BYTES = 16;

interface PkcePair {
  verifier: string;
  challenge: string;
}

/** Base64url without padding (RFC 4648 §5), as PKCE and JWTs use it. */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomBytes(count: number): Uint8Array {
  const bytes = new Uint8Array(count);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

/** The S256 code challenge of a verifier: base64url(SHA-256(ASCII(verifier))). */
export async function challengeFor(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

export async function createPkcePair(): Promise<PkcePair> {
  const verifier = base64UrlEncode(randomBytes(VERIFIER_BYTES));
  return { verifier, challenge: await challengeFor(verifier) };
}

export function randomState(): string {
  return base64UrlEncode(randomBytes(STATE_BYTES));
}
