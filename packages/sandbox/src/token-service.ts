// Tokens of the sandbox's OAuth server: RS256 JWT access and id tokens signed with a key pair made
// at start, single-use authorization codes bound to a PKCE challenge, and rotating refresh tokens.
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import type { JWK, CryptoKey } from 'jose';
import { DEMO_CLIENT_ID } from './accounts';
import type { Account, AccountKey } from './accounts';
import { accountDirectory } from './household-accounts';
import type { AccountDirectory } from './household-accounts';
import { tokenScope } from './client-registration';
import type { ClientRegistration } from './client-registration';
import type { CloudBehaviour } from './cloud-behaviour';

const CODE_LIFETIME_MS = 5 * 60_000;
const KEY_ID = 'sandbox-key-1';

interface Grant {
  sub: string;
  clientId: string;
  audience: string;
  scope: string;
}

interface PendingCode extends Grant {
  redirectUri: string;
  codeChallenge: string;
  expiresAt: number;
}

interface TokenAnswer {
  access_token: string;
  /** Only with `offline_access` granted, as the provider issues it. */
  refresh_token?: string;
  /** Only with `openid` granted, as OpenID Connect issues it. */
  id_token?: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
}

interface VerifiedToken {
  account: Account;
  scope: string[];
}

/** Why a code or refresh token was refused, as OAuth `invalid_grant` descriptions. */
export class GrantError extends Error {}

const opaque = (): string => randomBytes(24).toString('base64url');

const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

export class TokenService {
  private readonly codes = new Map<string, PendingCode>();
  private readonly refreshTokens = new Map<string, Grant>();
  /** Of the tokens issued from now on; the token-lifetime knob changes it, a reset restores it. */
  private lifetimeSeconds: number;
  /** Refresh grants answered since start: how often sessions were renewed (the soak counts them). */
  private refreshesGranted = 0;

  private constructor(
    /** A getter: with port 0 the URL is known only once the server listens. */
    private readonly issuer: () => string,
    private readonly startLifetimeSeconds: number,
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    private readonly publicJwk: JWK,
    private readonly accounts: AccountDirectory,
  ) {
    this.lifetimeSeconds = startLifetimeSeconds;
  }

  /** The access-token lifetime of tokens issued from now on (those issued keep theirs); null restores the start value. */
  /** Every refresh token stops working, as when the parent removes the app's access at the provider. */
  revokeRefreshTokens(): number {
    const revoked = this.refreshTokens.size;
    this.refreshTokens.clear();
    return revoked;
  }

  setLifetime(seconds: number | null): number {
    this.lifetimeSeconds = seconds ?? this.startLifetimeSeconds;
    return this.lifetimeSeconds;
  }

  get lifetime(): number {
    return this.lifetimeSeconds;
  }

  /** `accounts`: who exists (default: the demo accounts only, no households). */
  static async create(
    issuer: () => string,
    lifetimeSeconds: number,
    accounts: AccountDirectory = accountDirectory(0),
  ): Promise<TokenService> {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(publicKey);
    return new TokenService(
      issuer,
      lifetimeSeconds,
      privateKey,
      publicKey,
      {
        ...jwk,
        kid: KEY_ID,
        alg: 'RS256',
        use: 'sig',
      },
      accounts,
    );
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk] };
  }

  createCode(pending: Omit<PendingCode, 'expiresAt'>): string {
    const code = opaque();
    this.codes.set(code, { ...pending, expiresAt: Date.now() + CODE_LIFETIME_MS });
    return code;
  }

  /** A code is consumed by its first exchange attempt, right or wrong (RFC 6749 §4.1.2). */
  async redeemCode(input: {
    code: string;
    verifier: string;
    redirectUri: string;
    clientId: string;
  }): Promise<TokenAnswer> {
    const pending = this.codes.get(input.code);
    this.codes.delete(input.code);
    if (!pending) throw new GrantError('The authorization code is unknown or was already used');
    if (pending.expiresAt < Date.now()) throw new GrantError('The authorization code has expired');
    if (pending.clientId !== input.clientId) throw new GrantError('The code was issued to another client');
    if (pending.redirectUri !== input.redirectUri) throw new GrantError('redirect_uri does not match');
    if (s256(input.verifier) !== pending.codeChallenge) throw new GrantError('PKCE verification failed');
    return this.issue(pending);
  }

  /** Refresh tokens rotate: each works once and its answer carries the next one. */
  async refresh(refreshToken: string, clientId: string): Promise<TokenAnswer> {
    const grant = this.refreshTokens.get(refreshToken);
    this.refreshTokens.delete(refreshToken);
    if (!grant) throw new GrantError('The refresh token is unknown or was already used');
    if (grant.clientId !== clientId) throw new GrantError('The refresh token belongs to another client');
    const answer = await this.issue(grant);
    this.refreshesGranted += 1;
    return answer;
  }

  get refreshCount(): number {
    return this.refreshesGranted;
  }

  /** Tokens without the sign-in page, with every scope the client is granted. */
  async issueFor(
    accountKey: AccountKey,
    registration: ClientRegistration,
    behaviour: CloudBehaviour,
  ): Promise<TokenAnswer> {
    const account = this.accounts.byKey(accountKey);
    if (!account) throw new GrantError(`Unknown account ${accountKey}`);
    return this.issue({
      sub: account.sub,
      clientId: DEMO_CLIENT_ID,
      audience: this.issuer(),
      scope: tokenScope(undefined, registration, behaviour),
    });
  }

  private async issue(grant: Grant): Promise<TokenAnswer> {
    const account = this.accounts.bySub(grant.sub);
    if (!account) throw new GrantError('Unknown account');
    const now = Math.floor(Date.now() / 1000);
    const access_token = await new SignJWT({ scope: grant.scope, azp: grant.clientId })
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
      .setIssuer(this.issuer())
      .setSubject(grant.sub)
      .setAudience(grant.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + this.lifetimeSeconds)
      .setJti(opaque())
      .sign(this.privateKey);
    const openid = grant.scope.split(' ').includes('openid');
    const id_token = !openid
      ? undefined
      : await new SignJWT({ name: account.name, email: account.email })
          .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
          .setIssuer(this.issuer())
          .setSubject(grant.sub)
          .setAudience(grant.clientId)
          .setIssuedAt(now)
          .setExpirationTime(now + this.lifetimeSeconds)
          .sign(this.privateKey);
    // Without offline_access there is no refresh token: the session ends with the access token.
    const offline = grant.scope.split(' ').includes('offline_access');
    const refresh_token = offline ? opaque() : undefined;
    if (refresh_token !== undefined) this.refreshTokens.set(refresh_token, grant);
    return {
      access_token,
      ...(refresh_token === undefined ? {} : { refresh_token }),
      ...(id_token === undefined ? {} : { id_token }),
      token_type: 'Bearer',
      expires_in: this.lifetimeSeconds,
      scope: grant.scope,
    };
  }

  /** null for anything but a valid, unexpired access token of this issuer for a known account. */
  async verifyAccessToken(token: string): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        issuer: this.issuer(),
        algorithms: ['RS256'],
      });
      // An id token is signed by the same key but carries no scope: it is no access token.
      if (typeof payload.scope !== 'string') return null;
      const account = payload.sub === undefined ? undefined : this.accounts.bySub(payload.sub);
      return account ? { account, scope: payload.scope.split(' ').filter(Boolean) } : null;
    } catch {
      return null;
    }
  }
}
