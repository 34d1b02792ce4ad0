// The evidence text (`<source_registry>`, `<evidence_chain>`s, `<source_key>`) parsed into a model
// for the terminal view. Tolerant: unknown attributes are kept, missing ones left undefined, context
// outside a `<source>` is kept on the entry, and a chain with no `<entry>` keeps its text. When no
// chain is found at all the caller prints the raw text instead.
import { elements, firstText, stripTags, unescapeXml, without } from './xml-text.js';

export interface RegistrySource {
  id: string;
  /** Every attribute of the registry line (ticker, company, form, fiscal_year, url, ...). */
  attrs: Record<string, string>;
}

export interface SourceNote {
  id: string;
  statuses: string[];
  context: string[];
}

export interface EvidenceEntry {
  sources: string[];
  confidence?: number;
  consensus: string;
  /** Per-source statuses and context. */
  notes: SourceNote[];
  /** Context given on the entry itself rather than under a source. */
  context: string[];
}

export interface EvidenceChainView {
  relevance?: number;
  facet?: string;
  entries: EvidenceEntry[];
  /** The chain's text when it holds no <entry> (another deployment's layout). */
  text?: string;
}

export interface ParsedEvidence {
  sources: RegistrySource[];
  chains: EvidenceChainView[];
}

const number = (s: string | undefined): number | undefined => {
  const n = s === undefined || s.trim() === '' ? NaN : Number(s);
  return Number.isFinite(n) ? n : undefined;
};

const words = (s: string | undefined): string[] => (s ? s.split(/[\s,]+/).filter(Boolean) : []);

const texts = (body: string, name: string): string[] =>
  elements(body, name)
    .map((e) => unescapeXml(e.body).trim())
    .filter(Boolean);

function parseEntry(attrs: Record<string, string>, body: string): EvidenceEntry {
  const notes = elements(body, 'source').map((s) => ({
    id: s.attrs.id ?? '?',
    statuses: words(firstText(s.body, 'observed_epistemic_statuses')),
    context: texts(s.body, 'additional_context'),
  }));
  const rest = without(body, 'source');
  const sources = words(attrs.sources ?? attrs.source);
  return {
    sources: sources.length ? sources : notes.map((n) => n.id),
    confidence: number(attrs.confidence_score ?? attrs.confidence),
    consensus: firstText(rest, 'consensus') ?? stripTags(without(rest, 'additional_context')),
    notes,
    context: texts(rest, 'additional_context'),
  };
}

export function parseEvidence(text: string): ParsedEvidence {
  const registry = elements(text, 'source_registry')[0]?.body ?? '';
  const sources = elements(registry, 'source').map((s) => ({ id: s.attrs.id ?? '?', attrs: s.attrs }));
  const chains = elements(text, 'evidence_chain').map((c): EvidenceChainView => {
    const entries = elements(c.body, 'entry').map((e) => parseEntry(e.attrs, e.body));
    return {
      relevance: number(c.attrs.relevance_score ?? c.attrs.relevance),
      facet: c.attrs.facet,
      entries,
      text: entries.length === 0 ? stripTags(c.body) || undefined : undefined,
    };
  });
  return { sources, chains };
}
