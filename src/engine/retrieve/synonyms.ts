// Topics an analyst asks about in prose, with the words filings use for them. (Figures and ratios are
// the line-item lexicon's: lexicon/line-items.json, lexicon/metrics.ts.) A topic is matched in the
// question by any `ask` pattern and searched as any of its `say` phrases; `items` are where filings
// usually discuss it (a ranking preference, and a filter only when the question names the section).

export interface Topic {
  name: string;
  ask: RegExp;
  say: string[];
  items?: string[];
}

export const TOPICS: Topic[] = [
  { name: 'restructuring', ask: /\brestructur\w*\b/i, say: ['restructuring', 'restructuring charges', 'restructuring actions'] },
  {
    name: 'impairment',
    ask: /\bimpair\w*\b|\bwrite[- ]?downs?\b|\bwrite[- ]?offs?\b/i,
    say: ['impairment', 'impairments', 'write-down', 'write-off'],
  },
  {
    name: 'acquisitions',
    ask: /\b(?:acquisitions?|acquired|acquire|m&a|takeovers?|mergers?|bought|buy)\b(?![- ]?backs?)/i,
    say: ['acquisition', 'acquired', 'acquisitions', 'business combination', 'merger'],
  },
  {
    name: 'divestitures',
    ask: /\b(?:spin[- ]?offs?|spinning off|spun off|separation|divest\w*|disposals?|sold (?:its|the) \w+ business)\b/i,
    say: ['spin-off', 'spin off', 'separation', 'spinoff', 'divestiture', 'divested', 'disposition'],
  },
  {
    name: 'geography',
    ask: /\b(?:geograph(?:y|ies|ic|ical)|regions?|regional|countries|international|foreign|overseas|by country)\b/i,
    say: ['geographic', 'region', 'international', 'countries', 'united states', 'foreign'],
  },
  {
    name: 'segments',
    ask: /\b(?:segments?|business units?|divisions?|lines? of business|reportable)\b/i,
    say: ['segment', 'segments', 'reportable segment', 'business segment'],
  },
  {
    name: 'litigation',
    ask: /\b(?:litigation|lawsuits?|legal (?:battles?|proceedings|matters|actions?|risks?|exposure)|sued|suits?|class actions?|settlements?)\b/i,
    say: ['litigation', 'legal proceedings', 'lawsuits', 'lawsuit', 'claims', 'settlement'],
    items: ['10K-Item-3', '10K-Item-8'],
  },
  {
    name: 'cyclicality',
    ask: /\bcyclical(?:ity)?\b|\bseasonal(?:ity)?\b|\beconomic cycles?\b/i,
    say: ['cyclical', 'cyclicality', 'economic cycles', 'seasonal', 'seasonality'],
  },
  { name: 'customers', ask: /\bcustomers?\b|\bclients?\b|\bcustomer concentration\b/i, say: ['customers', 'customer', 'clients'] },
  { name: 'products', ask: /\bproducts?(?: and services)?\b|\bofferings?\b|\bportfolio\b/i, say: ['products', 'services', 'offerings'] },
  {
    name: 'competition',
    ask: /\bcompet\w*\b|\brivals?\b|\bmarket share\b/i,
    say: ['competition', 'competitive', 'competitors', 'compete'],
    items: ['10K-Item-1', '10K-Item-1A'],
  },
  {
    name: 'employees',
    // "how many people does Nike employ", "people who work for": its employees.
    ask: /\b(?:employees?|headcount|workforce|human capital|staff)\b|\b(?:people|persons|workers)\b.*\b(?:work(?:s|ed)?\s+(?:for|at)|employ(?:s|ed)?)\b/i,
    say: ['employees', 'workforce', 'human capital', 'headcount'],
    items: ['10K-Item-1'],
  },
  {
    name: 'supply chain',
    ask: /\bsupply chains?\b|\bsuppliers?\b|\bsourcing\b|\braw materials?\b/i,
    say: ['supply chain', 'suppliers', 'raw materials', 'sourcing'],
  },
  {
    name: 'production rate',
    ask: /\bproduction rates?\b|\bdeliveries\b|\bbacklog\b/i,
    say: ['production rate', 'production rates', 'deliveries', 'backlog'],
  },
  {
    name: 'credit facility',
    ask: /\b(?:revolving credit|credit (?:agreements?|facilit(?:y|ies)|lines?)|revolver)\b/i,
    say: ['credit agreement', 'revolving credit', 'credit facility', 'credit facilities'],
  },
  {
    name: 'liquidity',
    ask: /\bliquidity\b|\bcapital resources\b|\bfunding\b/i,
    say: ['liquidity', 'capital resources'],
    items: ['10K-Item-7', '10Q-Part1-Item-2'],
  },
  {
    name: 'cybersecurity',
    ask: /\bcyber\s?security\b|\bcyber[- ]?attacks?\b|\bdata breach\w*\b|\bransomware\b|\binformation security\b/i,
    say: ['cybersecurity', 'cyber', 'security breaches', 'information security', 'cyber-attacks'],
    items: ['10K-Item-1C', '10K-Item-1A'],
  },
  {
    name: 'climate',
    ask: /\bclimate\b|\bemissions?\b|\bgreenhouse\b|\bsustainab\w*\b|\besg\b/i,
    say: ['climate', 'emissions', 'greenhouse gas', 'sustainability'],
  },
  {
    name: 'regulation',
    ask: /\bregulat\w*\b|\bcompliance\b|\bgovernment(?:al)? (?:rules|approval)\b/i,
    say: ['regulation', 'regulatory', 'regulations', 'compliance'],
  },
  { name: 'pricing', ask: /\bpric(?:e|es|ing)\b(?! ratio)|\binflation\w*\b/i, say: ['pricing', 'prices', 'inflation', 'price increases'] },
  {
    name: 'guidance',
    ask: /\bguidance\b|\boutlook\b|\bforecasts?\b|\bexpect\w*\b|\bfuture plans?\b/i,
    say: ['outlook', 'expect', 'guidance', 'anticipate'],
    items: ['10K-Item-7', '10Q-Part1-Item-2'],
  },
  {
    name: 'dividend policy',
    ask: /\bdividend polic(?:y|ies)\b|\bcapital (?:return|allocation)\b/i,
    say: ['dividends', 'capital allocation', 'return capital', 'share repurchases'],
  },
  {
    name: 'debt structure',
    ask: /\bdebt (?:maturit(?:y|ies)|securities|structure|profile)\b|\bsenior notes\b|\bbonds?\b/i,
    say: ['notes due', 'senior notes', 'debt maturities', 'maturities'],
  },
  { name: 'pensions', ask: /\bpensions?\b|\bpostretirement\b|\bdefined benefit\b/i, say: ['pension', 'postretirement', 'defined benefit'] },
  { name: 'leases', ask: /\bleases?\b|\bleasing\b/i, say: ['lease', 'leases', 'operating lease', 'finance lease'] },
  { name: 'taxes', ask: /\btax(?:es|ation)?\b(?! rate)/i, say: ['income taxes', 'tax', 'taxes'] },
  { name: 'goodwill', ask: /\bgoodwill\b|\bintangibles?\b/i, say: ['goodwill', 'intangible assets'] },
  {
    name: 'currency',
    ask: /\bforeign (?:currency|exchange)\b|\bfx\b|\bexchange rates?\b|\bcurrency\b/i,
    say: ['foreign currency', 'exchange rates', 'foreign exchange'],
  },
  {
    name: 'auditor',
    ask: new RegExp(
      [
        String.raw`\bwho audits\b|\baudited by\b`,
        String.raw`\b(?:independent |external )?auditors?\b(?![- ](?:committee|'s report on internal))`,
        String.raw`\baudit(?:ing)? firm\b|\bregistered public accounting firm\b`,
      ].join('|'),
      'i',
    ),
    say: ['independent registered public accounting firm', 'auditor since', 'LLP'],
    items: ['10K-Item-8', '10K-Item-9A', '10K-Item-14'],
  },
  { name: 'interest rates', ask: /\binterest rates?\b|\brate (?:hikes?|increases?)\b/i, say: ['interest rates', 'interest rate'] },
];

/** Named financial statements: a question naming one prefers rows of that statement. */
export interface StatementHint {
  name: string;
  ask: RegExp;
  /** The table model's statement type it names. */
  type: 'income' | 'balance' | 'cash_flow' | 'equity' | 'comprehensive_income';
}

export const STATEMENT_HINTS: StatementHint[] = [
  { name: 'cash flow statement', ask: /\bcash ?flow statements?\b|\bstatements? of cash ?flows?\b/i, type: 'cash_flow' },
  { name: 'balance sheet', ask: /\bbalance sheets?\b|\bstatements? of financial position\b/i, type: 'balance' },
  {
    name: 'income statement',
    ask: /\bincome statements?\b|\bstatements? of (?:income|operations|earnings)\b|\bp&l\b|\bprofit and loss\b/i,
    type: 'income',
  },
];
