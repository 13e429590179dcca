// The sandbox's OAuth 2 / OpenID server: authorization code with PKCE (S256) for a public or a
// confidential client, only the scopes the client is granted, rotating refresh tokens, JWKS,
// discovery and userinfo, as the provider's login behaves.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { describeZodError } from '@playlist-alarms/core/cloud/cloud-schemas';
import { ACCOUNTS, ACCOUNT_KEYS, DEMO_CLIENT_ID } from './accounts';
import { KNOWN_SCOPES, clientAuthenticates, tokenScope, ungrantedScopes } from './client-registration';
import type { SandboxContext } from './context';
import { tokenEndpointFaulty } from './faults';
import { answerFault, sendError, withUser } from './rest-guard';
import { errorPage, signInPage } from './sign-in-page';
import { GrantError } from './token-service';

/** Any port on http://localhost or http://127.0.0.1 (the app in demo mode and in tests). */
function isAllowedRedirect(uri: string): boolean {
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname) && url.hash === '';
  } catch {
    return false;
  }
}

const clientSchema = z.object({
  client_id: z.literal(DEMO_CLIENT_ID, { error: `client_id must be ${DEMO_CLIENT_ID}` }),
  redirect_uri: z
    .string()
    .refine(isAllowedRedirect, 'redirect_uri must be on http://localhost or http://127.0.0.1'),
});

const authorizeSchema = z.object({
  response_type: z.literal('code', { error: 'response_type must be code' }),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be a base64url SHA-256'),
  code_challenge_method: z.literal('S256', { error: 'code_challenge_method must be S256' }),
  state: z.string().max(512).optional(),
  scope: z.string().max(1024).optional(),
  audience: z.string().max(512).optional(),
  account: z.enum(ACCOUNT_KEYS).default('demo'),
});

const tokenSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    code: z.string().min(1),
    code_verifier: z.string().min(1).max(256),
    redirect_uri: z.string().min(1),
    client_id: z.string().min(1).optional(),
    client_secret: z.string().max(1024).optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1),
    client_id: z.string().min(1).optional(),
    client_secret: z.string().max(1024).optional(),
  }),
]);

