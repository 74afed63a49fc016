import { join } from 'node:path';
import type { ModelRecogniser } from '../guardrails/pii/engine.ts';
import { loadPersonRecogniser } from '../guardrails/pii/person/recogniser.ts';
import { loadSentenceEncoder, type SentenceEncoder } from '../vectors/encoder.ts';
import { loadRequestMatching, type RequestMatching } from '../vectors/request-matching.ts';
import { loadShippedSeed, shippedSeedSource, type SeedSource, type ThreatSeed } from '../vectors/seed.ts';
import { DETECTOR_MODEL_NAME, DetectorModel } from './detector-model.ts';
import { DetectorScores } from './detector-scores.ts';
import { readModelFile, type ModelFileReader } from './model-files.ts';

/**
 * The models of one models directory (laid out like the shipped `models/` folder), each read and
 * verified when first asked for and then shared by everything built with this library. An appliance
 * makes one and builds its guardrails and services with it, so it holds one copy of each model's
 * weights however many guardrails read them; training and tests make their own. The threads of a
 * server read the files of the models they serve through one `SharedModelFiles` (`read`), so the
 * weights are in memory once for all of them.
 */
export class ModelLibrary {
  readonly dir: string;
  readonly #read: ModelFileReader;
  #detector: DetectorScores | undefined;
  #encoder: SentenceEncoder | undefined;
  #requestMatching: RequestMatching | undefined;
  #person: Promise<ModelRecogniser> | undefined;

  constructor(dir: string, read: ModelFileReader = readModelFile) {
    this.dir = dir;
    this.#read = read;
  }

  /** The detector model of the llm, content moderation and system prompt guardrails, with its per-check scores. */
  detector(): DetectorScores {
    this.#detector ??= new DetectorScores(DetectorModel.load(join(this.dir, DETECTOR_MODEL_NAME), this.#read));
    return this.#detector;
  }

  /** The vector filter's sentence encoder. */
  sentenceEncoder(): SentenceEncoder {
    this.#encoder ??= loadSentenceEncoder(join(this.dir, 'vector-encoder'), this.#read);
    return this.#encoder;
  }

  /** What tells a message carrying an adversarial suffix, for matching known hazardous requests. */
  requestMatching(): RequestMatching {
    this.#requestMatching ??= loadRequestMatching(join(this.dir, 'request-seed'), this.#read);
    return this.#requestMatching;
  }

  /** The threat store's seed (known attacks and hazardous requests), read anew: it is needed once, to seed. */
  threatSeed(): ThreatSeed {
    return loadShippedSeed(join(this.dir, 'threat-seed'), join(this.dir, 'request-seed'));
  }

  /** `threatSeed()` known from its manifests, its entries read only when a store needs them. */
  threatSeedSource(): SeedSource {
    return shippedSeedSource(join(this.dir, 'threat-seed'), join(this.dir, 'request-seed'));
  }

  /** The PERSON recogniser of the PII guardrail and of the masking of recorded message text. */
  personRecogniser(): Promise<ModelRecogniser> {
    this.#person ??= loadPersonRecogniser(join(this.dir, 'pii-person'), this.#read);
    return this.#person;
  }
}
