// `filings completion SHELL`: the script for one shell, from the command tree it is given.
import type { Command } from 'commander';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { completionSpec } from './spec.js';
import { zshScript } from './zsh.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** Where each script is checked in (completions/), as its shell expects it named. */
export const CHECKED_IN: Record<Shell, string> = { bash: 'filings.bash', zsh: '_filings', fish: 'filings.fish' };

const WRITERS = { bash: bashScript, zsh: zshScript, fish: fishScript };

export function completionScript(shell: Shell, program: Command): string {
  return WRITERS[shell](completionSpec(program));
}
