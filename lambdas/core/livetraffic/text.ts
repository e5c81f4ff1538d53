// Free text from the state's feed, made plain: the feed writes advice with HTML in it
// (`<br/>`, links, and whatever else a hostile or broken upstream might send). We keep words only,
// never markup: tags are dropped, line breaks kept, entities decoded, blanks read as nothing.

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8}|#39);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower in NAMED) return NAMED[lower];
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : lower.startsWith('#') ? parseInt(lower.slice(1), 10) : NaN;
    // Control characters and out-of-range code points are not text anyone should read.
    if (!Number.isFinite(code) || code < 32 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return ' ';
    return String.fromCodePoint(code);
  });
}

/**
 * Plain text of a feed field, at most `max` characters, or undefined when it says nothing (the feed
 * sends `" "` for an empty field). Script and style bodies go with their tags; what is left of an
 * unclosed tag goes too, so no `<` that starts markup survives.
 */
export function plainText(value: unknown, max = 1000): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = decodeEntities(
    value
      .slice(0, max * 4)
      .replace(/<\s*(script|style)[^>]*>[\s\S]*?(<\s*\/\s*\1\s*>|$)/gi, ' ')
      .replace(/<\s*br\s*\/?\s*>|<\s*\/\s*p\s*>/gi, '\n')
      .replace(/<[^>]*(>|$)/g, ''),
  )
    // An entity may decode into a tag (&lt;script&gt;): that is shown as text, but never as a tag either.
    .replace(/[<>]/g, (c) => (c === '<' ? '‹' : '›'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
  if (!text) return undefined;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
