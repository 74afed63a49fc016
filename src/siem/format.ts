import { hostname } from 'node:os';
import type { AuditEventJson, CheckEventJson } from '../events/event-json.ts';
import { VERSION } from '../version.ts';
import type { SiemFormat } from './settings.ts';

/**
 * Largest datagram sent. 1,400 bytes fit one Ethernet frame with IPv4/IPv6 and UDP headers, so a
 * datagram is never fragmented (a lost fragment loses the whole event) and every syslog receiver
 * accepts it (RFC 5426 asks for at least 480, should 2,048).
 */
export const MAX_DATAGRAM_BYTES = 1400;

export interface TestEventJson {
  kind: 'test';
  id: string;
  time: string;
  actor: string;
}
/** What is forwarded: the documented event JSON of a check, an admin action, or a test. */
export type ForwardedEvent = CheckEventJson | AuditEventJson | TestEventJson;

// local0: the facility customarily left to applications.
const FACILITY = 16;
const SYSLOG_SEVERITY = { warning: 4, notice: 5, info: 6 } as const;

function syslogSeverity(event: ForwardedEvent): number {
  if (event.kind === 'check') return { blocked: SYSLOG_SEVERITY.warning, monitored: SYSLOG_SEVERITY.notice, allowed: SYSLOG_SEVERITY.info }[event.verdict];
  if (event.kind === 'audit') return /failed|locked/.test(event.action) ? SYSLOG_SEVERITY.warning : SYSLOG_SEVERITY.notice;
  return SYSLOG_SEVERITY.info;
}

/** CEF severity 0-10. */
function cefSeverity(event: ForwardedEvent): number {
  // monitored: allowed, but a guardrail in monitor mode would have blocked it.
  if (event.kind === 'check') return { blocked: 7, monitored: 4, allowed: 1 }[event.verdict];
  if (event.kind === 'audit') return /failed|locked/.test(event.action) ? 6 : 3;
  return 1;
}

// RFC 5424 HOSTNAME: printable US-ASCII without spaces, at most 255 characters.
const HOST =
  hostname()
    .replace(/[^\x21-\x7e]/g, '')
    .slice(0, 255) || '-';

/**
 * `<PRI>1 TIMESTAMP HOSTNAME APP-NAME PROCID MSGID STRUCTURED-DATA ` (RFC 5424 §6), then the BOM
 * that marks the MSG as UTF-8 (§6.4).
 */
function syslogHeader(event: ForwardedEvent): string {
  return `<${FACILITY * 8 + syslogSeverity(event)}>1 ${event.time} ${HOST} rampart ${process.pid} ${event.kind} - \uFEFF`;
}

const cefHeaderValue = (v: string) =>
  v
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ');
const cefExtensionValue = (v: string) => v.replace(/\\/g, '\\\\').replace(/=/g, '\\=').replace(/\r/g, '\\r').replace(/\n/g, '\\n');

type Extensions = [key: string, value: string | number | null | undefined][];

