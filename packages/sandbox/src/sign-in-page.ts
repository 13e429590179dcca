// The sandbox's sign-in page: what the user sees after "Connect Yoto Account" in demo mode.
import type { Account } from './accounts';
import { ACCOUNTS, ACCOUNT_KEYS } from './accounts';

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function signInPage(params: Record<string, string>, account: Account): string {
  const hidden = Object.entries({ ...params, account: account.key })
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n        ');
  // Every other demo account: the family's other parent, and the other family.
  const switches = ACCOUNT_KEYS.filter((key) => key !== account.key)
    .map((key) => {
      const query = new URLSearchParams({ ...params, account: key }).toString();
      const whose = ACCOUNTS[key].familyId === account.familyId ? 'same family' : 'another family';
      return `<a href="/authorize?${escapeHtml(query)}">Use ${escapeHtml(ACCOUNTS[key].name)} (${whose})</a>`;
    })
    .join('\n      ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Sign in to Yoto (sandbox)</title>
    <style>
      *, *::before, *::after { box-sizing: border-box; }
      body { font-family: system-ui, sans-serif; background: #f4f1ec; display: grid; place-items: center; min-height: 100vh; margin: 0; }
      main { background: #fff; border-radius: 16px; padding: 32px; width: min(360px, 90vw); box-shadow: 0 4px 24px #0002; }
      h1 { font-size: 1.4rem; margin: 0 0 4px; }
      .note { color: #666; font-size: .9rem; margin: 0 0 24px; }
      .account { border: 1px solid #ddd; border-radius: 12px; padding: 12px 16px; margin-bottom: 24px; }
      .account strong { display: block; }
      button { width: 100%; padding: 12px; font-size: 1rem; border: 0; border-radius: 24px; background: #f45436; color: #fff; cursor: pointer; }
      a { display: block; text-align: center; margin-top: 16px; color: #444; }
    </style>
  </head>
  <body>
    <main>
      <h1>Sign in to Yoto</h1>
      <p class="note">Local sandbox: no real account, no password.</p>
      <div class="account" data-testid="account">
        <strong>${escapeHtml(account.name)}</strong>
        <span>${escapeHtml(account.email)}</span>
      </div>
      <form method="post" action="/authorize">
        ${hidden}
        <button type="submit">Sign in</button>
      </form>
      ${switches}
    </main>
  </body>
</html>`;
}

export function errorPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error (Yoto sandbox)</title></head><body><h1>Sign-in error</h1><p>${escapeHtml(message)}</p></body></html>`;
}
