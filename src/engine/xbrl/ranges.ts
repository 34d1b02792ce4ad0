// The values a company fact may have, by its unit: finite, and within a range no real figure comes
// near. Each bound is the largest magnitude found in the recorded company facts of Apple, Alphabet and
// NVIDIA (../shared/edgar/companyfacts, 71,806 facts) with a margin of two to four orders of magnitude,
// so that a company's real extremes pass and a value no filing could mean (1e308, 1.2e29, 5e-324) does
// not. A file holding one is refused whole (company-facts.ts); a fact an index holds from before is
// not read (xbrl/values.ts).

/** The largest magnitude of a fact, by kind of unit. */
export const FACT_MAGNITUDE = {
  /** Dollars. Largest recorded: NVIDIA's public float, $4.0 trillion (4e12, its 10-K of fiscal 2026);
   * the largest banks' derivative notionals are about 6e13. */
  USD: 1e15,
  /** Another currency (EUR, JPY, KRW): a dollar is up to 16,000 units of the weakest (rupiah), and the
   * largest foreign filers' assets are about 7e14 won. */
  currency: 1e18,
  /** An amount a share (USD/shares, JPY/shares). Largest recorded: 3.2e9, an intrinsic value Apple
   * tagged per share in 2010 (a tagging error a real file holds); share prices are below 1e6. */
  perShare: 1e12,
  /** Shares. Largest recorded: Alphabet's 300 billion authorized shares (3e11). */
  shares: 1e15,
  /** A pure number (a ratio, a rate). Largest recorded: 49.9, NVIDIA's conversion ratio of its notes. */
  pure: 1e9,
  /** Any other unit (stores, segments, years, barrels, cubic feet: the largest gas reserves are about
   * 1e14 cubic feet). */
  other: 1e18,
} as const;

/** The smallest magnitude of a fact that is not zero. Smallest recorded: Apple's par value of $0.00001
 * a share (1e-5); a par value of $0.0000001 is as small as any filer prints. */
export const FACT_SMALLEST = 1e-10;

/** The largest magnitude a fact of `unit` may have. */
export function factMagnitude(unit: string): number {
  if (unit === 'USD') return FACT_MAGNITUDE.USD;
  if (unit === 'shares') return FACT_MAGNITUDE.shares;
  if (unit === 'pure') return FACT_MAGNITUDE.pure;
  if (/\/shares$/.test(unit)) return FACT_MAGNITUDE.perShare;
  if (/^[A-Z]{3}$/.test(unit)) return FACT_MAGNITUDE.currency;
  return FACT_MAGNITUDE.other;
}

/** Why a value cannot be a fact of `unit`, or undefined when it can. */
export function factValueProblem(value: number, unit: string): string | undefined {
  if (!Number.isFinite(value)) return `${value} is not a finite number`;
  const size = Math.abs(value);
  const most = factMagnitude(unit);
  if (size > most) return `${value} is beyond any ${unit} figure (at most ${most.toExponential()} in size)`;
  if (size !== 0 && size < FACT_SMALLEST)
    return `${value} is nearer zero than any figure (at least ${FACT_SMALLEST.toExponential()} unless 0)`;
  return undefined;
}
