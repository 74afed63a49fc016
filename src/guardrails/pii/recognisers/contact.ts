import { isIPv6 } from 'node:net';
import { defineRecogniser, re } from '../recogniser.ts';

// File names such as icon@2x.png look like addresses; their "TLD" is a file extension.
const FILE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'js', 'ts', 'css', 'html', 'json', 'txt', 'pdf', 'md']);

export const email = defineRecogniser({
  name: 'email',
  entity: 'EMAIL_ADDRESS',
  patterns: [
    {
      name: 'address',
      regex: re(
        String.raw`(?<![\p{L}\p{N}._%+\-])[\p{L}\p{N}](?:[\p{L}\p{N}._%+\-]{0,62}[\p{L}\p{N}_%+\-])?@(?:[\p{L}\p{N}](?:[\p{L}\p{N}\-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,24}(?![\p{L}\p{N}_\-@]|\.\p{L})`,
      ),
      score: 0.5,
      validScore: 1,
      requires: '@',
    },
  ],
  normalise: (raw) => raw,
  validate: (value) => {
    const tld = value.slice(value.lastIndexOf('.') + 1).toLowerCase();
    return !FILE_EXTENSIONS.has(tld) && !value.includes('..');
  },
});

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
    },
    {
      // Candidates only: hex groups and colons; the validator asks node:net whether it is really IPv6.
      name: 'ipv6',
      regex: re(String.raw`(?<![\p{L}\p{N}_:.])(?=[0-9A-Fa-f:.]*::|(?:[0-9A-Fa-f]{1,4}:){7})[0-9A-Fa-f:]*:[0-9A-Fa-f:]*(?:\d{1,3}(?:\.\d{1,3}){3})?(?:\/\d{1,3})?(?![\p{L}\p{N}_:])`),
      score: 0.6,
      validScore: 0.85,
      requires: ':',
    },
  ],
  context: ['ip', 'address', 'host', 'server', 'client', 'connect', 'ping', 'login from', 'logged in from'],
  negativeContext: ['version', 'ver.', 'v.', 'release', 'build', 'oid', 'firmware'],
  normalise: (raw) => raw.replace(/\/\d+$/, ''),
  validate: (value) => {
    if (!value.includes(':')) {
      // The unspecified and broadcast addresses are placeholders, not anyone's address.
      return value !== '0.0.0.0' && value !== '255.255.255.255';
    }
    if (!isIPv6(value)) return false;
    // Rule out short hex-and-colon words (`add::`, `c::a`) that are valid IPv6 only on paper.
    const groups = value.split(':').filter((g) => g.length > 0);
    return groups.length >= 3 || (groups.length >= 2 && /\d/.test(value));
  },
});
