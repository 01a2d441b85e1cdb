/** A one-line progress bar for a terminal (redrawn with \r); a plain line per step elsewhere. */

export interface ProgressBar {
  update(done: number, note?: string): void;
  /** Print a line above the bar (an event worth telling: a crash, an outage). */
  log(line: string): void;
  finish(): void;
}

/**
 * @example
 * const bar = progressBar(3000, (s) => process.stderr.write(s), process.stderr.isTTY);
 * bar.update(1200, 'Redis down');
 * bar.finish();
 */
export function progressBar(
  total: number,
  write: (text: string) => void,
  interactive: boolean,
  width = 30,
): ProgressBar {
  let last = '';
  let lastPercent = -1;
  const render = (done: number, note: string) => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(ratio * width);
    return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}%  ${done}/${total} records committed${note ? `  ${note}` : ''}`;
  };
  return {
    update(done, note = '') {
      const line = render(done, note);
      if (line === last) return;
      last = line;
      if (interactive) {
        write(`\r\x1b[2K${line}`);
      } else {
        const percent = Math.floor((done / Math.max(1, total)) * 10) * 10;
        if (percent !== lastPercent) {
          lastPercent = percent;
          write(`${line}\n`);
        }
      }
    },
    log(line) {
      write(interactive ? `\r\x1b[2K${line}\n${last}` : `${line}\n`);
    },
    finish() {
      if (interactive) write(`\r\x1b[2K${last}\n`);
    },
  };
}
