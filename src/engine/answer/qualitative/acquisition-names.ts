// The companies a sentence says were acquired, by name, and where each is named: "completed the
// acquisition of Parata Systems (Parata)", "we acquired 100% of CyberOptics Corporation", "the
// acquisitions of Charles Stanley Group PLC (Charles Stanley), TriState Capital, and SumRidge Partners",
// "Calspan, which was acquired in the third quarter of fiscal 2023", "We acquired the ServiceMax®
// cloud-native field service management business". A name is a run of capitalized words; what the
// filing calls it in parentheses is the same company ("NTT Security AppSec Solutions Inc. (which has
// operated under the name WhiteHat Security, or WhiteHat)").

export interface NamedAcquisition {
  /** The name as the sentence prints it. */
  name: string;
  /** Lower-case first words of the name and of what the filing calls it: one company, however named. */
  keys: string[];
  at: number;
  end: number;
}

// A word of a name: capitalized or a number ("3D Systems"), with the marks and punctuation names carry.
const NAME_WORD = String.raw`(?:[A-Z0-9][\w.&'’®™+/-]*|&)`;
const LEGAL = String.raw`(?:,?\s+(?:Inc|Corp|Co|Ltd|LLC|L\.P|LP|PLC|plc|S\.A|AG|GmbH|N\.V|B\.V|S\.p\.A)\.?)`;
const NAME = String.raw`${NAME_WORD}(?:\s+(?:of\s+|de\s+|and\s+(?=[A-Z][\w-]*\s+(?:Inc|Corp|Company|Partners|Group|Holdings)\b))?${NAME_WORD}){0,6}${LEGAL}?`;
// What stands between the verb and the name: "100% of", "all the outstanding stock of", "a 75% equity
// interest in", "substantially all of the assets of", "the".
const HOLDING = String.raw`(?:of\s+(?:the\s+)?(?:outstanding\s+)?(?:equity|shares|stock|interests?)\s+(?:of|in)\s+|(?:equity\s+)?interests?\s+in\s+|of\s+)`;
const SHARE = String.raw`(?:(?:approximately\s+)?\d+(?:\.\d+)?\s?(?:%|percent)\s+${HOLDING}?)`;
// "all of the issued and outstanding common stock not already owned by Pfizer of Trillium".
const NOT_OWNED = String.raw`(?:not\s+already\s+owned\s+by\s+\w+\s+)?`;
const OUTSTANDING = String.raw`(?:issued\s+and\s+)?outstanding\s+(?:\w+\s+){0,3}?(?:stock|shares|equity|interests?)`;
const ALL_OF = String.raw`(?:all\s+(?:of\s+)?(?:the\s+)?${OUTSTANDING}\s+${NOT_OWNED}of\s+)`;
const ASSETS = String.raw`(?:(?:substantially\s+)?all\s+(?:of\s+)?the\s+(?:\w+\s+){0,2}?assets\s+of\s+|the\s+(?:operations|business)\s+of\s+)`;
// "U.K.-based Charles Stanley Group PLC": where it is based is no part of its name.
const BEFORE = String.raw`(?:the\s+)?(?:${SHARE}|${ALL_OF}|${ASSETS})?(?:the\s+)?(?:[\w.]+-based\s+)?`;
const VERB = String.raw`\b(?:acquisitions?\s+of|acquired|acquire|acquiring|purchased|purchase\s+of|merger\s+with|business\s+combination\s+with)\s+`;
const AFTER_VERB = new RegExp(`${VERB}${BEFORE}(${NAME})`, 'g');
// "Calspan, which was acquired", "ServiceMax, acquired early in Q2'23".
const BEFORE_VERB = new RegExp(
  String.raw`(${NAME}),?\s+(?:\([^)]{0,60}\)\s*,?\s*)?(?:which\s+(?:was|we)\s+|that\s+(?:was|we)\s+)?acquired\s+(?:in|on|early|late|during|at)\b`,
  'g',
);
const DESCRIBED = new RegExp(
  String.raw`\bcompleted\s+(?:the|its|our)\s+acquisitions?\s+of\s+${BEFORE}((?:a|an)\s+[\w-]+(?:\s+(?!that\b|which\b|for\b)[\w-]+){1,7})`,
  'g',
);
// "the Nuance and Xandr acquisitions", "our Calspan acquisition".
const NOUN_BEFORE = new RegExp(String.raw`\b(?:the|our|its)\s+(${NAME})(?:\s+and\s+(${NAME}))?\s+acquisitions?\b`, 'g');
// More names of one list: ", TriState Capital, and SumRidge Partners".
const MORE = new RegExp(String.raw`^(?:\s*\([^)]{0,120}\))?(?:,\s*(?:and\s+)?|\s+and\s+)(${NAME})`);
const ACQUIRING_WORDS = ['acqui', 'purchase', 'merger', 'business'];
const ALIAS = /^\s*\(([^)]{1,160})\)/;
// The name right before "acquired" is its buyer ("VICI acquired MGP"); "we", "the Company" are ours.
const BUYER = /\b([A-Z][\w.&-]*)\s+$/;
const OURS = /^(?:We|Company|Corporation|Inc\.?|Registrant|It)$/;
const SHARES = /\b(?:Class\s+[A-Z]\b|ordinary\s+shares|common\s+(?:stock|shares)|preferred\s+(?:stock|shares)|treasury\s+(?:stock|shares))/;

