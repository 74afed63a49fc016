import { createRequire } from 'node:module';

/**
 * usearch, loaded through its CommonJS build: that build locates its native addon from __dirname,
 * while the ES module build guesses it from a stack trace, which fails under some launchers.
 */
export const usearch = createRequire(import.meta.url)('usearch') as typeof import('usearch').default;
