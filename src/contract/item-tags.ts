// Item tags: the values of `sec_item_tag`. The public deployment uses `10K-Item-1A`; we extend the
// same scheme to 10-Q parts (`10Q-Part1-Item-2`, `10Q-Part2-Item-1A`), 8-K items (`8K-Item-2.02`)
// and the cover page before the first item of any form (`10K-Cover`, `10Q-Cover`, `8K-Cover`).

export const TEN_K_ITEMS = [
  '1',
  '1A',
  '1B',
  '1C',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '7A',
  '8',
  '9',
  '9A',
  '9B',
  '9C',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
] as const;

export const TEN_K_ITEM_TITLES: Record<(typeof TEN_K_ITEMS)[number], string> = {
  '1': 'Business',
  '1A': 'Risk Factors',
  '1B': 'Unresolved Staff Comments',
  '1C': 'Cybersecurity',
  '2': 'Properties',
  '3': 'Legal Proceedings',
  '4': 'Mine Safety Disclosures',
  '5': "Market for Registrant's Common Equity, Related Stockholder Matters and Issuer Purchases of Equity Securities",
  '6': 'Reserved / Selected Financial Data',
  '7': "Management's Discussion and Analysis of Financial Condition and Results of Operations",
  '7A': 'Quantitative and Qualitative Disclosures About Market Risk',
  '8': 'Financial Statements and Supplementary Data',
  '9': 'Changes in and Disagreements with Accountants on Accounting and Financial Disclosure',
  '9A': 'Controls and Procedures',
  '9B': 'Other Information',
  '9C': 'Disclosure Regarding Foreign Jurisdictions that Prevent Inspections',
  '10': 'Directors, Executive Officers and Corporate Governance',
  '11': 'Executive Compensation',
  '12': 'Security Ownership of Certain Beneficial Owners and Management and Related Stockholder Matters',
  '13': 'Certain Relationships and Related Transactions, and Director Independence',
  '14': 'Principal Accountant Fees and Services',
  '15': 'Exhibits and Financial Statement Schedules',
  '16': 'Form 10-K Summary',
};

export const TEN_Q_ITEMS = {
  1: ['1', '2', '3', '4'],
  2: ['1', '1A', '2', '3', '4', '5', '6'],
} as const;

export const TEN_Q_ITEM_TITLES: Record<string, string> = {
  'Part1-1': 'Financial Statements',
  'Part1-2': "Management's Discussion and Analysis of Financial Condition and Results of Operations",
  'Part1-3': 'Quantitative and Qualitative Disclosures About Market Risk',
  'Part1-4': 'Controls and Procedures',
  'Part2-1': 'Legal Proceedings',
  'Part2-1A': 'Risk Factors',
  'Part2-2': 'Unregistered Sales of Equity Securities and Use of Proceeds',
  'Part2-3': 'Defaults Upon Senior Securities',
  'Part2-4': 'Mine Safety Disclosures',
  'Part2-5': 'Other Information',
  'Part2-6': 'Exhibits',
};

export const EIGHT_K_ITEM_TITLES: Record<string, string> = {
  '1.01': 'Entry into a Material Definitive Agreement',
  '1.02': 'Termination of a Material Definitive Agreement',
  '1.03': 'Bankruptcy or Receivership',
  '1.04': 'Mine Safety - Reporting of Shutdowns and Patterns of Violations',
  '1.05': 'Material Cybersecurity Incidents',
  '2.01': 'Completion of Acquisition or Disposition of Assets',
  '2.02': 'Results of Operations and Financial Condition',
  '2.03': 'Creation of a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement',
  '2.04': 'Triggering Events That Accelerate or Increase a Direct Financial Obligation',
  '2.05': 'Costs Associated with Exit or Disposal Activities',
  '2.06': 'Material Impairments',
  '3.01': 'Notice of Delisting or Failure to Satisfy a Continued Listing Rule or Standard',
  '3.02': 'Unregistered Sales of Equity Securities',
  '3.03': 'Material Modification to Rights of Security Holders',
  '4.01': "Changes in Registrant's Certifying Accountant",
  '4.02': 'Non-Reliance on Previously Issued Financial Statements',
  '5.01': 'Changes in Control of Registrant',
  '5.02': 'Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers',
  '5.03': 'Amendments to Articles of Incorporation or Bylaws; Change in Fiscal Year',
  '5.04': "Temporary Suspension of Trading Under Registrant's Employee Benefit Plans",
  '5.05': 'Amendment to Code of Ethics, or Waiver of a Provision of the Code of Ethics',
  '5.06': 'Change in Shell Company Status',
  '5.07': 'Submission of Matters to a Vote of Security Holders',
  '5.08': 'Shareholder Director Nominations',
  '7.01': 'Regulation FD Disclosure',
  '8.01': 'Other Events',
  '9.01': 'Financial Statements and Exhibits',
};

