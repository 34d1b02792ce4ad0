// The default evidence instructions (what the public deployment's say, made specific to our format).
import { EPISTEMIC_STATUSES } from './status-names.js';

export const EVIDENCE_INSTRUCTIONS = [
  'Answer only from the evidence below; do not use outside knowledge.',
  'Cite source ids exactly as they appear in the evidence, in square brackets: [A], or [B, C] for several.',
  'Each <evidence_chain> answers one facet of the question; relevance_score (0-10) says how closely it matches the question.',
  'Each <entry> holds a <consensus> claim that all its sources support; confidence_score (0-1) is the confidence in that specific fact.',
  `A source's <observed_epistemic_statuses> say what kind of statement it is ` +
    `(${EPISTEMIC_STATUSES.join(', ')}): do not present forward-looking, hedged or estimated statements ` +
    `as facts.`,
  'Table rows are given as "label — column: value"; values in parentheses are negative; the unit is stated with the table.',
  'If the evidence does not support an answer, say so plainly instead of guessing.',
].join('\n');
