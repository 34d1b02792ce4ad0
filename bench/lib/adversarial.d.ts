// Types of bench/lib/adversarial.js (shared by test/robustness/adversarial.test.ts and
// bench/adversarial-questions.js).
export interface AdversarialQuestion {
  name: string;
  question: string;
  /** Named by issue 44.1. */
  issue?: boolean;
}
export const ADVERSARIAL: AdversarialQuestion[];
