import { describe, expect, it } from 'vitest';
import { validateRawBody, validateRequest } from '../../src/contract/validate.js';
import { LIMITS } from '../../src/contract/limits.js';

type Case = [name: string, body: unknown, codes: string[], loc?: (string | number)[]];

const q = 'What were the risk factors?';
const research = (metadata_filters: unknown) => ({ query: q, mode: 'research', metadata_filters });
const tickers = (n: number) => Array.from({ length: n }, (_, i) => `T${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26)}`);

const invalid: Case[] = [
  ['body not an object', ['query'], ['model_type'], ['body']],
  ['body null', null, ['model_type'], ['body']],
  ['query missing', {}, ['missing'], ['body', 'query']],
  ['query not a string', { query: 42 }, ['string_type'], ['body', 'query']],
  ['query empty', { query: '' }, ['QUERY_EMPTY'], ['body', 'query']],
  ['query only whitespace and controls', { query: ' \n\t\u200b\u0000 ' }, ['QUERY_EMPTY'], ['body', 'query']],
  ['query one over the limit', { query: 'a'.repeat(LIMITS.max_query_chars + 1) }, ['QUERY_TOO_LONG'], ['body', 'query']],
  ['query over the limit in code points', { query: '😀'.repeat(LIMITS.max_query_chars + 1) }, ['QUERY_TOO_LONG']],
  ['unknown top-level property', { query: q, foo: 1 }, ['extra_forbidden'], ['body', 'foo']],
  ['legacy filters key', { query: q, filters: { sec_ticker: 'AAPL' } }, ['extra_forbidden'], ['body', 'filters']],
  [
    'unknown include property',
    { query: q, include: { evidence: true, citations: true } },
    ['extra_forbidden'],
    ['body', 'include', 'citations'],
  ],
  ['unknown retrieval property', { query: q, retrieval: { top_k: 5 } }, ['extra_forbidden'], ['body', 'retrieval', 'top_k']],
  ['mode outside the enum', { query: q, mode: 'deep' }, ['enum'], ['body', 'mode']],
  ['effort outside the enum', { query: q, effort: 'max' }, ['enum'], ['body', 'effort']],
  [
    'evidence_format outside the enum',
    { query: q, include: { evidence_format: 'html' } },
    ['enum'],
    ['body', 'include', 'evidence_format'],
  ],
  ['stream not a boolean', { query: q, stream: 'yes' }, ['bool_type'], ['body', 'stream']],
  ['include flag not a boolean', { query: q, include: { answer: 1 } }, ['bool_type'], ['body', 'include', 'answer']],
  ['include not an object', { query: q, include: true }, ['dict_type'], ['body', 'include']],
  ['max_evidence zero', { query: q, retrieval: { max_evidence: 0 } }, ['greater_than_equal'], ['body', 'retrieval', 'max_evidence']],
  ['max_evidence negative', { query: q, retrieval: { max_evidence: -3 } }, ['greater_than_equal']],
  ['max_evidence not an integer', { query: q, retrieval: { max_evidence: 2.5 } }, ['int_type'], ['body', 'retrieval', 'max_evidence']],
  ['max_evidence a string', { query: q, retrieval: { max_evidence: '10' } }, ['int_type']],
  [
    'metadata_filters not an object',
    { query: q, mode: 'research', metadata_filters: ['AAPL'] },
    ['dict_type'],
    ['body', 'metadata_filters'],
  ],
  [
    'basic mode with filters',
    { query: q, metadata_filters: { sec_ticker: 'AAPL' } },
    ['FILTER_MODE_UNSUPPORTED'],
    ['body', 'metadata_filters'],
  ],
  ['explicit basic mode with filters', { query: q, mode: 'basic', metadata_filters: { sec_ticker: 'AAPL' } }, ['FILTER_MODE_UNSUPPORTED']],
  ['unknown filter field', research({ ticker: 'AAPL' }), ['FILTER_FIELD_UNKNOWN'], ['body', 'metadata_filters', 'ticker']],
  [
    'expression root and',
    research({ and: [{ sec_ticker: 'AAPL' }] }),
    ['FILTER_EXPRESSION_UNSUPPORTED'],
    ['body', 'metadata_filters', 'and'],
  ],
  ['expression root or', research({ or: [] }), ['FILTER_EXPRESSION_UNSUPPORTED']],
  ['expression root not', research({ not: { sec_ticker: 'AAPL' } }), ['FILTER_EXPRESSION_UNSUPPORTED']],
  ['expression root field', research({ field: 'sec_ticker' }), ['FILTER_EXPRESSION_UNSUPPORTED']],
  ['expression inside a field', research({ sec_ticker: { or: ['AAPL'] } }), ['FILTER_EXPRESSION_UNSUPPORTED']],
  [
    'gte on a categorical field',
    research({ sec_ticker: { gte: 'A' } }),
    ['FILTER_OPERATOR_UNSUPPORTED'],
    ['body', 'metadata_filters', 'sec_ticker', 'gte'],
  ],
  ['unknown operator', research({ sec_ticker: { like: 'A%' } }), ['FILTER_OPERATOR_UNSUPPORTED']],
  ['neq on the filing date', research({ report_filing_date: { neq: '2024-01-01' } }), ['FILTER_OPERATOR_UNSUPPORTED']],
  ['array (in) on the filing date', research({ report_filing_date: ['2024-01-01'] }), ['FILTER_OPERATOR_UNSUPPORTED']],
  ['number value', research({ sec_fiscal_year: 2023 }), ['FILTER_VALUE_TYPE_INVALID'], ['body', 'metadata_filters', 'sec_fiscal_year']],
  ['boolean value', research({ sec_ticker: true }), ['FILTER_VALUE_TYPE_INVALID']],
  ['null value', research({ sec_ticker: null }), ['FILTER_VALUE_TYPE_INVALID']],
  [
    'number in an array',
    research({ sec_ticker: ['AAPL', 7] }),
    ['FILTER_VALUE_TYPE_INVALID'],
    ['body', 'metadata_filters', 'sec_ticker', 1],
  ],
  ['in with a scalar', research({ sec_ticker: { in: 'AAPL' } }), ['FILTER_VALUE_TYPE_INVALID']],
  ['eq with an array', research({ sec_ticker: { eq: ['AAPL'] } }), ['FILTER_VALUE_TYPE_INVALID']],
  ['empty operator object', research({ sec_ticker: {} }), ['FILTER_VALUE_TYPE_INVALID']],
  ['empty array', research({ sec_ticker: [] }), ['FILTER_VALUE_TYPE_INVALID']],
  ['fiscal year not a year', research({ sec_fiscal_year: 'last year' }), ['FILTER_VALUE_UNKNOWN']],
  ['year end not a real day', research({ sec_fiscal_year_end: '02-30' }), ['FILTER_VALUE_UNKNOWN']],
  ['year end month 13', research({ sec_fiscal_year_end: '1301' }), ['FILTER_VALUE_UNKNOWN']],
  ['date not a real date', research({ report_filing_date: '2023-02-29' }), ['FILTER_VALUE_UNKNOWN']],
  ['date in another format', research({ report_filing_date: '02/07/2019' }), ['FILTER_VALUE_UNKNOWN']],
  ['unknown form', research({ sec_form_type: '10-X' }), ['FILTER_VALUE_UNKNOWN']],
  ['item that is not a 10-K item', research({ sec_item_tag: 'Item 17' }), ['FILTER_VALUE_UNKNOWN']],
  ['item 1D does not exist', research({ sec_item_tag: '1D' }), ['FILTER_VALUE_UNKNOWN']],
  ['unknown sector', research({ sec_gics_sector: 'Technology' }), ['FILTER_VALUE_UNKNOWN']],
  ['unknown sub-industry', research({ sec_gics_sub_industry: 'Widgets' }), ['FILTER_VALUE_UNKNOWN']],
  ['ticker with spaces', research({ sec_ticker: 'AP PL' }), ['FILTER_VALUE_UNKNOWN']],
  ['range upside down', research({ report_filing_date: { gte: '2024-01-01', lte: '2023-01-01' } }), ['FILTER_RANGE_INVALID']],
  ['string one over 256', research({ sec_gics_sub_industry: 'x'.repeat(LIMITS.max_filter_string_chars + 1) }), ['FILTER_VALUE_TOO_LONG']],
  ['101 values in one condition', research({ sec_ticker: tickers(101) }), ['FILTER_TOO_MANY_VALUES']],
  [
    '251 values in all',
    research({
      sec_ticker: tickers(100),
      sec_fiscal_year: Array.from({ length: 100 }, (_, i) => `FY-${1990 + (i % 100)}`),
      sec_form_type: { in: Array(51).fill('10-K') },
    }),
    ['FILTER_TOO_MANY_VALUES_TOTAL'],
  ],
  ['51 conditions', research(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`x${i}`, 'a']))), ['FILTER_TOO_MANY_CONDITIONS']],
];

