import { BlockList, isIPv6 } from 'node:net';
import { defineRecogniser, re } from '../recogniser.ts';

// File names such as icon@2x.png look like addresses; their "TLD" is a file extension.
const FILE_EXTENSIONS: ReadonlySet<string> = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'js', 'ts', 'css', 'html', 'json', 'txt', 'pdf', 'md']);

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;
const LOCAL_MAX = 64;
const LABEL_MAX = 63;

function isAsciiAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isAlnum(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c < 128 ? isAsciiAlnum(c) : LETTER_OR_DIGIT.test(text[i]!);
}

/** Characters of the local part: letters, digits and . _ % + - */
function isLocalChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return isAlnum(text, i) || c === 46 || c === 95 || c === 37 || c === 43 || c === 45;
}

/** Characters of a domain: letters, digits, hyphens and the dots between labels. */
function isDomainChar(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return isAlnum(text, i) || c === 45 || c === 46;
}

function isLetterLabel(label: string): boolean {
  if (label.length < 2 || label.length > 24) return false;
  for (let i = 0; i < label.length; i++) {
    const c = label.charCodeAt(i);
    if (c < 128 ? !((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) : !LETTER.test(label[i]!)) return false;
  }
  return true;
}

function isLabel(label: string): boolean {
  return label.length > 0 && label.length <= LABEL_MAX && label.charCodeAt(0) !== 45 && label.charCodeAt(label.length - 1) !== 45;
}

/**
 * E-mail addresses, found from each "@" outwards instead of by a regex that retries the local
 * part at every position: the local part (up to 64 characters, starting with a letter or digit
 * and not ending with a dot), then dot-separated domain labels ending in an alphabetic top-level
 * label, not glued to more address characters.
 */
function findEmails(text: string): [number, number][] {
  const found: [number, number][] = [];
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && at - start < LOCAL_MAX && isLocalChar(text, start - 1)) start--;
    if (start > 0 && isLocalChar(text, start - 1)) continue;
    if (start === at || !isAlnum(text, start) || text.charCodeAt(at - 1) === 46) continue;
    let domainEnd = at + 1;
    while (domainEnd < text.length && isDomainChar(text, domainEnd)) domainEnd++;
    const labels = text.slice(at + 1, domainEnd).split('.');
    // Drop labels from the right until the address ends in a proper top-level label ("a@b.com." ends a sentence).
    for (let count = labels.length; count >= 2; count--) {
      const kept = labels.slice(0, count);
      if (!isLetterLabel(kept[count - 1]!) || !kept.every(isLabel)) continue;
      const end = at + 1 + kept.join('.').length;
      const next = end < text.length ? text.charCodeAt(end) : 0;
      const glued = end < text.length && (isAlnum(text, end) || next === 95 || next === 45 || next === 64);
      const dottedWord = next === 46 && end + 1 < text.length && LETTER.test(text[end + 1]!);
      if (!glued && !dottedWord) found.push([start, end]);
      break;
    }
  }
  return found;
}

export const email = defineRecogniser({
  name: 'email',
  entity: 'EMAIL_ADDRESS',
  patterns: [{ name: 'address', find: findEmails, score: 0.5, validScore: 1, requires: '@' }],
  normalise: (raw) => raw,
  validate: (value) => {
    const tld = value.slice(value.lastIndexOf('.') + 1).toLowerCase();
    return !FILE_EXTENSIONS.has(tld) && !value.includes('..');
  },
});

/**
 * Ranges that identify no one: private networks, loopback, link-local, carrier NAT, documentation
 * examples, multicast and reserved space. An address in them names a machine on somebody's LAN or
 * in a manual, not a person's connection.
 */
function notPersonalRanges(): BlockList {
  const ranges = new BlockList();
  const v4: [string, number][] = [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 3],
  ];
  for (const [network, prefix] of v4) ranges.addSubnet(network, prefix, 'ipv4');
  const v6: [string, number][] = [
    ['::', 127],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
    ['2001:db8::', 32],
    ['64:ff9b:1::', 48],
  ];
  for (const [network, prefix] of v6) ranges.addSubnet(network, prefix, 'ipv6');
  return ranges;
}
const NOT_PERSONAL = notPersonalRanges();

const OCTET = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`;

export const ipAddress = defineRecogniser({
  name: 'ip-address',
  entity: 'IP_ADDRESS',
  patterns: [
    {
      name: 'ipv4',
      regex: re(String.raw`(?<![\p{L}\p{N}_.\-]|\d\.)(?:${OCTET}\.){3}${OCTET}(?:\/(?:3[0-2]|[12]?\d))?(?![\p{L}\p{N}_]|\.\d)`),
      score: 0.6,
      validScore: 0.8,
      numeric: true,
    },
    {
      // Candidates only: hex groups and colons; the validator asks node:net whether it is really IPv6.
      name: 'ipv6',
      regex: re(
        String.raw`(?<![\p{L}\p{N}_:.])(?=[0-9A-Fa-f:.]*::|(?:[0-9A-Fa-f]{1,4}:){7})[0-9A-Fa-f:]*:[0-9A-Fa-f:]*(?:\d{1,3}(?:\.\d{1,3}){3})?(?:\/\d{1,3})?(?![\p{L}\p{N}_:])`,
      ),
      score: 0.6,
      validScore: 0.85,
      // Two colons close together: times ("02:15") and labels ("Note:") never run the costlier regex.
      requires: /::|[0-9A-Fa-f]:[0-9A-Fa-f]{1,4}:/,
    },
  ],
  context: ['ip', 'address', 'host', 'server', 'client', 'connect', 'ping', 'login from', 'logged in from'],
  // Dotted quads after a product name or in release notes are versions: "Windows 10.0.19041.1".
  negativeContext: ['version', 'ver.', 'v.', 'release', 'build', 'oid', 'firmware', 'update', 'patch', 'windows', 'android', 'ios', 'macos', 'linux', 'kernel'],
  normalise: (raw) => raw.replace(/\/\d+$/, ''),
  validate: (value) => {
    if (!value.includes(':')) return !NOT_PERSONAL.check(value, 'ipv4');
    if (!isIPv6(value) || NOT_PERSONAL.check(value, 'ipv6')) return false;
    // Rule out short hex-and-colon words (`add::`, `c::a`) that are valid IPv6 only on paper.
    const groups = value.split(':').filter((g) => g.length > 0);
    return groups.length >= 3 || (groups.length >= 2 && /\d/.test(value));
  },
});
