import { normaliseForDetection } from '../../../text/normalise.ts';
import type { SentenceEncoder } from './encoder.ts';

/** The vector of a raw message, through the same normalisation the checks apply (`AnalysedText.normalised`). */
export function encodeMessage(encoder: SentenceEncoder, message: string): Float32Array {
  return encoder.encode(normaliseForDetection(message));
}