describe('validateRequest rejects what the contract rejects', () => {
  it.each(invalid)('%s', (_name, body, codes, loc) => {
    const r = validateRequest(body);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const got = r.issues.map((i) => i.code);
    for (const c of codes) expect(got).toContain(c);
    if (loc) expect(r.issues.find((i) => i.code === codes[0])?.loc).toEqual(loc);
    expect(r.error.status).toBe(422);
    expect(r.error.body.status_code).toBe(422);
    expect((r.error.body.detail as { code: string }).code).toBe(r.issues[0]!.code);
    for (const i of r.issues) expect(i.message.length).toBeGreaterThan(5);
  });
});

describe('validateRequest reports every violation at once', () => {
  it('collects structural, query and filter problems together', () => {
    const r = validateRequest({
      query: '   ',
      mode: 'research',
      effort: 'max',
      filters: {},
      include: { bogus: true },
      metadata_filters: { sec_ticker: { gte: 'A' }, colour: 'red', or: [], sec_fiscal_year: 'soon' },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => i.code).sort()).toEqual(
      [
        'FILTER_EXPRESSION_UNSUPPORTED',
        'FILTER_FIELD_UNKNOWN',
        'FILTER_OPERATOR_UNSUPPORTED',
        'FILTER_VALUE_UNKNOWN',
        'QUERY_EMPTY',
        'enum',
        'extra_forbidden',
        'extra_forbidden',
      ].sort(),
    );
  });
  it('suggests the canonical field for an alias', () => {
    const r = validateRequest(research({ ticker: 'AAPL' }));
    expect(!r.ok && r.issues[0]!.message).toContain('did you mean "sec_ticker"');
  });
});

