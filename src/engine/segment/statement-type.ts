// Which primary financial statement a table is, from its caption and its rows. The figures an analyst
// asks for (revenue, net income, total assets, operating cash flow, capex) are first read from these;
// a summary of equity-method investees, a VIE's balance sheet or a parent-only statement is not one.
import type { StatementType } from '../tables/model.js';
import { SEGMENT_TUNING } from './tuning.js';

const S = SEGMENT_TUNING.statements;

const CAPTIONS: [StatementType, RegExp][] = [
  [
    'comprehensive_income',
    /\bstatements? of (?:consolidated )?comprehensive (?:income|loss|earnings)\b|\bcomprehensive income statements?\b/i,
  ],
  [
    'income',
    /\bstatements? of (?:consolidated )?(?:net )?(?:income|operations|earnings|(?:income|earnings) \(loss\)|loss)\b|\bincome statements?\b/i,
  ],
  ['balance', /\bbalance sheets?\b|\bstatements? of (?:consolidated )?financial (?:position|condition)\b/i],
  ['cash_flow', /\bstatements? of (?:consolidated )?cash ?flows?\b|\bcash ?flows? statements?\b/i],
  [
    'equity',
    new RegExp(
      String.raw`\bstatements? of (?:consolidated )?(?:changes in )?(?:(?:stockholders|shareholders|shareowners` +
        String.raw`|shareholders)['\u2019]?|share ?owners['\u2019]?) (?:equity|investment)` +
        String.raw`|\bstatements? of (?:changes in )?(?:total )?equity\b`,
      'i',
    ),
  ],
];

// Statements of another entity or a part of the company, or notes that name a statement in passing.
const NOT_PRIMARY = new RegExp(
  [
    String.raw`\bparent(?:[- ]company)?(?: only)?\b|\bcondensed consolidating\b|\bequity[- ]method\b`,
    // A group of subsidiaries that guarantee the debt ("Obligor Group", "Deed of Cross Guarantee").
    String.raw`\bguarantor|\bobligor|\bcross guarantee\b|\bclosed group\b`,
    String.raw`\binvestees?\b|\baffiliated compan|\bunconsolidated\b|\bjoint ventures?\b|\bsummarized\b`,
    String.raw`\bvariable interest entit|\bvies?\b|\bsegments?\b|\bsubsidiar(?:y|ies) (?:only|guarantors?)\b`,
    String.raw`\bpro forma\b|\bquarterly (?:results|data|financial)\b|\bselected (?:financial|quarterly)\b`,
    // "Selected income statement data", "Selected balance sheet data": a business's figures.
    String.raw`\bselected [a-z ]{0,30}\bdata\b`,
    String.raw`\bsupplemental\b|\bschedule\b|\breconcil|\bderivative|\blocation\b|\bfair values?\b`,
    // "The following table presents the Parent's statements of cash flows" (its apostrophe lost), and
    // the reclassifications out of AOCI by "Affected Line Item in the Consolidated Statements of Operations".
    String.raw`\bparent['\u2019]?s\b|\baffected line items?\b|\bdetails about\b`,
  ].join('|'),
  'i',
);