/** A client's credentials in HTTP Basic (client_secret_basic), the other form OAuth allows. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon)),
      secret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  } catch {
    return null;
  }
}

const oauthError = (reply: FastifyReply, error: string, description: string, status = 400) =>
  reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });

const stringParams = z.record(z.string(), z.string());

export function registerOAuthRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  /** Checks an authorize request; on failure the answer is already sent. */
  const checkAuthorize = (input: unknown, reply: FastifyReply) => {
    const client = clientSchema.safeParse(input);
    // A bad client or redirect target never gets a redirect: the page says what is wrong.
    if (!client.success) {
      void reply
        .code(400)
        .type('text/html')
        .send(errorPage(describeZodError(client.error)));
      return null;
    }
    const refuse = (error: string, description: string) => {
      const target = new URL(client.data.redirect_uri);
      target.searchParams.set('error', error);
      target.searchParams.set('error_description', description);
      const state = stringParams.safeParse(input).data?.state;
      if (state !== undefined) target.searchParams.set('state', state);
      void reply.redirect(target.toString(), 302);
      return null;
    };
    const rest = authorizeSchema.safeParse(input);
    if (!rest.success) return refuse('invalid_request', describeZodError(rest.error));
    // One scope the client was not granted refuses the whole sign-in, before any consent screen.
    const ungranted = ungrantedScopes(rest.data.scope, ctx.registration, ctx.behaviour);
    if (ungranted.length > 0) {
      return refuse('access_denied', `Client has not been granted scopes: ${ungranted.join(', ')}`);
    }
    return { ...client.data, ...rest.data };
  };

  app.get('/authorize', (request, reply) => {
    const params = stringParams.safeParse(request.query);
    const checked = checkAuthorize(request.query, reply);
    if (!checked || !params.success) return reply;
    const { account: _account, ...forward } = params.data;
    return reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .send(signInPage(forward, ACCOUNTS[checked.account]));
  });

  app.post('/authorize', (request, reply) => {
    const checked = checkAuthorize(request.body, reply);
    if (!checked) return reply;
    const code = ctx.tokens.createCode({
      sub: ACCOUNTS[checked.account].sub,
      clientId: checked.client_id,
      redirectUri: checked.redirect_uri,
      codeChallenge: checked.code_challenge,
      audience: checked.audience ?? ctx.baseUrl,
      // What was asked for (every scope of it granted, or the sign-in was refused above).
      scope: tokenScope(checked.scope, ctx.registration, ctx.behaviour),
    });
    const target = new URL(checked.redirect_uri);
    target.searchParams.set('code', code);
    if (checked.state !== undefined) target.searchParams.set('state', checked.state);
    return reply.redirect(target.toString(), 302);
  });

  app.post('/oauth/token', async (request, reply) => {
    if (tokenEndpointFaulty(ctx.faults)) {
      const faulted = await answerFault(ctx.faults, reply);
      if (faulted !== null) return faulted;
    }
    const grantType = z.object({ grant_type: z.string() }).safeParse(request.body);
    if (!grantType.success) return oauthError(reply, 'invalid_request', 'grant_type is required');
    if (!['authorization_code', 'refresh_token'].includes(grantType.data.grant_type)) {
      return oauthError(
        reply,
        'unsupported_grant_type',
        `grant_type ${grantType.data.grant_type} is not supported`,
      );
    }
    const body = tokenSchema.safeParse(request.body);
    if (!body.success) return oauthError(reply, 'invalid_request', z.prettifyError(body.error));
    const basic = basicCredentials(request.headers.authorization);
    const clientId = basic?.id ?? body.data.client_id;
    if (clientId !== DEMO_CLIENT_ID) return oauthError(reply, 'invalid_client', 'Unknown client_id', 401);
    // A confidential client proves itself with its secret on every grant, PKCE or not.
    if (!clientAuthenticates(ctx.registration, basic?.secret ?? body.data.client_secret)) {
      return oauthError(reply, 'invalid_client', 'Client authentication failed', 401);
    }
    try {
      const answer =
        body.data.grant_type === 'authorization_code'
          ? await ctx.tokens.redeemCode({
              code: body.data.code,
              verifier: body.data.code_verifier,
              redirectUri: body.data.redirect_uri,
              clientId,
            })
          : await ctx.tokens.refresh(body.data.refresh_token, clientId);
      return reply.header('cache-control', 'no-store').send(answer);
    } catch (error) {
      if (error instanceof GrantError) return oauthError(reply, 'invalid_grant', error.message);
      throw error;
    }
  });

  app.get('/.well-known/jwks.json', () => ctx.tokens.jwks());

  app.get('/.well-known/openid-configuration', () => ({
    issuer: ctx.baseUrl,
    authorization_endpoint: `${ctx.baseUrl}/authorize`,
    token_endpoint: `${ctx.baseUrl}/oauth/token`,
    userinfo_endpoint: `${ctx.baseUrl}/userinfo`,
    jwks_uri: `${ctx.baseUrl}/.well-known/jwks.json`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported:
      ctx.registration.clientSecret === null ? ['none'] : ['client_secret_post', 'client_secret_basic'],
    id_token_signing_alg_values_supported: ['RS256'],
    subject_types_supported: ['public'],
    scopes_supported: KNOWN_SCOPES,
  }));

  app.get(
    '/userinfo',
    withUser(ctx, (_request, reply, account, scope) => {
      // As the real provider: without `openid` the token is refused here (401), though REST takes it.
      if (!scope.includes('openid')) return sendError(reply, 401, 'unauthorized', 'Unauthorized');
      return { sub: account.sub, name: account.name, email: account.email };
    }),
  );
}
