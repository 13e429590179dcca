// Why a sign-in did not finish, and what to tell the person. The server sends the browser back to
// `/?login_error=<reason>` (with `login_scopes` or `login_code` when they help), and the page says
// the likely cause in words someone can act on: never a bare "failed".

export const SIGN_IN_FAILURES = [
  /** The client asked for scopes it is not granted: the provider refuses the whole sign-in. */
  'scopes',
  /** The person cancelled or refused at the provider. */
  'denied',
  /** The provider wanted the person to sign in or consent, and they did not finish. */
  'login-required',
  /** A malformed or unacceptable authorize request: usually an unregistered redirect URI. */
  'invalid-request',
  /** The client may not use this grant (its type or settings at the provider). */
  'unauthorized-client',
  /** The token endpoint did not accept the client: a wrong id or a missing or wrong secret. */
  'client-auth',
  /** The code was refused at the exchange (expired, used, or for another redirect URI). */
  'code-refused',
  /** The provider's sign-in service could not be reached, or failed. */
  'unreachable',
  /** The provider's token did not pass this server's checks (issuer, audience, signature). */
  'token-rejected',
  /** The sign-in took longer than its 10 minutes, or its cookie is gone. */
  'expired',
  /** The answer does not belong to the sign-in this browser started. */
  'state-mismatch',
  /** Another provider error code, passed on as `login_code`. */
  'other',
] as const;
export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];

const SCOPE = /^[A-Za-z0-9:_.-]{1,64}$/;

/** The scopes an access_denied names as not granted ("Client has not been granted scopes: a, b"). */
export function ungrantedScopesIn(description: string | undefined): string[] {
  const match = /not (?:been )?granted(?: the)? scopes?:?\s*(.+)$/i.exec(description ?? '');
  if (!match?.[1]) return [];
  return match[1]
    .split(/[\s,]+/)
    .filter((scope) => SCOPE.test(scope))
    .slice(0, 20);
}

/** The reason for an OAuth error the provider sent back to the callback (RFC 6749 §4.1.2.1). */
export function failureOfProviderError(error: string, description: string | undefined): SignInFailure {
  switch (error) {
    case 'access_denied':
      return ungrantedScopesIn(description).length > 0 || /scope/i.test(description ?? '')
        ? 'scopes'
        : 'denied';
    case 'invalid_scope':
      return 'scopes';
    case 'login_required':
    case 'consent_required':
    case 'interaction_required':
      return 'login-required';
    case 'invalid_request':
    case 'unsupported_response_type':
      return 'invalid-request';
    case 'unauthorized_client':
      return 'unauthorized-client';
    case 'server_error':
    case 'temporarily_unavailable':
      return 'unreachable';
    default:
      return 'other';
  }
}

interface SignInFailureDetails {
  /** From `login_scopes`: the scopes the provider named as not granted. */
  scopes: readonly string[];
  /** From `login_code`: the provider's error code, for 'other'. */
  code: string | null;
  /** The app's callback address, to name in the redirect URI advice. */
  redirectUri: string;
}

/** What the logged-out view says for a failed sign-in. */
export function signInFailureMessage(reason: SignInFailure, details: SignInFailureDetails): string {
  switch (reason) {
    case 'scopes': {
      const which = details.scopes.length > 0 ? ` (${details.scopes.join(', ')})` : '';
      return `Yoto refused the sign-in: this app asked for scopes its Yoto client is not granted${which}. Enable them for the client in Yoto's developer dashboard, or leave them out of PROVIDER_SCOPE.`;
    }
    case 'denied':
      return 'Sign-in was cancelled at Yoto, or access was not allowed. Connect again to sign in.';
    case 'login-required':
      return 'The sign-in at Yoto was not completed. Connect again and finish signing in.';
    case 'invalid-request':
      return `Yoto refused the sign-in request. The likely cause: ${details.redirectUri} is not registered as a redirect URI (allowed callback URL) of this app's Yoto client.`;
    case 'unauthorized-client':
      return "Yoto does not let this app's client sign in this way. Check the client in Yoto's developer dashboard: it needs the authorization code grant with refresh tokens.";
    case 'client-auth':
      return "Yoto did not accept this app's client credentials. Check PROVIDER_CLIENT_ID, and PROVIDER_CLIENT_SECRET for a confidential client.";
    case 'code-refused':
      return 'Yoto did not accept the sign-in code: it may have expired or been used already. Please try again.';
    case 'unreachable':
      return "Yoto's sign-in service could not be reached or had a problem. Please try again in a moment.";
    case 'token-rejected':
      return "Yoto's token did not pass this app's checks. Check PROVIDER_AUTH_ISSUER and PROVIDER_AUDIENCE.";
    case 'expired':
      return 'The sign-in took too long. Please try again.';
    case 'state-mismatch':
      return 'The sign-in could not be verified. Please try again.';
    case 'other':
      return details.code === null
        ? 'Sign-in could not be finished with the answer Yoto gave. Please try again; the server log says more.'
        : `Yoto stopped the sign-in with the error “${details.code}”. Please try again; the server log says more.`;
  }
}

/** A `login_error` reason from the address, or null when there is none or it is not one of ours. */
export function parseSignInFailure(value: string | null): SignInFailure | null {
  return SIGN_IN_FAILURES.find((reason) => reason === value) ?? null;
}

/** A provider error code fit to show and to carry in the address. */
export const safeErrorCode = (code: string | null | undefined): string | null =>
  code !== null && code !== undefined && /^[a-z0-9_]{1,64}$/i.test(code) ? code : null;