export const COVER_TAGS = ['10K-Cover', '10Q-Cover', '8K-Cover'] as const;

export function tenKTag(item: string): string {
  return `10K-Item-${item}`;
}
export function tenQTag(part: 1 | 2, item: string): string {
  return `10Q-Part${part}-Item-${item}`;
}
export function eightKTag(item: string): string {
  return `8K-Item-${item}`;
}

/** Every tag a filter may name, in document order per form. */
export const ALL_ITEM_TAGS: readonly string[] = [
  '10K-Cover',
  ...TEN_K_ITEMS.map(tenKTag),
  '10Q-Cover',
  ...TEN_Q_ITEMS[1].map((i) => tenQTag(1, i)),
  ...TEN_Q_ITEMS[2].map((i) => tenQTag(2, i)),
  '8K-Cover',
  ...Object.keys(EIGHT_K_ITEM_TITLES).map(eightKTag),
];

const TAG_SET = new Map(ALL_ITEM_TAGS.map((t) => [t.toUpperCase(), t]));

/** The standard title of an item tag, or undefined for a tag we do not know. */
export function itemTitle(tag: string): string | undefined {
  let m = /^10K-Item-(\w+)$/.exec(tag);
  if (m) return TEN_K_ITEM_TITLES[m[1] as (typeof TEN_K_ITEMS)[number]];
  m = /^10Q-Part([12])-Item-(\w+)$/.exec(tag);
  if (m) return TEN_Q_ITEM_TITLES[`Part${m[1]}-${m[2]}`];
  m = /^8K-Item-([\d.]+)$/.exec(tag);
  if (m) return EIGHT_K_ITEM_TITLES[m[1]!];
  if (tag.endsWith('-Cover')) return 'Cover page';
  return undefined;
}

const ROMAN: Record<string, string> = { I: '1', II: '2', '1': '1', '2': '2' };

/**
 * Canonical item tag from what a person types: `1A`, `Item 1A`, `item-1a`, `10-K Item 7`,
 * `10K-Item-1A`, `Part II Item 1A` (10-Q), `10-Q Part 1 Item 2`, `Item 2.02` / `2.02` (8-K).
 * A bare item number means a 10-K item. Returns undefined when it names no real item.
 */
export function canonicalItemTag(input: string): string | undefined {
  const raw = input.trim();
  const exact = TAG_SET.get(raw.toUpperCase());
  if (exact) return exact;
  const s = raw
    .toUpperCase()
    .replace(/[\s_]+/g, ' ')
    .replace(/\s*-\s*/g, '-');
  // 10-Q: "PART II ITEM 1A", "10Q PART 1 ITEM 2", "10-Q-PART2-ITEM-2"
  let m = /^(?:10-?Q[ -]?)?PART[ -]?(II|I|1|2)[ ,.-]*ITEM[ -]?(\d{1,2}[A-C]?)\.?$/.exec(s);
  if (m) {
    const part = Number(ROMAN[m[1]!]) as 1 | 2;
    const item = m[2]!.replace(/^0+(?=\d)/, '');
    const tag = tenQTag(part, item);
    return TAG_SET.has(tag.toUpperCase()) ? tag : undefined;
  }
  // 8-K: "ITEM 2.02", "8-K ITEM 2.02", "2.02"
  m = /^(?:8-?K[ -]?)?(?:ITEM[ -]?)?(\d)\.(\d{2})$/.exec(s);
  if (m) {
    const tag = eightKTag(`${m[1]}.${m[2]}`);
    return TAG_SET.has(tag.toUpperCase()) ? tag : undefined;
  }
  // 10-K: "1A", "ITEM 1A", "ITEM-1A", "10-K ITEM 7", "ITEM 7."
  m = /^(?:10-?K[ -]?)?(?:ITEM[ -]?)?(\d{1,2}[A-C]?)\.?$/.exec(s);
  if (m) {
    const item = m[1]!.replace(/^0+(?=\d)/, '');
    const tag = tenKTag(item);
    return TAG_SET.has(tag.toUpperCase()) ? tag : undefined;
  }
  m = /^(10-?K|10-?Q|8-?K)[ -]?COVER$/.exec(s);
  if (m) return `${m[1]!.replace('-', '')}-Cover`;
  return undefined;
}
