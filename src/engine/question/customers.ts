// A company named as another's customer or source of revenue ("How much revenue did Ciena get from
// Verizon", "Procter & Gamble's sales to Walmart") narrows the measure: it is not a second company
// asked about.
import type { CompanyLink } from '../companies/link.js';

// Before the customer's name: what the first company sold to it, or received from it.
const CUSTOMER_BEFORE = new RegExp(
  [
    String.raw`\b(?:sales|sold|shipments|shipped|revenues?)\s+to\s+(?:the\s+)?$`,
    String.raw`\b(?:revenues?|sales|income|business|orders)\s+(?:[\w'’&.-]+\s+){0,5}?from\s+(?:the\s+)?$`,
    String.raw`\b(?:get|gets|got|earn|earns|earned|generate|generates|generated|derive|derives|derived|receive|receives|received|came|come|comes)` +
      String.raw`\s+(?:[\w'’&.-]+\s+){0,3}?from\s+(?:the\s+)?$`,
  ].join('|'),
  'i',
);

/** The links after the first that name a customer of the first company. */
export function customerLinks(question: string, links: CompanyLink[]): CompanyLink[] {
  if (links.length < 2) return [];
  const first = question.indexOf(links[0]!.text);
  return links.slice(1).filter((l) => {
    const at = question.indexOf(l.text, first + links[0]!.text.length);
    return at > first && CUSTOMER_BEFORE.test(question.slice(first + links[0]!.text.length, at));
  });
}
