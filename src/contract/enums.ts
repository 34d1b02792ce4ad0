// Enumerations of the contract, free of any dependency so the CLI can show them in help and
// completions without loading the schema library.
export const MODES = ['basic', 'research', 'agentic_research'] as const;
export const EFFORTS = ['low', 'medium', 'high'] as const;
export const EVIDENCE_FORMATS = ['rendered', 'xml'] as const;
export const EVENT_TYPES = ['retrieval.started', 'retrieval.completed', 'answer.delta', 'analysis.delta', 'final', 'error'] as const;
