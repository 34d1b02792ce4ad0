// The limits of the contract's section 8.
export const LIMITS = {
  /** Raw JSON body of POST /query, in bytes. */
  max_body_bytes: 65_536,
  /** Normalized characters (Unicode code points) of `query`. */
  max_query_chars: 4_000,
  max_filter_conditions: 50,
  max_values_per_condition: 100,
  max_filter_values_total: 250,
  max_filter_string_chars: 256,
  /** JSON nesting depth of a body: a ResearchRequest needs 4; deeper input is refused before any
   * recursive step could overflow the stack. */
  max_json_depth: 64,
  /** `retrieval.max_evidence` minimum. */
  min_max_evidence: 1,
} as const;

export const CONTRACT_VERSION = '7.12.8';
export const API_VERSION = 'v2';
export const DEFAULT_DOMAIN = 'sandp_500';
