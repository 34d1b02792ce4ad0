// "How many employees", "how many stores": a number a sentence of the company's evidence puts before
// the asked noun ("approximately 161,000 full-time equivalent employees"). Of several, the one dated
// in the asked year ("to 7,140 stores at August 26, 2023"), not one of a part of the company ("6,300
// stores in the U.S.") unless the question names that part, else the first.
import type { EvidenceChain, EvidenceEntry } from '../evidence/types.js';
import { stem } from '../text/words.js';
import { grouped } from './format.js';

const NUMBER_BEFORE = /\b(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s+(?:thousand|million|billion))?\s+((?:[a-z-]+\s+){0,4}?)([a-z-]+)/gi;

/** The count of `counted` (a noun) a sentence of `ticker`'s evidence states for `year`. `parts` are
 * the words that may narrow it to a part of the company. */
export function countStated(chains: EvidenceChain[], ticker: string, year: number, counted: string, parts: string[] = []): { count: string; noun: string; entry: EvidenceEntry; parts?: string[] } | undefined {
  const noun = stem(counted.toLowerCase());
  const partStems = new Set(parts.map((w) => stem(w.toLowerCase())));
  let best: { score: number; found: { count: string; noun: string; entry: EvidenceEntry }; placed: boolean } | undefined;
  for (const c of chains) {
    for (const e of c.entries) {
      const filing = e.sources[0]?.source.filing;
      if (e.row || filing?.sec_ticker !== ticker) continue;
      // A count of the year asked: stated in that year's report, or naming the year.
      if (Number(filing.sec_fiscal_year.slice(3)) !== year && !e.consensus.includes(String(year))) continue;
      // "127,393,378 shares and 128,892,540 shares as of September 30, 2022 and October 1, 2021,
      // respectively": the counts and the dates pair in order.
      if (/\brespectively\b/i.test(e.consensus)) {
        const all = [...e.consensus.matchAll(NUMBER_BEFORE)].filter((n) => stem(n[4]!.toLowerCase()) === noun && !/^(?:19|20)\d\d$/.test(n[1]!));
        const years = [...e.consensus.slice(all[all.length - 1]?.index ?? 0).matchAll(/\b((?:19|20)\d\d)\b/g)].map((m) => Number(m[1]));
        // The counts the years pair with are the last ones before them.
        const counts = all.slice(-years.length);
        const k = years.indexOf(year);
        if (counts.length > 1 && counts.length === years.length && k >= 0) {
          const n = counts[k]!;
          return { count: `${n[1]}${n[2] ?? ''}`, noun: `${n[3] ?? ''}${n[4]}`.trim(), entry: e };
        }
        if (counts.length > 1) continue;
      }
      for (const n of e.consensus.matchAll(NUMBER_BEFORE)) {
        if (stem(n[4]!.toLowerCase()) !== noun || /^(?:19|20)\d\d$/.test(n[1]!)) continue;
        const after = e.consensus.slice(n.index! + n[0].length, n.index! + n[0].length + 40);
        const dated = /^,?\s+(?:at|as of|on)\s+[A-Z][a-z]+\.?\s+\d{1,2},?\s+((?:19|20)\d\d)/.exec(after);
        const place = /^,?\s+in\s+(?:the\s+)?([A-Z][\w.]*)/.exec(after);
        let score = 0;
        if (dated) score += Number(dated[1]) === year ? 2 : -2;
        if (place) score += partStems.has(stem(place[1]!.toLowerCase().replace(/\./g, ''))) ? 2 : -1;
        if (!best || score > best.score) best = { score, placed: !!place, found: { count: `${n[1]}${n[2] ?? ''}`, noun: `${n[3] ?? ''}${n[4]}`.trim(), entry: e } };
      }
    }
  }
  // "6,300 stores in the U.S., 740 stores in Mexico and 100 stores in Brazil", no part asked: the whole
  // is their sum, said to be one.
  if (best?.placed && partStems.size === 0) {
    const each = [...best.found.entry.consensus.matchAll(/\b(\d{1,3}(?:,\d{3})+|\d+)\s+(?:[a-z-]+\s+){0,3}?([a-z-]+)\s+in\s+(the\s+)?([A-Z][\w.]*(?:\s[A-Z][\w.]*)*)/g)]
      .filter((p) => stem(p[2]!.toLowerCase()) === noun)
      .map((p) => ({ n: Number(p[1]!.replace(/,/g, '')), text: `${p[1]} in ${p[3] ?? ''}${p[4]!.replace(/(?<![A-Z])\.$/, '')}` }));
    if (each.length >= 2 && new Set(each.map((p) => p.text)).size === each.length) {
      return { ...best.found, count: grouped(each.reduce((t, p) => t + p.n, 0), 3), parts: each.map((p) => p.text) };
    }
  }
  return best?.found;
}
