const ROOT_ELEMENT = '<div id="root"></div>';
const HEAD_END = '</head>';
const EMOTION_STYLE = /<style data-emotion="[^"]*">[^<]*<\/style>/g;

/**
 * index.html with `markup` (the loading view as React renders it on a server, emotion's rules
 * beside their elements) in its empty #root. The rules go to the head instead, so #root holds
 * exactly the elements React renders in the browser and hydrates; emotion's cache adopts the
 * rules there by their data-emotion names.
 */
export function placeSplash(html: string, markup: string): string {
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT} to fill`);
  if (!html.includes(HEAD_END)) throw new Error(`index.html has no ${HEAD_END}`);
  const styles = markup.match(EMOTION_STYLE) ?? [];
  const body = markup.replace(EMOTION_STYLE, '');
  // Any other style element left in #root would not be in React's tree: hydration would fail.
  if (body.includes('<style')) throw new Error('the splash has a style element the build cannot move');
  if (body.trim() === '') throw new Error('the splash rendered no elements');
  // Replacer functions: a `$&` or `$'` in the CSS or text must stay as written.
  return html
    .replace(HEAD_END, () => `${styles.join('')}${HEAD_END}`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${body}</div>`);
}
