import { foldForMatching, type MappedText } from './fold.ts';

/**
 * Normalised views of one message, each computed at most once per check and shared by every
 * guardrail that asks for it.
 */
export class AnalysedText {
  readonly original: string;
  #folded: MappedText | undefined;
  #cleaned: MappedText | undefined;

  constructor(original: string) {
    this.original = original;
  }

  /** NFKC, invisible characters removed, lower case, whitespace collapsed; offsets map back to `original`. */
  get folded(): MappedText {
    this.#folded ??= foldForMatching(this.original);
    return this.#folded;
  }

  /** NFKC and invisible characters removed, case and whitespace kept; offsets map back to `original`. */
  get cleaned(): MappedText {
    this.#cleaned ??= foldForMatching(this.original, { lowerCase: false, collapseWhitespace: false });
    return this.#cleaned;
  }
}
