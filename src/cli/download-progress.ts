import { SingleBar } from 'cli-progress';
import type { PullProgress } from '../pulled-models/model-pull.ts';

function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** A progress bar per downloaded file on the terminal (stderr), for `rampart model pull`. */
export function terminalProgress(stream: NodeJS.WriteStream): { onProgress: (p: PullProgress) => void; stop: () => void } {
  let bar: SingleBar | undefined;
  let file: string | undefined;
  const stop = () => {
    bar?.stop();
    bar = undefined;
  };
  return {
    onProgress(progress) {
      if (progress.phase !== 'downloading' || progress.file === undefined) {
        stop();
        if (progress.phase === 'checking') stream.write('Checking the model (checksums, loading it once)…\n');
        return;
      }
      const done = progress.done ?? 0;
      const total = progress.total ?? done;
      if (progress.file !== file || !bar) {
        stop();
        file = progress.file;
        bar = new SingleBar({
          stream,
          format: `${progress.file} [{bar}] {percentage}% {done} / {size} {eta_formatted}`,
          hideCursor: true,
          barsize: 30,
        });
        bar.start(total, done, { done: bytes(done), size: bytes(total) });
      }
      bar.setTotal(total);
      bar.update(done, { done: bytes(done), size: bytes(total) });
    },
    stop,
  };
}
