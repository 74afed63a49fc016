import type { LanguageModelMiddleware } from 'ai';
import type { CallOptions, CheckResult, RampartClient } from './client.ts';
import { RampartBlockedError } from './errors.ts';

// The AI SDK's own types, read off its middleware interface (`ai` is a peer dependency, types only).
type WrapGenerate = NonNullable<LanguageModelMiddleware['wrapGenerate']>;
type CallParams = Parameters<WrapGenerate>[0]['params'];
type GenerateResult = Awaited<ReturnType<WrapGenerate>>;
type StreamResult = Awaited<ReturnType<NonNullable<LanguageModelMiddleware['wrapStream']>>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
type Message = CallParams['prompt'][number];

export interface RampartMiddlewareOptions {
  client: RampartClient;
  /**
   * How a streamed answer reaches the caller. buffer (the default): held back until the whole
   * answer is checked, so nothing unchecked is shown. release: passed on as it comes and checked at
   * the end, when a block becomes an error part of the stream (text already shown stays shown).
   */
  stream?: 'buffer' | 'release';
  /** Options of every check, e.g. the `traceparent` of the current span. */
  callOptions?: () => CallOptions;
}

/** The last user message and its text (text parts joined), which is what input-check inspects. */
function lastUserText(prompt: CallParams['prompt']): { index: number; text: string } | undefined {
  for (let index = prompt.length - 1; index >= 0; index--) {
    const message = prompt[index]!;
    if (message.role !== 'user') continue;
    const text = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
    return { index, text };
  }
  return undefined;
}

/** The message with its text parts replaced by one part holding `text` (files stay). */
function withText(message: Message & { role: 'user' }, text: string): Message {
  const others = message.content.filter((part) => part.type !== 'text');
  return { ...message, content: [{ type: 'text', text }, ...others] };
}

function blocked(result: CheckResult): boolean {
  return result.injection_detected && !result.failed_open;
}

/** The text to send on: the profile's PII mask actions applied (`sanitized_message` masks every entity found, for display). */
function toSend(result: CheckResult): string | undefined {
  return result.failed_open ? undefined : result.masked_message;
}

/**
 * Vercel AI SDK middleware (`wrapLanguageModel({ model, middleware: rampartMiddleware({ client }) })`):
 * input-checks the last user message before the model is called, and output-checks the answer after
 * it, for generateText and streamText alike. A block throws RampartBlockedError (in a stream, an error
 * part); a PII mask action replaces the text with its masked form.
 */
export function rampartMiddleware(options: RampartMiddlewareOptions): LanguageModelMiddleware {
  const callOptions = () => options.callOptions?.() ?? {};
  const checkAnswer = async (text: string, params: CallParams) => {
    const prompt = lastUserText(params.prompt)?.text;
    const result = await options.client.outputCheck(prompt ? { message: text, prompt } : { message: text }, callOptions());
    if (blocked(result)) throw new RampartBlockedError('output', result as Extract<CheckResult, { failed_open?: false }>);
    return toSend(result);
  };

  return {
    specificationVersion: 'v4',

    async transformParams({ params }) {
      const user = lastUserText(params.prompt);
      if (!user || user.text === '') return params;
      const result = await options.client.inputCheck(user.text, callOptions());
      if (blocked(result)) throw new RampartBlockedError('input', result as Extract<CheckResult, { failed_open?: false }>);
      const text = toSend(result);
      if (text === undefined) return params;
      const prompt = [...params.prompt];
      prompt[user.index] = withText(prompt[user.index] as Message & { role: 'user' }, text);
      return { ...params, prompt };
    },

    async wrapGenerate({ doGenerate, params }): Promise<GenerateResult> {
      const result = await doGenerate();
      const text = result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
      if (text === '') return result;
      const masked = await checkAnswer(text, params);
      if (masked === undefined) return result;
      // The masked answer goes in the first text part; the other text parts were part of it.
      const first = result.content.findIndex((part) => part.type === 'text');
      const content: GenerateResult['content'] = [];
      result.content.forEach((part, i) => {
        if (part.type !== 'text') content.push(part);
        else if (i === first) content.push({ ...part, text: masked });
      });
      return { ...result, content };
    },

    async wrapStream({ doStream, params }): Promise<StreamResult> {
      const { stream, ...rest } = await doStream();
      const release = options.stream === 'release';
      const held: StreamPart[] = [];
      let text = '';
      const checked = new TransformStream<StreamPart, StreamPart>({
        transform(part, controller) {
          if (part.type === 'text-delta') text += part.delta;
          // Released: everything but the finish, which must follow a block's error part.
          if (release && part.type !== 'finish') controller.enqueue(part);
          else held.push(part);
        },
        async flush(controller) {
          let masked: string | undefined;
          try {
            masked = text === '' ? undefined : await checkAnswer(text, params);
          } catch (error) {
            // Blocked (or the check failed closed): no held text goes out, the stream says why.
            for (const part of held) if (!part.type.startsWith('text-') && part.type !== 'finish') controller.enqueue(part);
            controller.enqueue({ type: 'error', error });
            const finish = held.find((part) => part.type === 'finish');
            if (finish) controller.enqueue(finish);
            return;
          }
          let placed = false;
          for (const part of held) {
            if (masked !== undefined && part.type === 'text-delta') {
              if (!placed) controller.enqueue({ ...part, delta: masked });
              placed = true;
            } else controller.enqueue(part);
          }
        },
      });
      return { ...rest, stream: stream.pipeThrough(checked) };
    },
  };
}
