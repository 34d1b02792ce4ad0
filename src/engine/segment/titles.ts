// Expected item titles per form, as normalized prefixes (lower case, letters and digits only), so that
// "Management's Discussion", "Managements Discussion" and "MANAGEMENT’S DISCUSSION" all match one key.
import { EIGHT_K_ITEM_TITLES } from '../../contract/item-tags.js';

export type FormKind = '10-K' | '10-Q' | '8-K';

export interface ItemDef {
  /** The item tag, e.g. `10K-Item-7`, `10Q-Part2-Item-1A`, `8K-Item-2.02`. */
  tag: string;
  /** Item number as printed in a heading: `7`, `1A`, `2.02`. */
  number: string;
  /** Position in the form's document order; a document's items must appear in increasing order. */
  order: number;
  /** Normalized title prefixes; a heading whose following text starts with one of them is an item heading. */
  titles: string[];
}

export function normTitle(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

const TEN_K: [string, string[]][] = [
  ['1', ['business', 'descriptionofbusiness']],
  ['1A', ['riskfactors']],
  ['1B', ['unresolvedstaff']],
  ['1C', ['cybersecurity']],
  ['2', ['properties', 'descriptionofpropert']],
  ['3', ['legalproceedings']],
  ['4', ['minesafety', 'removedandreserved', 'reserved', 'submissionofmatters']],
  ['4A', ['executiveofficers', 'informationaboutour', 'informationaboutexecutive', 'ourexecutive']],
  ['5', ['marketfor', 'marketof']],
  ['6', ['selected', 'reserved', 'removedandreserved']],
  ['7', ['managementsdiscussion', 'managementdiscussion', 'discussionandanalysis']],
  ['7A', ['quantitativeandqualitative', 'quantitativequalitative', 'qualitativeandquantitative']],
  ['8', ['financialstatements', 'consolidatedfinancialstatements']],
  ['9', ['changesin', 'changeinand', 'disagreements']],
  ['9A', ['controlsandprocedures', 'controlandprocedures']],
  ['9B', ['otherinformation']],
  ['9C', ['disclosureregardingforeign']],
  ['10', ['directors']],
  ['11', ['executivecompensation']],
  ['12', ['securityownership']],
  ['13', ['certainrelationships']],
  ['14', ['principalaccount']],
  ['15', ['exhibit']],
  ['16', ['form10ksummary', '10ksummary', 'summary']],
];

const TEN_Q: [1 | 2, string, string[]][] = [
  [
    1,
    '1',
    [
      'financialstatements',
      'condensedconsolidated',
      'consolidatedfinancial',
      'financialinformation',
      'interimfinancial',
      'unauditedfinancial',
    ],
  ],
  [1, '2', ['managementsdiscussion', 'managementdiscussion', 'discussionandanalysis']],
  [1, '3', ['quantitativeandqualitative', 'quantitativequalitative']],
  [1, '4', ['controlsandprocedures', 'controlandprocedures']],
  [2, '1', ['legalproceedings']],
  [2, '1A', ['riskfactors']],
  [2, '2', ['unregisteredsales', 'issuerpurchases', 'changesinsecurities', 'purchasesofequity']],
  [2, '3', ['defaultsupon']],
  [2, '4', ['minesafety', 'removedandreserved', 'reserved', 'submissionofmatters']],
  [2, '5', ['otherinformation']],
  [2, '6', ['exhibits']],
];

/** 10-K item 4A ("Executive Officers") is recognised as a heading but merged into item 4: no tag exists. */
export const MERGED_INTO_PREVIOUS = new Set(['10K-Item-4A']);

const tenK: ItemDef[] = TEN_K.map(([number, titles], order) => ({ tag: `10K-Item-${number}`, number, order, titles }));
const tenQ: ItemDef[] = TEN_Q.map(([part, number, titles], order) => ({
  tag: `10Q-Part${part}-Item-${number}`,
  number,
  order,
  titles,
}));
const eightK: ItemDef[] = Object.entries(EIGHT_K_ITEM_TITLES)
  .sort(([a], [b]) => Number(a) - Number(b))
  .map(([number, title], order) => {
    const words = normTitle(title.split(/\s+/).slice(0, 3).join(' '));
    return { tag: `8K-Item-${number}`, number, order, titles: [words] };
  });

export function itemDefs(form: FormKind): ItemDef[] {
  return form === '10-K' ? tenK : form === '10-Q' ? tenQ : eightK;
}

/** Definitions for a printed item number (a 10-Q number maps to up to two parts). */
export function defsByNumber(form: FormKind): Map<string, ItemDef[]> {
  const map = new Map<string, ItemDef[]>();
  for (const d of itemDefs(form)) {
    const list = map.get(d.number) ?? [];
    list.push(d);
    map.set(d.number, list);
  }
  return map;
}

export function coverTag(form: FormKind): string {
  return form === '10-K' ? '10K-Cover' : form === '10-Q' ? '10Q-Cover' : '8K-Cover';
}
