/**
 * `npm run train:requests`: rebuilds the vector filter's hazardous-request seed, shape frequencies
 * and their calibration for the installed encoder (training/vector/request-seed.ts); `npm run
 * train:vector` does the same after training a new encoder.
 *
 *   node training/vector/train-requests.ts [--exclude-license CC-BY-NC,GPL] [--models-dir DIR]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildRequestSeed } from './request-seed.ts';

const { values: args } = parseArgs({
  options: {
    'exclude-license': { type: 'string', default: process.env.RAMPART_EXCLUDE_LICENSES ?? '' },
    'models-dir': { type: 'string', default: resolve(import.meta.dirname, '../../models') },
  },
});
await buildRequestSeed({
  modelsDir: args['models-dir'],
  excludedLicences: args['exclude-license']
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  log: (line) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`),
});
