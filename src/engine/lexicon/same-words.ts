// Words analysts and filings use for the same thing, as stems: "employees" is printed "Total
// workforce"; "headcount" is asked of either.
const SAME: string[][] = [['employe', 'workforc', 'headcount', 'staff', 'personnel']];

/** The stems that name what stem `w` names (itself alone when it has no other name). */
export function sameStems(w: string): string[] {
  return SAME.find((g) => g.includes(w)) ?? [w];
}
