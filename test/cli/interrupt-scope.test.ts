// The interrupt scope of one command (src/cli/interrupt.ts), signals emitted in process: during the work
// a first signal aborts it and a second ends the command; after the work (its output being written) one
// ends it at once; once the command has ended, the CLI's listeners are gone.
import { afterEach, describe, expect, it } from 'vitest';
import { interruptScope, withInterrupt } from '../../src/cli/interrupt.js';

let close: () => void = () => undefined;
afterEach(() => close());

const listeners = () => process.listenerCount('SIGINT');

describe('one command, its interrupt scope', () => {
  it('during the work: the first Ctrl-C aborts it, the second ends the command', async () => {
    let ended = 0;
    close = interruptScope(() => void ended++);
    const before = listeners();
    const aborted = await withInterrupt(async (signal) => {
      process.emit('SIGINT');
      expect(ended).toBe(0);
      process.emit('SIGINT');
      return signal.aborted;
    });
    expect(aborted).toBe(true);
    expect(ended).toBe(1);
    // Still the command's until it ends.
    expect(listeners()).toBe(before + 1);
  });

  it('after the work, while its output is written: Ctrl-C ends the command, not the signal default', async () => {
    let ended = 0;
    close = interruptScope(() => void ended++);
    const count = await withInterrupt(async (signal) => (signal.aborted ? 0 : 1));
    expect(count).toBe(1);
    process.emit('SIGTERM');
    expect(ended).toBe(1);
  });

  it('once the command has ended, its listeners are removed', async () => {
    const before = listeners();
    close = interruptScope(() => undefined);
    await withInterrupt(async () => undefined);
    expect(listeners()).toBe(before + 1);
    close();
    expect(listeners()).toBe(before);
  });
});
