import { SingleBar } from 'cli-progress';
import type { PullProgress } from '../pulled-models/model-pull.ts';
import { formatBytes } from '../byte-size.ts';

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
        bar.start(total, done, { done: formatBytes(done), size: formatBytes(total) });
      }
      bar.setTotal(total);
      bar.update(done, { done: formatBytes(done), size: formatBytes(total) });
    },
    stop,
  };
}
