// Evidence text: a <source_registry>, <evidence_chain> blocks, and (rendered format only) a trailing
// <source_key>. The XML is kept flat and compact: it goes into prompts and budgets count characters.
import type { EvidenceFormat } from '../../contract/types.js';
import type { EvidenceChain, SourceRef } from './types.js';
import { byText } from '../text/compare.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sourcesOf(chains: EvidenceChain[]): SourceRef[] {
  const seen = new Map<string, SourceRef>();
  for (const c of chains) for (const e of c.entries) for (const s of e.sources) seen.set(s.source.id, s.source);
  return [...seen.values()].sort((a, b) => a.id.length - b.id.length || byText(a.id, b.id));
}

function itemLabel(tag: string): string {
  return tag
    .replace(/^10K-/, '')
    .replace(/^10Q-Part(\d)-/, 'Part $1 ')
    .replace(/^8K-/, '')
    .replace(/-/g, ' ');
}

function registry(sources: SourceRef[]): string {
  const lines = sources.map((s) => {
    const f = s.filing;
    const attrs: [string, string | null][] = [
      ['id', s.id],
      ['ticker', f.sec_ticker],
      ['company', f.security_name ?? f.company],
      ['form', f.sec_form_type],
      ['fiscal_year', f.sec_fiscal_year],
      ['period_end', f.period_of_report],
      ['filed', f.report_filing_date],
      ['item', s.itemTag],
      ['title', s.title],
      ['url', f.htm_filing_link ?? f.filing_html_index],
    ];
    return `<source ${attrs
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}="${esc(v!)}"`)
      .join(' ')} />`;
  });
  return `<source_registry>\n${lines.join('\n')}\n</source_registry>`;
}

export function chainText(c: EvidenceChain): string {
  const parts = [`<evidence_chain relevance_score="${c.relevance}" facet="${esc(c.facet)}">`];
  for (const e of c.entries) {
    parts.push(`<entry sources="${e.sources.map((s) => s.source.id).join(' ')}" confidence_score="${e.confidence.toFixed(2)}">`);
    parts.push(`<consensus>${esc(e.consensus)}</consensus>`);
    for (const s of e.sources) {
      parts.push(`<source id="${s.source.id}"><observed_epistemic_statuses>${s.statuses.join(' ')}</observed_epistemic_statuses>`);
      for (const ctx of s.context) parts.push(`<additional_context>${esc(ctx)}</additional_context>`);
      parts.push('</source>');
    }
    parts.push('</entry>');
  }
  parts.push('</evidence_chain>');
  return parts.join('\n');
}

function sourceKey(sources: SourceRef[]): string {
  const lines = sources.map((s) => {
    const f = s.filing;
    return `${s.id}: ${f.sec_ticker ?? f.company} ${f.sec_form_type} ${f.sec_fiscal_year}, ${itemLabel(s.itemTag)}, filed ${f.report_filing_date}`;
  });
  return `<source_key>\n${lines.join('\n')}\n</source_key>`;
}

export function renderEvidence(chains: EvidenceChain[], format: EvidenceFormat): string {
  const sources = sourcesOf(chains);
  const blocks = [registry(sources), ...chains.map(chainText)];
  if (format === 'rendered') blocks.push(sourceKey(sources));
  return blocks.join('\n');
}

/** Trims context (the last entries' first) until every chain fits `perChain` characters. */
export function fitChains(chains: EvidenceChain[], perChain: number): void {
  for (const c of chains) {
    let over = chainText(c).length - perChain;
    for (const e of [...c.entries].reverse()) {
      for (const s of e.sources) {
        while (over > 0 && s.context.length > 0) {
          const last = s.context[s.context.length - 1]!;
          const lines = last.split('\n');
          // Drop whole lines from the end until enough is gone (escaping can only lengthen text).
          let cut = 0;
          while (lines.length > 1 && cut < over) cut += lines.pop()!.length + 1;
          if (cut > 0) s.context[s.context.length - 1] = lines.join('\n');
          else s.context.pop();
          over = chainText(c).length - perChain;
        }
      }
    }
  }
}