function cefSignature(event: ForwardedEvent): { id: string; name: string; extensions: Extensions; free: string | undefined } {
  if (event.kind === 'check') {
    const scores = Object.entries(event.results)
      .map(([name, r]) => `${name}:${r?.error ? 'error' : (r?.score ?? (r?.detected ? 1 : 0))}`)
      .join(' ');
    return {
      id: `check.${event.direction}.${event.verdict}`,
      name: `${event.direction === 'input' ? 'Input' : 'Output'} check ${event.verdict}`,
      extensions: [
        ['rt', Date.parse(event.time)],
        ['externalId', event.id],
        ['act', event.verdict],
        ['deviceDirection', event.direction === 'input' ? 0 : 1],
        ['cs1Label', 'runtimeLlmId'],
        ['cs1', event.runtime_llm_id],
        ['cs2Label', 'profileId'],
        ['cs2', event.profile_id],
        ['cs3Label', 'blockedBy'],
        ['cs3', event.blocked_by.join(',')],
        ['flexString1Label', 'monitoredBy'],
        ['flexString1', event.monitored_by.join(',')],
        ['cs4Label', 'scores'],
        ['cs4', scores],
        ['cs5Label', 'messageSha256'],
        ['cs5', event.message_sha256],
        ['cs6Label', 'requestId'],
        ['cs6', event.request_id],
        // cnN fields are integers in the CEF dictionary; a fractional time goes in a float field.
        ['cfp1Label', 'executionTimeMs'],
        ['cfp1', Math.round(event.execution_time_ms * 1000) / 1000],
        ['cn2Label', 'messageLength'],
        ['cn2', event.message_length],
        // What joins the event to the application: its trace, its end user, LiteLLM's ids (absent ones are left out).
        ['flexString2Label', event.trace_id ? 'traceId' : undefined],
        ['flexString2', event.trace_id],
        ['suser', event.end_user],
        // No dictionary key fits these: custom keys, prefixed with the vendor as CEF asks.
        ['rampartSpanId', event.span_id],
        ['rampartLitellmCallId', event.litellm_call_id],
        ['rampartLitellmTraceId', event.litellm_trace_id],
        ['rampartImagesNotInspected', event.images_not_inspected],
      ],
      free: 'message_text' in event ? event.message_text : undefined,
    };
  }
  if (event.kind === 'audit') {
    return {
      id: `audit.${event.action}`,
      name: `Administrative action ${event.action}`,
      extensions: [
        ['rt', Date.parse(event.time)],
        ['externalId', event.id],
        ['act', event.action],
        ['suser', event.actor],
        ['cs1Label', 'targetType'],
        ['cs1', event.target_type],
        ['cs2Label', 'targetId'],
        ['cs2', event.target_id],
      ],
      free: JSON.stringify(event.details),
    };
  }
  return {
    id: 'siem.test',
    name: 'SIEM test event',
    extensions: [
      ['rt', Date.parse(event.time)],
      ['externalId', event.id],
      ['suser', event.actor],
    ],
    free: 'Rampart SIEM forwarding test',
  };
}

/** ArcSight CEF:0 with the variable-length part (`msg`) last, cut to `freeChars`. */
function cef(event: ForwardedEvent, freeChars: number): string {
  const sig = cefSignature(event);
  const head = ['CEF:0', 'Rampart', 'Rampart', VERSION, sig.id, sig.name, String(cefSeverity(event))].map(cefHeaderValue).join('|');
  const parts = sig.extensions.filter(([, v]) => v !== null && v !== undefined && v !== '').map(([k, v]) => `${k}=${cefExtensionValue(String(v))}`);
  if (sig.free !== undefined) {
    const free = sig.free.length > freeChars ? `${sig.free.slice(0, freeChars)}…` : sig.free;
    parts.push(`msg=${cefExtensionValue(free)}`);
  }
  return `${head}|${parts.join(' ')}`;
}

/** The event JSON itself; the long member (message text or audit details) is cut to `freeChars`. */
function json(event: ForwardedEvent, freeChars: number): string {
  if (event.kind === 'check' && 'message_text' in event && typeof event.message_text === 'string' && event.message_text.length > freeChars) {
    return JSON.stringify({ ...event, message_text: `${event.message_text.slice(0, freeChars)}…`, truncated: true });
  }
  if (event.kind === 'audit') {
    const details = JSON.stringify(event.details);
    // Cut details become a string prefix of their JSON, flagged so no one parses them as complete.
    if (details.length > freeChars) return JSON.stringify({ ...event, details: { cut: details.slice(0, freeChars) }, truncated: true });
  }
  return JSON.stringify(event);
}

/**
 * One RFC 5424 syslog datagram for one event, never larger than MAX_DATAGRAM_BYTES: the only
 * unbounded member (message text or audit details) is shortened until it fits.
 */
export function formatDatagram(event: ForwardedEvent, format: SiemFormat, maxBytes = MAX_DATAGRAM_BYTES): Buffer {
  const header = syslogHeader(event);
  const body = format === 'cef' ? cef : json;
  let freeChars = maxBytes;
  for (;;) {
    const text = body(event, freeChars);
    const datagram = Buffer.from(header + text, 'utf8');
    if (datagram.length <= maxBytes) return datagram;
    if (freeChars === 0) return datagram.subarray(0, maxBytes); // fixed fields alone overflow: cannot happen with real events
    // Escaping can make a character several bytes; shrink by the overflow and try again.
    freeChars = Math.max(0, freeChars - Math.max(16, datagram.length - maxBytes));
  }
}
