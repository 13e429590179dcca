import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { CryptoKey } from 'jose';
import { sendJson, startHttpServer, type TestHttpServer } from './http-server';

// A real token issuer for tests: an HTTP server publishing a freshly generated RS256 key at
// /.well-known/jwks.json, and a signer for tokens with chosen claims.

export const TEST_AUDIENCE = 'https://api.test.example';

export interface TokenOptions {
  sub?: string | null;
  issuer?: string;
  audience?: string;
  expiresIn?: string | number;
  /** Sign with a key the issuer does not publish. */
  foreignKey?: boolean;
}

export interface TestIssuer extends TestHttpServer {
  sign(options?: TokenOptions): Promise<string>;
}

export async function startTestIssuer(): Promise<TestIssuer> {
  const published = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = await startHttpServer((request, response) => {
    if (request.url === '/.well-known/jwks.json') sendJson(response, 200, { keys: [jwk] });
    else sendJson(response, 404, { error: 'not found' });
  });

  async function sign(options: TokenOptions = {}): Promise<string> {
    const key: CryptoKey = options.foreignKey ? foreign.privateKey : published.privateKey;
    const jwt = new SignJWT({ scope: 'openid profile' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(options.issuer ?? server.url)
      .setAudience(options.audience ?? TEST_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '1h');
    if (options.sub !== null) jwt.setSubject(options.sub ?? 'auth0|demo-parent');
    return jwt.sign(key);
  }

  return { ...server, sign };
}
