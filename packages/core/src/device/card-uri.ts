// Card URIs: "{host}/{cardId}" with an optional "#chapter=..&track=..".
// Plain string work: core runs in the browser and Node without DOM or Node types.

interface CardPosition {
  chapterKey?: string | null;
  trackKey?: string | null;
}

export function cardUri(host: string, cardId: string, position: CardPosition = {}): string {
  const base = `${host.replace(/\/+$/, '')}/${encodeURIComponent(cardId)}`;
  const parts: string[] = [];
  if (position.chapterKey) parts.push(`chapter=${encodeURIComponent(position.chapterKey)}`);
  if (position.trackKey) parts.push(`track=${encodeURIComponent(position.trackKey)}`);
  return parts.length > 0 ? `${base}#${parts.join('&')}` : base;
}

/** Reads a card URI back (the simulated player needs the card id); null when there is no card id. */
export function parseCardUri(
  uri: string,
): { cardId: string; chapterKey: string | null; trackKey: string | null } | null {
  const hash = uri.indexOf('#');
  const path = (hash >= 0 ? uri.slice(0, hash) : uri).trim();
  const fragment = hash >= 0 ? uri.slice(hash + 1) : '';
  // Drop "scheme://host" so a bare host is not mistaken for a card id.
  const pathname = path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  const cardId = decodeSafely(pathname.split('/').pop() ?? '');
  if (!cardId) return null;
  const params = new Map(
    fragment
      .split('&')
      .map((pair) => pair.split('=', 2))
      .map(([key = '', value = '']) => [key, decodeSafely(value)] as const),
  );
  return { cardId, chapterKey: params.get('chapter') || null, trackKey: params.get('track') || null };
}

const decodeSafely = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};
