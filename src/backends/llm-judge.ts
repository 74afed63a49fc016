import { upstreamUrl } from '../proxy/upstream.ts';
import { JUDGE_FORMAT_SPECS, type JudgeFormat } from './judge-formats.ts';
import { BackendFailure, type BackendAnswer, type BackendTask } from '../domain/backend.ts';
import type { ModelBackend } from './model-backend.ts';

export interface LlmJudgeConfig {
  /** OpenAI-compatible base URL, e.g. http://vllm:8000/v1 */
  url: string;
  model: string;
  format: JudgeFormat;
  /** Plaintext API key (opened from its sealed form); null when the endpoint needs none. */
  apiKey: string | null;
}

interface ChatCompletion {
  choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[];
}

/** A safety LLM behind any OpenAI-compatible chat-completions endpoint (vLLM, TGI, Ollama, llama.cpp…). */
export class LlmJudge implements ModelBackend {
  readonly #config: LlmJudgeConfig;

  constructor(config: LlmJudgeConfig) {
    this.#config = config;
  }

  async assess(task: BackendTask, signal: AbortSignal): Promise<BackendAnswer> {
    const spec = JUDGE_FORMAT_SPECS[this.#config.format];
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.#config.apiKey) headers.authorization = `Bearer ${this.#config.apiKey}`;
    let response: Response;
    let body: ChatCompletion;
    try {
      response = await fetch(upstreamUrl(this.#config.url, 'chat/completions'), {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.#config.model, messages: spec.messages(task), temperature: 0, max_tokens: spec.maxTokens, stream: false }),
        signal,
        redirect: 'error',
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new BackendFailure('http_error', `the judge answered HTTP ${response.status}`);
      }
      body = (await response.json()) as ChatCompletion;
    } catch (error) {
      if (error instanceof BackendFailure) throw error;
      if (signal.aborted) throw new BackendFailure('timeout', 'the judge did not answer in time');
      if (error instanceof SyntaxError) throw new BackendFailure('unparsable', 'the judge answered with something that is not JSON');
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new BackendFailure('unreachable', `the judge could not be reached${cause ? ` (${cause})` : ''}`);
    }
    const choice = body?.choices?.[0];
    const message = choice?.message;
    if ((typeof message?.refusal === 'string' && message.refusal.length > 0) || choice?.finish_reason === 'content_filter') {
      throw new BackendFailure('refused', 'the judge refused to answer');
    }
    if (typeof message?.content !== 'string') throw new BackendFailure('unparsable', 'the judge answered without a message content');
    try {
      return spec.parse(message.content);
    } catch (error) {
      // The start of an unreadable answer is quoted for the logs, unless the judge was given the system prompt, which it may echo.
      if (task.policy !== undefined && error instanceof BackendFailure)
        throw new BackendFailure(error.reason, `the judge's answer is not a ${this.#config.format} verdict`);
      throw error;
    }
  }

  async close(): Promise<void> {}
}