// Capitalized words that begin no acquired company's name.
const NOT_A_NAME = new Set(
  (
    'the a an our its their this that these those such each any all certain other company companys corporation group business ' +
    'businesses acquisition acquisitions agreement sale purchase merger stock shares class series note notes item part fiscal ' +
    'january february march april may june july august september october november december q1 q2 q3 q4 us u.s u.s. u.k we it ' +
    'during in on as for with and or of to by from total net cash goodwill intangible assets ipr&d in-process'
  ).split(' '),
);

const keyOf = (name: string) =>
  name
    .replace(/[®™"“”]/g, '')
    .trim()
    .replace(/^The\s+(?=[A-Z])/, '')
    .split(/\s+/)[0]!
    .toLowerCase()
    .replace(/[’']s$/, '')
    .replace(/[,.]$/, '');

function accept(name: string): boolean {
  const first = keyOf(name);
  return first.length > 1 && !NOT_A_NAME.has(first) && !/^\d+$/.test(first) && /[a-z]/i.test(first);
}

/** Names inside a parenthesis after a name: "(“ARAG Group” or “ARAG”)", "(Charles Stanley)". */
function aliases(inner: string): string[] {
  const quoted = [...inner.matchAll(/["“]([^"”]{2,60})["”]/g)].map((m) => m[1]!);
  const plain = [...inner.matchAll(new RegExp(NAME, 'g'))].map((m) => m[0]);
  return [...quoted, ...plain].filter(accept);
}

/** The acquired companies `text` names after an acquisition verb, or before "which was acquired".
 * `ours` tells the company's own names ("Visa", "Jacobs"): "VICI acquired MGP" in MGM's report is
 * another buyer's acquisition. */
export function acquisitionNames(text: string, ours?: (word: string) => boolean): NamedAcquisition[] {
  const out: NamedAcquisition[] = [];
  // Every pattern holds one of these words (a report's sections have thousands of sentences, few of them).
  if (!ACQUIRING_WORDS.some((w) => text.includes(w))) return out;
  const push = (name: string, at: number) => {
    const clean = name.replace(/[,.]$/, '').trim();
    const after = text.slice(at + name.length);
    // "we acquired Accenture plc Class A ordinary shares": a company's own shares, bought back.
    if (!accept(clean) || out.some((o) => o.at === at) || SHARES.test(`${clean} ${after}`)) return;
    const alias = ALIAS.exec(after);
    const keys = [keyOf(clean), ...(alias ? aliases(alias[1]!).map(keyOf) : [])];
    out.push({ name: clean, keys: [...new Set(keys)], at, end: at + name.length });
  };
  for (const m of text.matchAll(AFTER_VERB)) {
    // "acquired by SAP": the company was the one acquired, not the buyer; "the acquired Bemis
    // operations": what was acquired once, no acquisition of the sentence's.
    const adjective =
      /^acquired\b/i.test(m[0]) &&
      /\b(?:the|its|our|their|these|recently|newly|previously)\s+$/i.test(text.slice(Math.max(0, m.index! - 12), m.index!));
    const buyer = /^acquired\b/i.test(m[0]) ? BUYER.exec(text.slice(Math.max(0, m.index! - 40), m.index!))?.[1] : undefined;
    const other = !!buyer && !!ours && !OURS.test(buyer) && !ours(buyer);
    if (/\bacquired\s+by\b/i.test(m[0]) || adjective || other) continue;
    let at = m.index! + m[0].length - m[1]!.length;
    let name = m[1]!;
    push(name, at);
    // The rest of a list of names.
    for (let k = 0; k < 8; k++) {
      const rest = text.slice(at + name.length);
      const more = MORE.exec(rest);
      if (!more) break;
      at = at + name.length + more.index + more[0].length - more[1]!.length;
      name = more[1]!;
      push(name, at);
    }
  }
  // The patterns that open with a name try one at every capital: only where their verb or noun is.
  if (text.includes('acquired')) for (const m of text.matchAll(BEFORE_VERB)) push(m[1]!, m.index!);
  // "completed the acquisition of 100% equity interest in a Czech Republic company that operates ...":
  // a company the filing describes and does not name, known by its description.
  if (out.length === 0 && text.includes('completed'))
    for (const m of text.matchAll(DESCRIBED)) {
      const at = m.index! + m[0].length - m[1]!.length;
      out.push({ name: m[1]!, keys: [`a ${m[1]!.toLowerCase().split(/\s+/).slice(0, 4).join(' ')}`], at, end: at + m[1]!.length });
    }
  if (text.includes('acquisition'))
    for (const m of text.matchAll(NOUN_BEFORE)) {
      const first = m.index! + m[0].indexOf(m[1]!, m[0].search(/\s/));
      push(m[1]!, first);
      if (m[2]) push(m[2], m.index! + m[0].lastIndexOf(m[2]));
    }
  return out.sort((a, b) => a.at - b.at);
}
