// Financial synonyms: the words an analyst uses, and the words filings print. Each concept is matched
// in the question (any `ask` pattern) and searched as any of its `say` phrases.

export interface Concept {
  name: string;
  ask: RegExp;
  say: string[];
  /** Items where this concept is usually reported (a ranking boost, not a filter). */
  items?: string[];
  /** A line item: asking what it was asks for a figure. */
  figure?: boolean;
}

export const CONCEPTS: Concept[] = [
  { name: 'capital expenditure', figure: true, ask: /\b(?:capital expenditures?|capex|cap ex)\b/i, say: ['capital expenditures', 'purchases of property', 'additions to property', 'payments for property', 'acquisitions of property', 'capital spending', 'expenditures for property'], items: ['10K-Item-8', '10K-Item-7'] },
  { name: 'revenue', figure: true, ask: /\b(?:revenues?|top[- ]line|net sales|sales)\b/i, say: ['revenues', 'revenue', 'net sales', 'total net sales', 'net revenues', 'operating revenues'] },
  { name: 'cost of goods sold', figure: true, ask: /\b(?:cogs|cost of (?:goods sold|sales|revenues?|products sold))\b/i, say: ['cost of sales', 'cost of goods sold', 'cost of revenue', 'cost of revenues', 'cost of products sold'] },
  { name: 'net income', figure: true, ask: /\b(?:net (?:income|earnings|profit)|bottom[- ]line)\b/i, say: ['net income', 'net earnings', 'net income attributable'] },
  { name: 'operating income', figure: true, ask: /\b(?:operating (?:income|profit)|ebit|income from operations)\b/i, say: ['operating income', 'income from operations', 'operating profit'] },
  { name: 'ebitda', figure: true, ask: /\bebitda\b/i, say: ['operating income', 'depreciation and amortization', 'depreciation'] },
  { name: 'depreciation', figure: true, ask: /\b(?:depreciation|amortization|d&a)\b/i, say: ['depreciation and amortization', 'depreciation'] },
  { name: 'dividends', figure: true, ask: /\b(?:dividends?|payout)\b/i, say: ['dividends paid', 'cash dividends', 'dividends declared', 'dividends'] },
  { name: 'accounts receivable', figure: true, ask: /\b(?:accounts receivables?|receivables?|a\/r|net ar)\b/i, say: ['accounts receivable', 'trade receivables', 'receivables'] },
  { name: 'accounts payable', figure: true, ask: /\b(?:accounts payables?|payables?|a\/p|days payable)\b/i, say: ['accounts payable', 'trade payables'] },
  { name: 'inventory', figure: true, ask: /\binventor(?:y|ies)\b/i, say: ['inventories', 'inventory', 'merchandise inventories'] },
  { name: 'property, plant and equipment', figure: true, ask: /\b(?:pp&e|ppne|pp and e|ppe|fixed assets|property,? plant,? (?:and|&) equipment)\b/i, say: ['property, plant and equipment', 'property and equipment', 'property, plant, and equipment'] },
  { name: 'debt', figure: true, ask: /\b(?:debt|borrowings?|leverage)\b/i, say: ['long-term debt', 'total debt', 'short-term borrowings', 'notes payable', 'current portion of long-term debt', 'debt'] },
  { name: 'free cash flow', figure: true, ask: /\bfree cash ?flows?\b/i, say: ['free cash flow', 'net cash provided by operating activities', 'capital expenditures', 'purchases of property'] },
  { name: 'operating cash flow', figure: true, ask: /\b(?:operating cash ?flows?|cash (?:flows? )?from operations|operating activities)\b/i, say: ['net cash provided by operating activities', 'operating activities'] },
  { name: 'cash flow activities', ask: /\b(?:investing|financing) activities\b/i, say: ['operating activities', 'investing activities', 'financing activities'] },
  { name: 'working capital', figure: true, ask: /\bworking capital\b/i, say: ['total current assets', 'total current liabilities', 'working capital'] },
  { name: 'total assets', figure: true, ask: /\btotal assets\b/i, say: ['total assets'] },
  { name: 'liabilities', figure: true, ask: /\bliabilit(?:y|ies)\b/i, say: ['total liabilities', 'total current liabilities', 'liabilities'] },
  { name: 'equity', figure: true, ask: /\b(?:shareholders'?|stockholders'?) equity\b|\bbook value\b/i, say: ["shareholders' equity", "stockholders' equity", 'total equity'] },
  { name: 'effective tax rate', figure: true, ask: /\b(?:effective (?:income )?tax rate|tax rate)\b/i, say: ['effective tax rate', 'effective income tax rate', 'provision for income taxes'] },
  { name: 'restructuring', ask: /\brestructuring\b/i, say: ['restructuring', 'restructuring charges', 'impairment'] },
  { name: 'acquisitions', ask: /\b(?:acquisitions?|acquired|m&a|takeovers?|mergers?)\b/i, say: ['acquisition', 'acquired', 'acquisitions', 'business combination'] },
  { name: 'geography', ask: /\b(?:geograph(?:y|ies|ic)|regions?|countries|international)\b/i, say: ['geographic', 'region', 'segments', 'international', 'countries'] },
  { name: 'segments', ask: /\bsegments?\b/i, say: ['segment', 'segments', 'business segment'] },
  { name: 'share repurchases', figure: true, ask: /\b(?:buybacks?|share repurchases?|repurchases?|treasury stock)\b/i, say: ['repurchase', 'repurchases', 'treasury stock', 'share repurchase'] },
  { name: 'research and development', figure: true, ask: /\b(?:r&d|research and development)\b/i, say: ['research and development'] },
  { name: 'sg&a', figure: true, ask: /\b(?:sg&a|selling,? general)\b/i, say: ['selling, general and administrative'] },
  { name: 'gross margin', figure: true, ask: /\bgross (?:margin|profit)\b/i, say: ['gross margin', 'gross profit'] },
  { name: 'interest expense', figure: true, ask: /\binterest expense\b/i, say: ['interest expense'] },
  { name: 'earnings per share', figure: true, ask: /\b(?:eps|earnings per share)\b/i, say: ['earnings per share', 'per share', 'diluted'] },
  { name: 'litigation', ask: /\b(?:litigation|lawsuits?|legal (?:battles?|proceedings|matters|actions?)|sued)\b/i, say: ['litigation', 'legal proceedings', 'lawsuits', 'lawsuit', 'claims'], items: ['10K-Item-3', '10K-Item-8'] },
  { name: 'spin-off', ask: /\b(?:spin[- ]?offs?|spinning off|separation|divest\w*)\b/i, say: ['spin-off', 'spin off', 'separation', 'spinoff', 'divestiture'] },
  { name: 'cyclicality', ask: /\bcyclical(?:ity)?\b/i, say: ['cyclical', 'cyclicality', 'economic cycles'] },
  { name: 'customers', ask: /\bcustomers?\b/i, say: ['customers', 'customer'] },
  { name: 'products', ask: /\bproducts?(?: and services)?\b/i, say: ['products', 'services'] },
  { name: 'production rate', ask: /\bproduction rates?\b/i, say: ['production rate', 'production rates'] },
  { name: 'credit agreement', ask: /\b(?:revolving credit|credit (?:agreement|facility))\b/i, say: ['credit agreement', 'revolving credit', 'credit facility'] },
  { name: 'liquidity', ask: /\bliquidity\b/i, say: ['liquidity', 'capital resources'], items: ['10K-Item-7'] },
];

/** Named financial statements: a question naming one prefers rows of that statement. */
export interface StatementHint {
  name: string;
  ask: RegExp;
  /** Words of the table caption that identify it. */
  caption: RegExp;
}

export const STATEMENT_HINTS: StatementHint[] = [
  { name: 'cash flow statement', ask: /\bcash ?flows?(?: statements?)?\b|\bstatements? of cash ?flows?\b/i, caption: /cash flows?/i },
  { name: 'balance sheet', ask: /\bbalance sheets?\b|\b(?:statements? of )?financial position\b/i, caption: /balance sheets?|financial position|assets/i },
  { name: 'income statement', ask: /\bincome statements?\b|\bstatements? of (?:income|operations|earnings)\b|\bp&l\b|\bprofit and loss\b/i, caption: /statements? of (?:consolidated )?(?:income|operations|earnings)|income statements?|(?:consolidated )?(?:income|operations|earnings)/i },
];
