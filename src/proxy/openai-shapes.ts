/** The parts of the OpenAI chat-completions protocol the proxy reads and rewrites. */

export interface ContentPart {
  type: string;
  text?: string;
  [key: string]: unknown;
}

export interface ChatMessage {
  role: string;
  content?: string | ContentPart[] | null;
  [key: string]: unknown;
}

export interface ChatCompletionRequest {
  model?: string;
  messages: ChatMessage[];
  stream?: boolean;
  [key: string]: unknown;
}

export interface ChatChoice {
  index: number;
  message?: ChatMessage;
  delta?: { content?: string | null; [key: string]: unknown };
  finish_reason?: string | null;
  [key: string]: unknown;
}

export interface ChatCompletion {
  id?: string;
  object?: string;
  choices: ChatChoice[];
  [key: string]: unknown;
}

/** Roles whose text comes from outside the application and is checked as input. */
export const INPUT_ROLES: ReadonlySet<string> = new Set(['user', 'tool', 'function']);
/** Roles that carry the system prompt the answer must not leak. */
export const SYSTEM_ROLES: ReadonlySet<string> = new Set(['system', 'developer']);

/** Each text the client controls: the whole string content, or each text part of array content. */
export interface TextSlot {
  messageIndex: number;
  /** Index in an array content; undefined for string content. */
  partIndex: number | undefined;
  role: string;
  text: string;
}

export function textSlots(messages: readonly ChatMessage[]): TextSlot[] {
  const slots: TextSlot[] = [];
  messages.forEach((message, messageIndex) => {
    if (typeof message.content === 'string') slots.push({ messageIndex, partIndex: undefined, role: message.role, text: message.content });
    else if (Array.isArray(message.content)) {
      message.content.forEach((part, partIndex) => {
        if (part && part.type === 'text' && typeof part.text === 'string') slots.push({ messageIndex, partIndex, role: message.role, text: part.text });
      });
    }
  });
  return slots;
}

export function replaceSlotText(messages: ChatMessage[], slot: TextSlot, text: string): void {
  const message = messages[slot.messageIndex]!;
  if (slot.partIndex === undefined) message.content = text;
  else (message.content as ContentPart[])[slot.partIndex] = { ...(message.content as ContentPart[])[slot.partIndex]!, text };
}

/** Validates the little the proxy relies on; everything else is the upstream's business. */
export function isChatCompletionRequest(body: unknown): body is ChatCompletionRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const messages = (body as { messages?: unknown }).messages;
  return (
    Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'object' && m !== null && typeof (m as ChatMessage).role === 'string')
  );
}
