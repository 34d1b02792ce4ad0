// The prompt "research a company": from a company (name or ticker), a topic and a fiscal year, a
// grounded research request for query_filings (validated by the contract, filters canonical) and the
// rules for answering from its evidence.
import { ErrorCode, type GetPromptResult, type Prompt } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import type { ValidationIssue } from '../contract/errors.js';
import { canonicalTicker } from '../contract/canonical.js';
import { issuesFromZod, validateRequest } from '../contract/validate.js';
import type { McpContext } from './context.js';
import { protocolError, where } from './errors.js';

export const RESEARCH_COMPANY: Prompt = {
  name: 'research_company',
  title: 'Research a company',
  description:
    'A grounded research request about one company for query_filings (a topic and a fiscal year optional), with the rules for citing its evidence.',
  arguments: [
    { name: 'company', description: 'Company name or ticker, e.g. "3M", "Coca-Cola" or "KO".', required: true },
    {
      name: 'topic',
      description: 'What to research, e.g. "capital expenditure", "risk factors", "segment results". Default: an overview.',
    },
    { name: 'fiscal_year', description: 'Fiscal year, e.g. "2023" or "FY-2023". Default: what the question implies (the latest year).' },
  ],
};

const ArgsSchema = z.strictObject({
  company: z.string().trim().min(1, 'company is required'),
  topic: z.string().trim().optional(),
  fiscal_year: z.string().trim().optional(),
});

function invalid(issues: ValidationIssue[]): Error {
  const lines = issues.map((i) => `${where(i.loc)}: ${i.message} [${i.code}]`);
  return protocolError(ErrorCode.InvalidParams, `Invalid arguments for prompt research_company: ${lines.join('; ')}`, { errors: issues });
}

/** The ticker a company argument names, when the backend holds filings of it ("ko" -> "KO"; not "Apple"). */
async function knownTicker(company: string, ctx: McpContext): Promise<string | undefined> {
  const ticker = canonicalTicker(company);
  if (!ticker.ok) return undefined;
  try {
    const answer = await (await ctx.backend()).listMetadataFilters({ field: 'sec_ticker', includeValues: true });
    return answer.fields[0]?.values?.some((v) => v.value === ticker.value) ? ticker.value : undefined;
  } catch {
    return undefined; // no index yet: the question names the company, research mode infers it
  }
}

export async function researchCompany(raw: Record<string, string> | undefined, ctx: McpContext): Promise<GetPromptResult> {
  const parsed = ArgsSchema.safeParse(raw ?? {});
  if (!parsed.success) throw invalid(issuesFromZod(parsed.error.issues, raw ?? {}, 'arguments'));
  const { company, topic, fiscal_year } = parsed.data;

  const ticker = await knownTicker(company, ctx);
  const filters = { ...(ticker && { sec_ticker: ticker }), ...(fiscal_year && { sec_fiscal_year: fiscal_year }) };
  const when = fiscal_year ? ` in fiscal year ${fiscal_year}` : '';
  const name = ticker ?? company;
  const request = {
    query: topic
      ? `What does ${name} report about ${topic}${when}?`
      : `${name}: business, results of operations, risk factors and liquidity${when}`,
    mode: topic ? 'research' : 'agentic_research',
    ...(Object.keys(filters).length > 0 && { metadata_filters: filters }),
  };
  const checked = validateRequest(request);
  if (!checked.ok) {
    // The only free-form filter value is the fiscal year.
    throw invalid(checked.issues.map((i) => ({ ...i, loc: i.loc.includes('sec_fiscal_year') ? ['arguments', 'fiscal_year'] : i.loc })));
  }
  // Canonical values ("2023" -> "FY-2023"), as the engine will apply them.
  if (checked.value.filters) request.metadata_filters = checked.value.filters as typeof filters;

  const steps = [
    `Research ${company}${topic ? ` (${topic})` : ''} from its SEC filings, using only the evidence the filings tools return.`,
    '',
    '1. Call query_filings with these arguments:',
    '```json',
    JSON.stringify(request, null, 2),
    '```',
    `2. If facets remain open, call query_filings again with one narrower question ` +
      `each${ctx.listFilings ? '; list_filings shows which filings and fiscal years the index holds' : ''}.`,
    '3. Answer from the evidence alone. Cite source ids exactly as they appear, in square brackets ([A], ' +
      'or [B, C] for several), after each claim they support. ' +
      'Present forward-looking, hedged and estimated statements as such, and say plainly what the evidence does not cover.',
  ];
  return {
    description: `Grounded research on ${company}${topic ? `: ${topic}` : ''}`,
    messages: [{ role: 'user', content: { type: 'text', text: steps.join('\n') } }],
  };
}
