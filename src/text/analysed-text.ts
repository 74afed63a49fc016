import { foldForMatching, type MappedText } from './fold.ts';

/**
 * Normalised views of one message, each computed at most once per check and shared by every
 * guardrail that asks for it.
 */
export class AnalysedText {
  readonly original: string;
  #folded: MappedText | undefined;

  constructor(original: string) {
    this.original = original;
  }

  /** NFKC, invisible characters removed, lower case, whitespace collapsed; offsets map back to `original`. */
  get folded(): MappedText {
    this.#folded ??= foldForMatching(this.original);
    return this.#folded;
  }
}
