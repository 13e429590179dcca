// card/start URIs: `https://yoto.io/{cardId}`, optionally `#chapter=..&track=..`.

const CARD_LINK_ORIGIN = 'https://yoto.io';

interface CardTarget {
  cardId: string;
  chapterKey: string | null;
  trackKey: string | null;
}

/** null for anything a player would not play: another host, no card id, extra path segments. */
export function parseCardUri(uri: string): CardTarget | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.origin !== CARD_LINK_ORIGIN) return null;
  const cardId = url.pathname.slice(1);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cardId)) return null;
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  return {
    cardId,
    chapterKey: fragment.get('chapter') || null,
    trackKey: fragment.get('track') || null,
  };
}
