// Financial statement line items: how a row label names them, and what to search for to find them.
export interface Line {
  label: RegExp;
  search: string[];
}

export const LINES = {
  revenue: { label: /^(?:total )?(?:net )?(?:operating )?(?:revenues?|sales)(?:, net)?$|^total net (?:sales|revenues?)$|^net revenues?$|^total revenues? and other income$/i, search: ['total revenues', 'net sales', 'total net sales', 'net revenues', 'net operating revenues', 'revenues'] },
  cogs: { label: /^(?:total )?cost of (?:goods sold|sales|revenues?|products sold)\b(?!.*contracts)/i, search: ['cost of sales', 'cost of goods sold', 'cost of revenue', 'cost of products sold'] },
  currentAssets: { label: /^total current assets$/i, search: ['total current assets'] },
  currentLiabilities: { label: /^total current liabilities$/i, search: ['total current liabilities'] },
  totalAssets: { label: /^total assets$/i, search: ['total assets'] },
  netIncome: { label: /^net (?:income|earnings)(?: attributable to (?!noncontrolling)[\w.,&' ]+)?$/i, search: ['net income', 'net earnings'] },
  dividends: { label: /^(?:cash )?dividends(?: paid)?(?: to (?:common )?(?:shareholders|shareowners|stockholders))?$|^dividends paid\b(?!.*noncontrolling)/i, search: ['dividends paid', 'cash dividends paid', 'dividends'] },
  operatingIncome: { label: /^(?:total )?operating (?:income|profit)$|^income from operations$/i, search: ['operating income', 'operating profit', 'income from operations'] },
  depreciation: { label: /^depreciation(?:,| and) amortization/i, search: ['depreciation and amortization'] },
  inventory: { label: /^(?:total )?(?:merchandise )?inventor(?:y|ies)(?:, net)?$/i, search: ['inventories', 'merchandise inventories'] },
  payables: { label: /^accounts payable(?:, trade)?$/i, search: ['accounts payable'] },
  debt: { label: /^(?:total )?(?:long-term debt|short-term (?:debt|borrowings)|current portion of long-term debt|notes payable|commercial paper)(?:, net)?(?: \(.*\))?$/i, search: ['long-term debt', 'current portion of long-term debt', 'short-term borrowings'] },
  operatingCashFlow: { label: /^net cash (?:provided by|from) operating activities$|^cash provided by operations$/i, search: ['net cash provided by operating activities'] },
  capex: { label: /^(?:purchases of property|capital (?:expenditures|spending)|additions to property|payments for property)/i, search: ['purchases of property', 'capital expenditures', 'capital spending'] },
} satisfies Record<string, Line>;

export type LineKey = keyof typeof LINES;
