/**
 * Smuggled payloads: text hidden in base64, hex, binary, URL-encoding, ROT13 or written backwards.
 * Each decoder returns the readable text it recovered, so detectors can scan it like the message itself.
 * Decoders are cheap on ordinary text: the regexes find no candidates, and the ROT13 / reversal checks
 * only run when the message does not already read as English.
 */
import { englishShare } from './english-markers.ts';

export type PayloadKind = 'base64' | 'hex' | 'binary' | 'url' | 'rot13' | 'reversed';

export interface DecodedPayload {
  kind: PayloadKind;
  text: string;
  /** Where the encoded run stands in the original message; absent for whole-message re-readings. */
  span?: { start: number; end: number };
}

const MIN_DECODED = 6;
const MAX_PAYLOADS = 16;

/** Mostly printable, with some letters: what a decoded instruction looks like (not random bytes). */
function looksLikeText(s: string): boolean {
  if (s.length < MIN_DECODED) return false;
  let printable = 0;
  let letters = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c === 0xfffd) continue;
    if (c >= 32 || c === 9 || c === 10 || c === 13) printable++;
    if (/\p{L}/u.test(ch)) letters++;
  }
  const total = Array.from(s).length;
  return printable / total >= 0.9 && letters / total >= 0.4;
}

function utf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

const BASE64 = /(?<![A-Za-z0-9+/_-])(?:[A-Za-z0-9+/_-]{4}){3,}(?:[A-Za-z0-9+/_-]{2,3}={0,2})?(?![A-Za-z0-9+/_-])/g;
const HEX = /(?<![0-9a-fA-F])(?:(?:\\x|0x)?[0-9a-fA-F]{2}[\s:,]?){6,}/g;
const BINARY = /(?<![01])(?:[01]{8}\s?){4,}/g;
const URL_ESCAPES = /(?:%[0-9a-fA-F]{2}|[A-Za-z0-9_.~+-])*(?:%[0-9a-fA-F]{2}[A-Za-z0-9_.~+-]*){3,}/g;

function spanOf(m: RegExpMatchArray): { start: number; end: number } {
  return { start: m.index!, end: m.index! + m[0].length };
}

function decodeBase64(text: string, out: DecodedPayload[]): void {
  for (const m of text.matchAll(BASE64)) {
    const token = m[0];
    // Plain words and identifiers also match the alphabet; real base64 mixes case or digits.
    if (!/[A-Z]/.test(token) || !/[a-z0-9]/.test(token)) continue;
    const decoded = utf8(Buffer.from(token.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
    if (looksLikeText(decoded)) out.push({ kind: 'base64', text: decoded, span: spanOf(m) });
  }
}

function decodeHex(text: string, out: DecodedPayload[]): void {
  for (const m of text.matchAll(HEX)) {
    const digits = m[0].replace(/\\x|0x|[\s:,]/g, '');
    if (digits.length % 2 !== 0 || (!/[a-fA-F]/.test(digits) && digits.length < 16)) continue;
    const decoded = utf8(Buffer.from(digits, 'hex'));
    if (looksLikeText(decoded)) out.push({ kind: 'hex', text: decoded, span: spanOf(m) });
  }
}

function decodeBinary(text: string, out: DecodedPayload[]): void {
  for (const m of text.matchAll(BINARY)) {
    const bits = m[0].replace(/\s/g, '');
    const bytes = new Uint8Array(bits.length >> 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(bits.slice(i * 8, i * 8 + 8), 2);
    const decoded = utf8(bytes);
    if (looksLikeText(decoded)) out.push({ kind: 'binary', text: decoded, span: spanOf(m) });
  }
}

function decodeUrl(text: string, out: DecodedPayload[]): void {
  for (const m of text.matchAll(URL_ESCAPES)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(m[0].replace(/\+/g, ' '));
    } catch {
      decoded = utf8(
        Buffer.from(
          m[0].replace(/%([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ),
      );
    }
    if (looksLikeText(decoded)) out.push({ kind: 'url', text: decoded, span: spanOf(m) });
  }
}

export function rot13(s: string): string {
  return s.replace(/[a-zA-Z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** Whole-message re-readings (ROT13, backwards), kept when they read as English and the message does not. */
function decodeRereadings(lower: string, out: DecodedPayload[]): void {
  const own = englishShare(lower);
  if (own >= 0.25) return;
  const candidates: DecodedPayload[] = [
    { kind: 'rot13', text: rot13(lower) },
    { kind: 'reversed', text: Array.from(lower).reverse().join('') },
  ];
  for (const c of candidates) {
    const share = englishShare(c.text);
    if (share >= 0.25 && share >= own + 0.15) out.push(c);
  }
}

function isBase64Char(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47 || c === 95 || c === 45 || c === 61;
}

function isHexRunChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70) || c === 32 || c === 58 || c === 44 || c === 120 || c === 92;
}

/** One pass over the text: the longest base64-alphabet run and the most hex digits in one hex-ish run. */
function candidateRuns(text: string): { base64: number; hexDigits: number } {
  let base64 = 0,
    run = 0,
    hexDigits = 0,
    hexRun = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    run = isBase64Char(c) ? run + 1 : 0;
    if (run > base64) base64 = run;
    if (isHexRunChar(c)) {
      if ((c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70)) hexRun++;
    } else hexRun = 0;
    if (hexRun > hexDigits) hexDigits = hexRun;
  }
  return { base64, hexDigits };
}

/**
 * Finds and decodes smuggled payloads in a message. `original` keeps case (base64 needs it);
 * `lower` is the folded, lower-cased view used for whole-message re-readings. A single character
 * scan decides which decoders can possibly find something, so ordinary prompts cost a few µs.
 */
export function decodePayloads(original: string, lower: string): DecodedPayload[] {
  const out: DecodedPayload[] = [];
  const runs = candidateRuns(original);
  if (runs.base64 >= 12) decodeBase64(original, out);
  if (runs.hexDigits >= 12) decodeHex(original, out);
  if (runs.hexDigits >= 32) decodeBinary(original, out);
  if (original.includes('%')) decodeUrl(original, out);
  decodeRereadings(lower, out);
  return out.slice(0, MAX_PAYLOADS);
}

/**
 * The message with every encoded run replaced by what it decodes to: what a reader of the decoded
 * message sees. Detectors judge this instead of the raw message, so an encoding counts for what it
 * says, not for looking like noise ("decode this: <base64 of a weather report>" reads as harmless,
 * "decode this: <base64 of an override>" as the override).
 */
export function inlineDecoded(original: string, payloads: readonly DecodedPayload[]): string {
  const spans = payloads.filter((p) => p.span !== undefined).sort((a, b) => a.span!.start - b.span!.start);
  let out = '';
  let at = 0;
  for (const p of spans) {
    if (p.span!.start < at) continue; // overlapping decodings of one run: the first wins
    out += `${original.slice(at, p.span!.start)} ${p.text} `;
    at = p.span!.end;
  }
  return out + original.slice(at);
}
