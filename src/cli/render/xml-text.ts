// The little XML the evidence text uses, read with regular expressions on purpose: the text is flat,
// machine-written, and a reader must survive whatever a deployment sends (no well-formedness check).

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function unescapeXml(s: string): string {
  // One pass, so "&amp;lt;" becomes "&lt;" and not "<".
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Attributes of a start tag's inside: `id="A" title='x'` -> { id: 'A', title: 'x' }. */
export function attributes(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out[m[1]!] = unescapeXml(m[2] ?? m[3] ?? '');
  return out;
}

export interface Element {
  attrs: Record<string, string>;
  /** The raw inside (empty for a self-closing tag). */
  body: string;
}

/** Every `<name ...>...</name>` or `<name .../>` in `s`, in order (no nesting of the same name). */
export function elements(s: string, name: string): Element[] {
  const re = new RegExp(`<${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${name}\\s*>)`, 'g');
  return [...s.matchAll(re)].map((m) => ({ attrs: attributes(m[1] ?? ''), body: m[2] ?? '' }));
}

/** The text of the first `<name>` in `s`, unescaped and trimmed, if there is one. */
export function firstText(s: string, name: string): string | undefined {
  const e = elements(s, name)[0];
  return e ? unescapeXml(e.body).trim() : undefined;
}

/** `s` with every `<name>...</name>` element taken out. */
export function without(s: string, name: string): string {
  return s.replace(new RegExp(`<${name}\\b[^>]*?(?:/>|>[\\s\\S]*?</${name}\\s*>)`, 'g'), '');
}

/** The text of a fragment with its tags dropped. */
export function stripTags(s: string): string {
  return unescapeXml(s.replace(/<[^>]+>/g, '')).trim();
}
