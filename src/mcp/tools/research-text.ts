// query_filings' text result: the answer and analysis when asked for, agent_context.text (instructions,
// notices, coverage, evidence), then what the request was: its id, mode, the filters applied
// (inferred ones included) and the retrieval plan, so a model can tell what was searched.
import type { ResearchResponse } from '../../contract/types.js';

/** The evidence block: agent_context.text, or built from the parts when a service did not send it. */
function evidenceText(r: ResearchResponse): string {
  if (r.agent_context?.text) return r.agent_context.text;
  const notices = r.notices?.length ? r.notices.map((n) => `- ${n.code}: ${n.message}`) : ['- none'];
  return [
    ...(r.evidence_instructions ? ['## Evidence Instructions', r.evidence_instructions, ''] : []),
    '## Notices',
    ...notices,
    '',
    '## Evidence',
    r.evidence || 'No evidence was found.',
  ].join('\n');
}

function requestLines(r: ResearchResponse): string[] {
  const lines = [`- request_id: ${r.request_id}`];
  const s = r.summary;
  if (s) {
    lines.push(`- mode ${s.mode}, effort ${s.effort}: ${s.evidence_count} evidence chains`);
    if (s.submitted_metadata_filters) lines.push(`- filters given: ${JSON.stringify(s.submitted_metadata_filters)}`);
    if (s.applied_metadata_filters) lines.push(`- filters applied (given and inferred): ${JSON.stringify(s.applied_metadata_filters)}`);
    if (s.warnings?.length) lines.push(`- warnings: ${s.warnings.join(', ')}`);
  }
  for (const q of r.retrieval_plan?.queries ?? []) {
    lines.push(
      `- plan step${q.label ? ` (${q.label})` : ''}: ${q.query}${q.applied_metadata_filters ? ` ${JSON.stringify(q.applied_metadata_filters)}` : ''}`,
    );
  }
  return lines;
}

export function researchText(r: ResearchResponse, analysis = true): string {
  const parts: string[] = [];
  if (r.answer) parts.push('## Answer', r.answer.text, '');
  if (r.analysis && analysis) parts.push('## Analysis', r.analysis.text, '');
  parts.push(evidenceText(r), '');
  if (r.metadata_dashboard) parts.push('## Dashboard', r.metadata_dashboard, '');
  if (r.metadata_distribution) parts.push('## Distribution', JSON.stringify(r.metadata_distribution), '');
  parts.push('## Request', ...requestLines(r));
  return parts.join('\n');
}
