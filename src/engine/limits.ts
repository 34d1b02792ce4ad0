// Bounds on the work one query may do, whatever its text. Without them a 4,000-character question
// became an FTS5 expression of hundreds of terms (one SQLite statement of up to 2 s, which nothing can
// interrupt) and an agentic plan of 20 or more sub-queries (8-10 s in all).

/** Term groups (quoted phrases, concepts, words) searched for; the rest of a long question is not. */
export const MAX_TERM_GROUPS = 24;
/** Sub-queries of an agentic_research plan, the whole question included. */
export const MAX_PLAN_STEPS = 8;