type Valid = [name: string, body: Record<string, unknown>, check?: (v: import('../../src/contract/validate.js').ValidRequest) => void];

const valid: Valid[] = [
  [
    'the minimal request',
    { query: q },
    (v) => {
      expect(v.mode).toBe('basic');
      expect(v.effort).toBe('medium');
      expect(v.include).toEqual({
        evidence: true,
        evidence_instructions: true,
        agent_context: false,
        evidence_format: 'rendered',
        metadata_distribution: false,
        metadata_dashboard: false,
        summary: true,
        answer: false,
        analysis: false,
      });
      expect(v.filters).toBeUndefined();
      expect(v.maxEvidence).toBeNull();
      expect(v.stream).toBe(false);
    },
  ],
  ['query at exactly 4,000 characters', { query: 'a'.repeat(LIMITS.max_query_chars) }],
  ['query at 4,000 after whitespace collapse', { query: `  ${'a '.repeat(2000)}   `.replace(/ $/, '') }],
  [
    'a long raw query that normalizes under the limit',
    { query: `word${' \n\t'.repeat(5000)}end` },
    (v) => expect(v.query).toBe('word end'),
  ],
  ['NFKC folds the ligature', { query: 'ﬁnancial  results\u200b' }, (v) => expect(v.query).toBe('financial results')],
  ['basic with empty filters', { query: q, metadata_filters: {} }, (v) => expect(v.filters).toBeUndefined()],
  ['basic with null filters', { query: q, metadata_filters: null }],
  ['null retrieval', { query: q, retrieval: null }],
  ['max_evidence null', { query: q, retrieval: { max_evidence: null } }],
  ['max_evidence 1', { query: q, retrieval: { max_evidence: 1 } }, (v) => expect(v.maxEvidence).toBe(1)],
  ['max_evidence 800 (public notebook)', { query: q, mode: 'agentic_research', effort: 'high', retrieval: { max_evidence: 800 } }],
  [
    'every include flag',
    {
      query: q,
      include: {
        evidence: false,
        evidence_instructions: false,
        agent_context: true,
        evidence_format: 'xml',
        metadata_distribution: true,
        metadata_dashboard: true,
        summary: false,
        answer: true,
        analysis: true,
      },
    },
    (v) => {
      expect(v.include.evidence).toBe(false);
      expect(v.include.evidence_format).toBe('xml');
    },
  ],
  [
    'instructions follow evidence by default',
    { query: q, include: { evidence: false, agent_context: true } },
    (v) => expect(v.include.evidence_instructions).toBe(false),
  ],
  ['stream true', { query: q, stream: true }, (v) => expect(v.stream).toBe(true)],
  [
    'three forms canonicalized',
    research({ sec_ticker: 'brk.b', sec_fiscal_year: ['2023', 'FY2022', 'fy-2021'], sec_form_type: { neq: '10k' } }),
    (v) =>
      expect(v.filters).toEqual({
        sec_ticker: 'BRK.B',
        sec_fiscal_year: ['FY-2023', 'FY-2022', 'FY-2021'],
        sec_form_type: { neq: '10-K' },
      }),
  ],
  [
    'a date range is one condition',
    research({ report_filing_date: { gte: '2023-01-01', lte: '2023-12-31' } }),
    (v) => expect(v.filters).toEqual({ report_filing_date: { gte: '2023-01-01', lte: '2023-12-31' } }),
  ],
  [
    'lone eq and in objects take their short forms',
    research({ sec_ticker: { eq: 'aapl' }, sec_form_type: { in: ['10q', '10-Q'] } }),
    (v) => expect(v.filters).toEqual({ sec_ticker: 'AAPL', sec_form_type: ['10-Q'] }),
  ],
  [
    'year ends',
    research({ sec_fiscal_year_end: ['0930', '9/30', '12-31', '2/29'] }),
    (v) => expect(v.filters).toEqual({ sec_fiscal_year_end: ['09-30', '12-31', '02-29'] }),
  ],
  [
    'items',
    research({ sec_item_tag: ['1A', 'Item 7', 'item-7a', '10K-Item-16', 'Part II Item 1A', 'Item 2.02'] }),
    (v) =>
      expect(v.filters).toEqual({
        sec_item_tag: ['10K-Item-1A', '10K-Item-7', '10K-Item-7A', '10K-Item-16', '10Q-Part2-Item-1A', '8K-Item-2.02'],
      }),
  ],
  [
    'sectors case-insensitively',
    research({ sec_gics_sector: 'information technology', sec_gics_sub_industry: 'technology hardware, storage & peripherals' }),
    (v) =>
      expect(v.filters).toEqual({
        sec_gics_sector: 'Information Technology',
        sec_gics_sub_industry: 'Technology Hardware, Storage & Peripherals',
      }),
  ],
  ['100 values in one condition', research({ sec_ticker: tickers(100) })],
  [
    '250 values in all',
    research({
      sec_ticker: tickers(100),
      sec_fiscal_year: Array.from({ length: 100 }, (_, i) => `FY-${1990 + i}`),
      sec_form_type: { in: Array(50).fill('10-K') },
    }),
  ],
];

