import type { Logger } from 'pino';
import type { GuardrailDefinition, GuardrailSlot } from '../engine/guardrail.ts';
import { MessageTextMasker } from '../events/message-text.ts';
import { PERSON_RECOGNISER } from '../guardrails/pii/index.ts';
import { loadGuardrails } from '../guardrails/load.ts';
import type { ModelLibrary } from '../models/model-library.ts';
import type { LiveConfig } from '../runtime/live-config.ts';
import type { Store } from '../store/store.ts';
import { ThreatVectorRepository } from '../store/threat-vectors.ts';

/** The guardrails an appliance owns, built with their models and the services they keep state in. */
export interface GuardrailSet {
  slots: readonly GuardrailSlot[];
  /** The models they were built with, shared with whatever else reads a model (the dashboard's threat review). */
  models: ModelLibrary;
  /** Masks recorded message text, with the PII guardrail's PERSON model. */
  messageText: MessageTextMasker;
  /**
   * Keeps the guardrails that keep state (the threat-vector index) in step with every configuration
   * reload of `live`, and brings them up to its current revision.
   */
  follow(live: LiveConfig): Promise<void>;
}

export interface GuardrailSetOptions {
  models: ModelLibrary;
  store: Store;
  dataDir: string;
  log: Logger;
}

/** Builds `definitions` (the registry's, or a test's stand-ins) on the appliance's database and models. */
export async function loadGuardrailSet(definitions: readonly GuardrailDefinition[], options: GuardrailSetOptions): Promise<GuardrailSet> {
  const { models, store, dataDir, log } = options;
  const reloadListeners: (() => Promise<void>)[] = [];
  const services = {
    threatVectors: new ThreatVectorRepository(store),
    dataDir,
    log,
    onConfigReload: (listener: () => Promise<void>) => reloadListeners.push(listener),
  };
  const slots = await loadGuardrails(definitions, { models, services }, (name, ms) => log.info({ guardrail: name, ms: Math.round(ms) }, 'guardrail loaded'));
  return {
    slots,
    models,
    messageText: new MessageTextMasker(await models.load(PERSON_RECOGNISER)),
    async follow(live) {
      for (const listener of reloadListeners) {
        live.onReload(listener);
        // A change made while the guardrails loaded is in the revision just loaded, so no reload will bring it.
        await listener();
      }
    },
  };
}