const ROWS: Record<'balance' | 'cash_flow' | 'income', RegExp[]> = {
  balance: [
    /^total assets\b/i,
    /^total (?:current )?liabilities\b/i,
    /^total current assets\b/i,
    /\b(?:stockholders|shareholders|shareowners)['\u2019]? equity\b|^total equity\b/i,
  ],
  cash_flow: [/\boperating activities\b/i, /\binvesting activities\b/i, /\bfinancing activities\b/i],
  income: [
    /^(?:total )?(?:net )?(?:revenues?|sales)\b|^net sales\b|^total net (?:sales|revenues?)\b/i,
    /^net (?:income|earnings|loss)\b/i,
    /\bper (?:common )?share\b|^(?:basic|diluted)\b/i,
    /^(?:income|earnings)(?: \(loss\))?(?: from continuing operations)? before\b|^operating (?:income|profit)\b|^income from operations\b/i,
  ],
};

// Rows a business's or segment's results print and a primary statement never does ("Headcount",
// "Overhead ratio", "Return on equity"): JPMorgan's Corporate results, captioned only "(in millions,
// except headcount)", are no income statement of the company's.
const RESULTS_ROWS =
  /^(?:total )?headcount\b|^number of employees\b|^overhead ratio\b|^return on (?:average )?(?:common |tangible common )?equity\b|\baverage balances?\b/i;

// Rows only a parent company's own statements print: a consolidated statement has no subsidiaries'
// undistributed income, dividends from them or loans and advances to them (JPMorgan's and Raymond
// James' parent-only cash flows, captioned "Statements of cash flows" under a note's heading; AES's
// Schedule I, its heading above the lines the caption keeps).
const PARENT_ROWS = new RegExp(
  [
    String.raw`^equity in (?:the )?(?:undistributed )?(?:net )?\(?(?:income|earnings|loss(?:es)?)\)?\b.{0,40}\bof (?:consolidated )?subsidiaries\b`,
    String.raw`\bdividends (?:received )?from (?:bank(?:ing)? |non-?bank |consolidated )?subsidiaries\b`,
    String.raw`^(?:net )?(?:investments? in and (?:net )?advances to|(?:net )?advances (?:to|from)|loans (?:from|to)) subsidiaries\b`,
    // JPMorgan's parent balance sheet ("Deposits with banking subsidiaries", "Advances to, and receivables
    // from, subsidiaries", "Investments (at equity) in subsidiaries and affiliates"), and a consolidating
    // schedule's parent column: a consolidated statement eliminates them all.
    String.raw`^(?:deposits with|advances to,? and receivables from,?|investments? (?:\(at equity\) )?in|borrowings from,? and payables to,?)` +
      String.raw` (?:bank(?:ing)? |non-?bank )?subsidiaries\b`,
  ].join('|'),
  'i',
);

// A derivatives note's table: its instruments as groups of rows ("Foreign Exchange Contracts:", or one
// named again for each group, as Nike's "Foreign exchange forwards and options"), or "Amount of Gain or
// (Loss)" heading its columns. Applied Materials' prints each line item "Presented in the Consolidated
// Statement of Operations" beside the hedges' gains: a caption naming the statement its amounts come
// from, not one of its own. A single line of contracts (accrued liabilities' details) is no group.
const UNDERLYING = 'foreign (?:exchange|currency)|interest rate|commodity|cross[- ]currency|currency';
const CONTRACT = 'contracts?|swaps?|derivatives?|forwards?|options?';
const INSTRUMENT = new RegExp(String.raw`^(?:${UNDERLYING})(?: [a-z]+){0,2} (?:${CONTRACT})\s*:?$`, 'i');
const GAIN_OR_LOSS = /^amounts? of (?:gain|loss|\(gain\)|\(loss\))/i;

function derivativesNote(labels: string[]): boolean {
  if (labels.some((l) => GAIN_OR_LOSS.test(l))) return true;
  const groups = labels.filter((l) => INSTRUMENT.test(l)).map((l) => l.trim().toLowerCase());
  return groups.some((l) => l.endsWith(':')) || new Set(groups).size < groups.length;
}

function rowEvidence(kind: keyof typeof ROWS, labels: string[]): number {
  return ROWS[kind].filter((re) => labels.some((l) => re.test(l))).length;
}

/**
 * The statement a table is, or null. `captionLines` are the title lines above it (the company's name,
 * "Consolidated Statements of Operations", the period line); `labels` its row labels.
 */
export function statementType(captionLines: string[], labels: string[]): StatementType | null {
  const titles = captionLines.map((l) => l.trim()).filter((l) => l.length <= S.titleChars);
  const titleText = titles.join(' / ');
  if (
    NOT_PRIMARY.test(titleText) ||
    /\bheadcount\b/i.test(titleText) ||
    labels.some((l) => RESULTS_ROWS.test(l) || PARENT_ROWS.test(l)) ||
    derivativesNote(labels)
  )
    return null;
  // The title closest to the table names it (a list of statements may come before).
  // A note's sub-table ("Statement of operations (1):") introduces rows, it does not title a statement.
  const named = [...titles]
    .reverse()
    .map((t) =>
      CAPTIONS.find(
        ([, re]) => re.test(t) && !/\b(?:see|refer|included|following|accompanying|notes? to)\b/i.test(t) && !/:\s*$|\(\d\)/.test(t),
      ),
    )
    .find(Boolean);
  for (const [type] of named ? [named] : []) {
    if (type === 'comprehensive_income' || type === 'equity') return type;
    // A title that names a statement and rows that read like it; rows that read as another statement
    // win over a title taken from a list of statements above it.
    const other = (['balance', 'cash_flow', 'income'] as const).find(
      (t) => t !== type && rowEvidence(t, labels) >= S.otherEvidence && rowEvidence(type as keyof typeof ROWS, labels) === 0,
    );
    if (other && labels.length >= S.otherRows) return other;
    if (rowEvidence(type as keyof typeof ROWS, labels) >= (type === 'cash_flow' ? 1 : 2) || labels.length >= S.titledRows) return type;
  }
  // The caption was lost or is the company's name only: strong row evidence alone, in a table as long
  // as a statement (the MD&A's cash flow summaries have the same totals in a few rows).
  if (labels.length >= S.untitledRows) {
    if (rowEvidence('cash_flow', labels) === 3) return 'cash_flow';
    if (rowEvidence('balance', labels) >= 3) return 'balance';
    if (rowEvidence('income', labels) === 4) return 'income';
  }
  return null;
}
