// The sandbox's OAuth 2 / OpenID server: authorization code with PKCE (S256) for public clients,
// rotating refresh tokens, JWKS, discovery and userinfo (PROVIDER-API.md "OAuth").
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { describeZodError } from '@playlist-alarms/core/cloud-schemas';
import { ACCOUNTS, ACCOUNT_KEYS, DEFAULT_SCOPE, DEMO_CLIENT_ID } from './accounts';
import { grantedScope } from './cloud-behaviour';
import type { SandboxContext } from './context';
import { sendError, withUser } from './rest-guard';
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
    client_id: z.string().min(1),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1),
    client_id: z.string().min(1),
  }),
]);

const oauthError = (reply: FastifyReply, error: string, description: string) =>
  reply.code(400).header('cache-control', 'no-store').send({ error, error_description: description });

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
    const rest = authorizeSchema.safeParse(input);
    if (!rest.success) {
      const target = new URL(client.data.redirect_uri);
      target.searchParams.set('error', 'invalid_request');
      target.searchParams.set('error_description', describeZodError(rest.error));
      const state = stringParams.safeParse(input).data?.state;
      if (state !== undefined) target.searchParams.set('state', state);
      void reply.redirect(target.toString(), 302);
      return null;
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
      // Asked for and granted: the dashboard's grant for the app decides (cloud-behaviour.ts).
      scope: grantedScope(checked.scope, DEFAULT_SCOPE, ctx.behaviour),
    });
    const target = new URL(checked.redirect_uri);
    target.searchParams.set('code', code);
    if (checked.state !== undefined) target.searchParams.set('state', checked.state);
    return reply.redirect(target.toString(), 302);
  });

  app.post('/oauth/token', async (request, reply) => {
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
    if (body.data.client_id !== DEMO_CLIENT_ID)
      return oauthError(reply, 'invalid_client', 'Unknown client_id');
    try {
      const answer =
        body.data.grant_type === 'authorization_code'
          ? await ctx.tokens.redeemCode({
              code: body.data.code,
              verifier: body.data.code_verifier,
              redirectUri: body.data.redirect_uri,
              clientId: body.data.client_id,
            })
          : await ctx.tokens.refresh(body.data.refresh_token, body.data.client_id);
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
    token_endpoint_auth_methods_supported: ['none'],
    id_token_signing_alg_values_supported: ['RS256'],
    subject_types_supported: ['public'],
    scopes_supported: DEFAULT_SCOPE.split(' '),
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
