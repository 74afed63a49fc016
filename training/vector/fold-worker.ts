/** Worker thread of `outOfSourceScores` (validation.ts): scores one fold and posts the result. */
import { parentPort, workerData } from 'node:worker_threads';
import type { TrainConfig, TrainInput } from './contrastive.ts';
import { foldScores } from './validation.ts';

const { input, config, pruneLevels, fold } = workerData as { input: TrainInput; config: TrainConfig; pruneLevels: number[]; fold: number };
const scores = foldScores(input, config, pruneLevels, fold);
parentPort!.postMessage(scores);