describe('validateRequest accepts what the contract accepts', () => {
  it.each(valid)('%s', (_name, body, check) => {
    const r = validateRequest(body);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    check?.(r.value);
  });
});

describe('filter string length bound', () => {
  const codes = (len: number) => {
    const r = validateRequest(research({ sec_gics_sub_industry: 'x'.repeat(len) }));
    return r.ok ? [] : r.issues.map((i) => i.code);
  };
  it('256 characters pass the length rule (and are then checked as a value)', () => expect(codes(256)).toEqual(['FILTER_VALUE_UNKNOWN']));
  it('257 characters break it', () => expect(codes(257)).toEqual(['FILTER_VALUE_TOO_LONG']));
  it('counts code points, not UTF-16 units', () => {
    // 200 emoji are 400 UTF-16 units but 200 characters: not too long, just not a sub-industry.
    const r = validateRequest(research({ sec_gics_sub_industry: '😀'.repeat(200) }));
    expect(!r.ok && r.issues.map((i) => i.code)).toEqual(['FILTER_VALUE_UNKNOWN']);
  });
});

describe('raw body limits', () => {
  const padded = (bytes: number) => {
    const base = JSON.stringify({ query: 'x', include: {} });
    const pad = bytes - base.length;
    const body = JSON.stringify({ query: 'x'.repeat(1), include: {} }).replace('"include":{}', `"include":{}${' '.repeat(pad)}`);
    expect(Buffer.byteLength(body)).toBe(bytes);
    return body;
  };
  it('accepts exactly 65,536 bytes', () => expect(validateRawBody(padded(LIMITS.max_body_bytes)).ok).toBe(true));
  it('rejects 65,537 bytes with 413 REQUEST_TOO_LARGE', () => {
    const r = validateRawBody(padded(LIMITS.max_body_bytes + 1));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.status).toBe(413);
    expect(r.error.code).toBe('REQUEST_TOO_LARGE');
  });
  it('counts bytes, not characters', () => {
    const r = validateRawBody(JSON.stringify({ query: 'é'.repeat(33_000) }));
    expect(!r.ok && r.error.code).toBe('REQUEST_TOO_LARGE');
  });
  it('rejects invalid JSON', () => {
    const r = validateRawBody('{"query": ');
    expect(!r.ok && r.error.code).toBe('json_invalid');
  });
  it('rejects a parsed body whose serialization is too large', () => {
    const r = validateRequest({
      query: 'q',
      mode: 'research',
      metadata_filters: { sec_gics_sub_industry: Array(100).fill('y'.repeat(700)) },
    });
    expect(!r.ok && r.error.code).toBe('REQUEST_TOO_LARGE');
  });
});

describe('nesting depth', () => {
  it('refuses a deeply nested body without overflowing the stack', () => {
    const deep = `{"query":"q","include":${'['.repeat(26_000)}${']'.repeat(26_000)}}`;
    expect(Buffer.byteLength(deep)).toBeLessThan(65_536);
    const r = validateRawBody(deep);
    expect(!r.ok && r.error.code).toBe('json_invalid');
    expect(!r.ok && r.issues[0]!.message).toMatch(/nested more than 64 levels/);
  });
  it('accepts an ordinary request (depth 4)', () => {
    expect(validateRequest({ query: 'q', mode: 'research', metadata_filters: { sec_ticker: { in: ['A'] } } }).ok).toBe(true);
  });
});
