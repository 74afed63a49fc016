import { foldForMatching, type MappedText } from './fold.ts';
import { normaliseForDetection } from './normalise.ts';
import { decodePayloads, inlineDecoded, type DecodedPayload } from './payloads.ts';

/**
 * Normalised views of one message, each computed at most once per check and shared by every
 * guardrail that asks for it.
 */
export class AnalysedText {
  readonly original: string;
  #folded: MappedText | undefined;
  #cleaned: MappedText | undefined;
  #normalised: string | undefined;
  #payloads: DecodedPayload[] | undefined;
  #detectionViews: string[] | undefined;

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

  /** `folded` with homoglyphs and leetspeak folded: the text detector models read (no offset map). */
  get normalised(): string {
    this.#normalised ??= normaliseForDetection(this.original, this.folded.text);
    return this.#normalised;
  }

  /** Payloads smuggled in base64, hex, binary, URL-encoding, ROT13 or reversed text, decoded. */
  get payloads(): readonly DecodedPayload[] {
    this.#payloads ??= decodePayloads(this.original, this.folded.text);
    return this.#payloads;
  }

  /**
   * Every text a detector should scan: the normalised message with its encoded runs read as what
   * they decode to, then each decoded payload normalised on its own.
   */
  get detectionViews(): readonly string[] {
    this.#detectionViews ??= [this.#messageView(), ...this.payloads.map((p) => normaliseForDetection(p.text))];
    return this.#detectionViews;
  }

  #messageView(): string {
    return this.payloads.some((p) => p.span !== undefined) ? normaliseForDetection(inlineDecoded(this.original, this.payloads)) : this.normalised;
  }
}
