// Test support for the contract tests: does what a browser does with the provider's sign-in page
// (load it, submit its form, stop at the redirect) so the OAuth flow runs end to end without a browser.

export interface HtmlForm {
  action: string;
  method: string;
  fields: [string, string][];
}

const attribute = (tag: string, name: string): string | null => {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  if (!match) return null;
  return decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
};

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, '&');
}

/** The form whose submit button reads `buttonText` (else the first form), with the fields a browser would send. */
export function parseForm(html: string, pageUrl: string, buttonText = 'Sign in'): HtmlForm {
  const forms = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)].map((match) => match[0]);
  const form = forms.find((candidate) => candidate.includes(buttonText)) ?? forms[0];
  if (form === undefined) throw new Error(`No form on the sign-in page:\n${html.slice(0, 500)}`);
  const openTag = /<form\b[^>]*>/i.exec(form)?.[0] ?? '<form>';
  const fields: [string, string][] = [];
  for (const [input] of form.matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(input, 'name');
    const type = (attribute(input, 'type') ?? 'text').toLowerCase();
    if (name === null || type === 'submit' || type === 'button') continue;
    if ((type === 'checkbox' || type === 'radio') && !/\schecked\b/i.test(input)) continue;
    fields.push([name, attribute(input, 'value') ?? '']);
  }
  // The clicked submit button's own name/value is part of the submission.
  const buttons = [...form.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/gi)];
  const clicked = buttons.find((button) => (button[2] ?? '').includes(buttonText)) ?? buttons[0];
  if (clicked) {
    const name = attribute(clicked[0], 'name');
    if (name !== null) fields.push([name, attribute(clicked[0], 'value') ?? '']);
  }
  return {
    action: new URL(attribute(openTag, 'action') ?? pageUrl, pageUrl).toString(),
    method: (attribute(openTag, 'method') ?? 'get').toUpperCase(),
    fields,
  };
}

/** Loads the authorize URL, submits the sign-in form, and returns where the provider redirects the browser. */
export async function signInLikeABrowser(authorizeUrl: string): Promise<URL> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (!page.ok) throw new Error(`Authorize page answered ${page.status}: ${html.slice(0, 300)}`);
  const form = parseForm(html, page.url);
  const body = new URLSearchParams(form.fields);
  const response =
    form.method === 'POST'
      ? await fetch(form.action, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
          redirect: 'manual',
        })
      : await fetch(`${form.action}${form.action.includes('?') ? '&' : '?'}${body.toString()}`, {
          redirect: 'manual',
        });
  const location = response.headers.get('location');
  if (response.status < 300 || response.status >= 400 || location === null) {
    throw new Error(
      `Sign-in did not redirect (HTTP ${response.status}): ${(await response.text()).slice(0, 300)}`,
    );
  }
  return new URL(location, form.action);
}
