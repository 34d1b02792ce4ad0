// The contract test suite: what every Backend must do, whatever sits behind it (the embedded engine
// in-process, `filings serve` over real HTTP through the remote client). Runs on the sample index.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { Backend } from '../../src/backend.js';
import { AbortedError } from '../../src/backend-errors.js';
import { ServiceError } from '../../src/contract/errors.js';
import { MetadataFiltersResponseSchema, ResearchResponseSchema } from '../../src/contract/schemas.js';
import type { BackendEvent, ResearchResponse } from '../../src/contract/types.js';

/** Our own responses carry no property the contract does not name. */
const StrictResponse = z.strictObject(ResearchResponseSchema.shape);

const Q = "What was 3M's capital expenditure in FY2018?";

async function rejection(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
  throw new Error('expected a ServiceError');
}

const codesOf = (e: ServiceError) => ((e.body.detail as { errors?: { code: string }[] }).errors ?? []).map((i) => i.code);

export function contractSuite(name: string, backend: () => Backend): void {
  describe(`contract suite: ${name}`, () => {
    it('answers a plain query with exactly the default fields', async () => {
      const r = await backend().query({ query: Q });
      StrictResponse.parse(r);
      expect(
        Object.keys(r)
          .filter((k) => k !== 'notices')
          .sort(),
      ).toEqual(['evidence', 'evidence_instructions', 'request_id', 'summary']);
      expect(r.request_id).toMatch(/^req_[0-9A-Za-z]{20}$/);
      expect(r.summary).toMatchObject({ domain: 'sandp_500', mode: 'basic', effort: 'medium' });
      expect(r.summary!.applied_metadata_filters).toBeUndefined(); // basic infers nothing
      expect(r.evidence).toMatch(/^<source_registry>/);
      expect(r.evidence).toMatch(/<source_key>[\s\S]*<\/source_key>$/);
      expect(r.summary!.evidence_count).toBe(r.evidence!.match(/<evidence_chain\b/g)?.length ?? 0);
    });

    it('research infers filters, shows them, and finds the figure', async () => {
      const r = await backend().query({ query: Q, mode: 'research' });
      expect(r.summary!.applied_metadata_filters).toMatchObject({ sec_ticker: 'MMM', sec_fiscal_year: 'FY-2018' });
      expect(r.notices?.some((n) => n.code === 'FILTERS_INFERRED')).toBe(true);
      expect(r.evidence).toContain('1,577');
      expect(r.evidence).toMatch(/<source id="A" ticker="MMM"[^>]*fiscal_year="FY-2018"[^>]*filed="2019-02-07"/);
    });

    it('keeps caller filters, canonical, and never contradicts them', async () => {
      const r = await backend().query({
        query: 'capital expenditure',
        mode: 'research',
        metadata_filters: { sec_ticker: 'ko', sec_fiscal_year: ['2022', 'fy2021'] },
      });
      expect(r.summary!.submitted_metadata_filters).toEqual({ sec_ticker: 'KO', sec_fiscal_year: ['FY-2022', 'FY-2021'] });
      expect(r.summary!.applied_metadata_filters).toMatchObject({ sec_ticker: 'KO', sec_fiscal_year: ['FY-2022', 'FY-2021'] });
      for (const m of r.evidence!.matchAll(/<source id="\w+" ticker="(\w+)"[^>]*fiscal_year="([\w-]+)"/g)) {
        expect(m[1]).toBe('KO');
        expect(['FY-2022', 'FY-2021']).toContain(m[2]);
      }
    });

    it.each([
      [{ evidence: false, agent_context: true }, ['agent_context', 'request_id', 'summary']],
      [{ evidence_instructions: false, summary: false }, ['evidence', 'request_id']],
      [
        { metadata_distribution: true, metadata_dashboard: true },
        ['evidence', 'evidence_instructions', 'metadata_dashboard', 'metadata_distribution', 'request_id', 'summary'],
      ],
      [{ evidence: false, evidence_instructions: false, summary: false }, ['request_id']],
    ])('honours include %j', async (include, fields) => {
      const r = await backend().query({ query: Q, mode: 'research', include });
      StrictResponse.parse(r);
      expect(
        Object.keys(r)
          .filter((k) => k !== 'notices')
          .sort(),
      ).toEqual(fields);
    });

    it('gives agent context as markdown with its sections, alone when evidence is off', async () => {
      const r = await backend().query({ query: Q, mode: 'research', include: { evidence: false, agent_context: true } });
      expect(r.agent_context!.content_type).toBe('text/markdown');
      for (const h of ['## Evidence Instructions', '## Notices', '## Coverage', '## Evidence']) expect(r.agent_context!.text).toContain(h);
      expect(r.agent_context!.text).toContain('1,577');
      expect(r.agent_context!.source_fields).toContain('evidence');
    });

    it('renders xml without the source key, rendered with it', async () => {
      const xml = await backend().query({ query: Q, mode: 'research', include: { evidence_format: 'xml' } });
      expect(xml.evidence).not.toContain('<source_key>');
      expect(xml.evidence).toContain('<evidence_chain relevance_score=');
      const rendered = await backend().query({ query: Q, mode: 'research' });
      expect(rendered.evidence).toContain('<source_key>');
    });

    it('counts metadata over the evidence and draws it within 80 columns', async () => {
      const r = await backend().query({ query: Q, mode: 'research', include: { metadata_distribution: true, metadata_dashboard: true } });
      const d = r.metadata_distribution!;
      expect(d.sec_ticker).toMatchObject({ display_name: 'Ticker', values: [{ value: 'MMM', count: r.summary!.evidence_count }] });
      expect(d.evidence_paths).toEqual({ display_name: 'Evidence paths', value: r.summary!.evidence_count });
      for (const line of r.metadata_dashboard!.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
      expect(r.metadata_dashboard).toContain('MMM');
    });

    it('caps chains with max_evidence and widens with effort', async () => {
      const one = await backend().query({ query: 'risk factors supply chain', mode: 'research', retrieval: { max_evidence: 1 } });
      expect(one.summary!.evidence_count).toBe(1);
      const low = await backend().query({ query: 'risk factors supply chain', effort: 'low' });
      const high = await backend().query({ query: 'risk factors supply chain', effort: 'high' });
      expect(high.summary!.evidence_count).toBeGreaterThan(low.summary!.evidence_count);
    });

    it('returns a retrieval plan for agentic_research', async () => {
      const r = await backend().query({
        query: 'Compare capital expenditure of Coca-Cola and PepsiCo in FY2022',
        mode: 'agentic_research',
      });
      const labels = r.retrieval_plan!.queries.map((q) => q.label);
      expect(labels).toEqual(expect.arrayContaining(['whole question', 'company KO', 'company PEP']));
      expect(r.retrieval_plan!.queries.find((q) => q.label === 'company KO')!.applied_metadata_filters).toMatchObject({ sec_ticker: 'KO' });
      const tickers = new Set([...r.evidence!.matchAll(/ticker="(\w+)"/g)].map((m) => m[1]));
      expect([...tickers].sort()).toEqual(['KO', 'PEP']);
    });

    it('warns LOW_EVIDENCE with empty evidence when nothing matches', async () => {
      const r = await backend().query({ query: 'zyxwvut quokka flibbertigibbet', mode: 'research' });
      expect(r.summary!.evidence_count).toBe(0);
      expect(r.summary!.warnings).toContain('LOW_EVIDENCE');
      expect(r.evidence).not.toContain('<evidence_chain');
    });

    it('emits events in order, final equal to the response', async () => {
      const events: BackendEvent[] = [];
      const r = await backend().query({ query: Q, mode: 'research', stream: true }, { onEvent: (e) => events.push(e) });
      const names = events.map((e) => e.event);
      expect(names[0]).toBe('retrieval.started');
      expect(names[1]).toBe('retrieval.completed');
      expect(names[names.length - 1]).toBe('final');
      expect(events[0]!.data).toMatchObject({ mode: 'research', effort: 'medium' });
      expect((events[1]!.data as { evidence_count: number }).evidence_count).toBe(r.summary!.evidence_count);
      const final = events[events.length - 1]!.data as ResearchResponse;
      expect({ ...final, request_id: 'x' }).toEqual({ ...r, request_id: 'x' });
    });

    it.each([
      [{ query: '' }, 'QUERY_EMPTY'],
      [{ query: 'q', filters: {} }, 'extra_forbidden'],
      [{ query: 'q', metadata_filters: { sec_ticker: 'AAPL' } }, 'FILTER_MODE_UNSUPPORTED'],
      [{ query: 'q', mode: 'research', metadata_filters: { or: [] } }, 'FILTER_EXPRESSION_UNSUPPORTED'],
      [{ query: 'q', mode: 'research', metadata_filters: { sec_ticker: { gte: 'A' } } }, 'FILTER_OPERATOR_UNSUPPORTED'],
      [{ query: 'q', retrieval: { max_evidence: 0 } }, 'greater_than_equal'],
    ])('rejects %j with 422 %s', async (body, code) => {
      const e = await rejection(backend().query(body));
      expect(e.status).toBe(422);
      expect(e.body.status_code).toBe(422);
      expect(codesOf(e)).toContain(code);
    });

    it('rejects a body over 65,536 bytes with 413', async () => {
      const e = await rejection(
        backend().query({ query: 'q', mode: 'research', metadata_filters: { sec_gics_sub_industry: Array(100).fill('y'.repeat(700)) } }),
      );
      expect(e.status).toBe(413);
      expect(e.code).toBe('REQUEST_TOO_LARGE');
    });

    it('lists the metadata filters, with values and bounds', async () => {
      const all = MetadataFiltersResponseSchema.parse(await backend().listMetadataFilters());
      expect(all.domain).toBe('sandp_500');
      expect(all.fields.map((f) => f.name)).toHaveLength(8);
      expect(all.fields.every((f) => f.values === undefined)).toBe(true);
      expect(all.limits).toMatchObject({ max_body_bytes: 65536, max_query_chars: 4000 });
      const one = await backend().listMetadataFilters({ field: 'sec_ticker', includeValues: true });
      expect(one.fields).toHaveLength(1);
      expect(one.fields[0]!.values).toEqual(expect.arrayContaining([{ value: 'MMM', count: expect.any(Number) }]));
      const fy = (await backend().listMetadataFilters({ field: 'sec_fiscal_year' })).fields[0]!;
      expect(fy.bounds).toEqual({ min: expect.stringMatching(/^FY-20\d\d$/), max: expect.stringMatching(/^FY-20\d\d$/) });
      const e = await rejection(backend().listMetadataFilters({ field: 'colour' }));
      expect(e.status).toBe(422);
      expect(e.code).toBe('FILTER_FIELD_UNKNOWN');
    });

    it('stops when the signal is aborted', async () => {
      const ac = new AbortController();
      ac.abort();
      await expect(backend().query({ query: Q }, { signal: ac.signal })).rejects.toBeInstanceOf(AbortedError);
    });
  });
}
