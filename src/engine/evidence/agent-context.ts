// agent_context: one markdown document for an LLM prompt: instructions, notices, coverage, evidence.
import type { AgentContextPayload, NoticePayload } from '../../contract/types.js';
import type { EvidenceChain } from './types.js';
import { sourcesOf } from './render.js';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function agentContext(opts: {
  instructions: string;
  notices: NoticePayload[];
  chains: EvidenceChain[];
  evidence: string;
  sourceFields: string[];
}): AgentContextPayload {
  const sources = sourcesOf(opts.chains);
  const companies = new Set(sources.map((s) => s.filing.sec_ticker ?? s.filing.company));
  const filings = new Set(sources.map((s) => s.filing.accession));
  const coverage = [
    `- ${count(opts.chains.length, 'evidence chain', 'evidence chains')} from ` +
      `${count(filings.size, 'filing', 'filings')} of ${count(companies.size, 'company', 'companies')} ` +
      `(${[...companies].join(', ') || 'none'})`,
    ...sources.map(
      (s) =>
        `- [${s.id}] ${s.filing.sec_ticker ?? s.filing.company} ${s.filing.sec_form_type} ${s.filing.sec_fiscal_year} ${s.itemTag}: ${s.title}`,
    ),
  ];
  const notices = opts.notices.length ? opts.notices.map((n) => `- ${n.code}: ${n.message}`) : ['- none'];
  const text = [
    '## Evidence Instructions',
    opts.instructions,
    '',
    '## Notices',
    ...notices,
    '',
    '## Coverage',
    ...coverage,
    '',
    '## Evidence',
    opts.evidence || 'No evidence was found.',
  ].join('\n');
  return { content_type: 'text/markdown', text, source_fields: opts.sourceFields };
}
