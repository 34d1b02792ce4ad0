// Word wrapping for text that arrives in pieces (a streamed answer): each word is written as soon as
// it is whole, a partial word waits for the next piece, and a line breaks before a word that would
// pass the width, exactly as wrap() lays out the same text given at once.

export interface StreamWrapper {
  push(text: string): void;
  /** Writes the word still waiting, if any. */
  end(): void;
}

export function streamWrapper(width: number, write: (text: string) => void): StreamWrapper {
  let column = 0;
  let word = '';
  let spaced = false;

  const flush = () => {
    if (word === '') return;
    let rest = [...word];
    word = '';
    if (column > 0 && column + 1 + rest.length > width) {
      write('\n');
      column = 0;
    } else if (column > 0 && spaced) {
      write(' ');
      column++;
    }
    // A word longer than a whole line (a URL, a long figure) is cut where the line ends.
    while (column === 0 && rest.length > width) {
      write(`${rest.slice(0, width).join('')}\n`);
      rest = rest.slice(width);
    }
    write(rest.join(''));
    column += rest.length;
    spaced = false;
  };

  return {
    push(text) {
      for (const ch of text) {
        if (ch === '\n') {
          flush();
          write('\n');
          column = 0;
          spaced = false;
        } else if (ch === ' ' || ch === '\t') {
          flush();
          spaced = column > 0;
        } else {
          word += ch;
        }
      }
    },
    end: flush,
  };
}
