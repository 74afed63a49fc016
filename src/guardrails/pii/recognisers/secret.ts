import { API_KEY_PREFIX } from '../../../keys/api-key.ts';
import { defineRecogniser, re } from '../recogniser.ts';

const PLACEHOLDER = /x{4,}|\*{3,}|your|example|sample|dummy|placeholder|redacted|changeme|insert|token_here|api_key|<|>|\{|\}|\.\.\./i;

/** Shannon entropy in bits per character. */
export function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Random-looking: high entropy, letters and digits mixed. */
function looksRandom(value: string): boolean {
  return /\d/.test(value) && /[A-Za-z]/.test(value) && entropy(value) >= 3.2;
}

const TOKEN_END = String.raw`(?![\p{L}\p{N}_\-])`;

/**
 * Credentials: provider keys with a known prefix, JSON web tokens, PEM private keys, bearer tokens
 * and values assigned to secret-named variables. Prefixed formats are near-certain; the generic
 * forms must also look random. Passwords and connection URLs are in credentials.ts.
 */
export const secret = defineRecogniser({
  name: 'secret',
  entity: 'SECRET',
  patterns: [
    {
      name: 'private-key',
      regex: re(String.raw`-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----)?`),
      score: 1,
      requires: 'PRIVATE KEY',
    },
    {
      name: 'aws-access-key',
      regex: re('(?<![A-Z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z0-9]{16}(?![A-Z0-9])'),
      score: 0.95,
      requires: /AKIA|ASIA|AGPA|AIDA|AROA/,
    },
    {
      name: 'github-token',
      regex: re(String.raw`(?<![\w])(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{60,255})${TOKEN_END}`),
      score: 0.95,
      requires: /gh[pousr]_|github_pat_/,
    },
    { name: 'slack-token', regex: re(String.raw`(?<![\w])(?:xox[abposre]-|xapp-\d-)[A-Za-z0-9\-]{10,}${TOKEN_END}`), score: 0.9, requires: /xox|xapp-/ },
    {
      name: 'slack-webhook',
      regex: re(String.raw`https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/\-]{20,}`),
      score: 0.95,
      requires: 'hooks.slack.com',
    },
    { name: 'stripe-key', regex: re(String.raw`(?<![\w])(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}${TOKEN_END}`), score: 0.9, requires: /_live_|_test_/ },
    { name: 'stripe-webhook-secret', regex: re(String.raw`(?<![\w])whsec_[A-Za-z0-9]{24,}${TOKEN_END}`), score: 0.95, requires: 'whsec_' },
    {
      name: 'llm-api-key',
      regex: re(String.raw`(?<![\w\-])sk-(?:ant-|proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}${TOKEN_END}`),
      score: 0.6,
      validScore: 0.95,
      requires: 'sk-',
    },
    { name: 'rampart-api-key', regex: re(String.raw`(?<![\w])${API_KEY_PREFIX}[0-9A-Za-z]{43}${TOKEN_END}`), score: 0.95, requires: API_KEY_PREFIX },
    { name: 'google-api-key', regex: re(String.raw`(?<![\w])AIza[0-9A-Za-z_\-]{35}${TOKEN_END}`), score: 0.95, requires: 'AIza' },
    { name: 'google-oauth-secret', regex: re(String.raw`(?<![\w])GOCSPX-[0-9A-Za-z_\-]{28}${TOKEN_END}`), score: 0.95, requires: 'GOCSPX-' },
    { name: 'google-oauth-token', regex: re(String.raw`(?<![\w.])ya29\.[0-9A-Za-z_\-]{30,}${TOKEN_END}`), score: 0.9, requires: 'ya29.' },
    {
      name: 'jwt',
      regex: re(String.raw`(?<![\w\-])eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}${TOKEN_END}`),
      score: 0.95,
      requires: 'eyJ',
    },
    {
      name: 'bearer',
      regex: re(String.raw`(?<=\bbearer:?\s+)(?<value>[A-Za-z0-9._~+\/\-]{16,}=*)`, 'di'),
      score: 0.3,
      validScore: 0.9,
      requires: /bearer/i,
    },
    {
      name: 'assignment',
      regex: re(
        String.raw`(?:api[_\-]?key|apikey|secret(?:[_\-]?key)?|access[_\-]?token|auth[_\-]?token|refresh[_\-]?token|client[_\-]?secret|private[_\-]?key)["']?\s*[:=]\s*["']?(?<value>[^\s"'<>{}]{12,})`,
        'di',
      ),
      score: 0.3,
      validScore: 0.85,
      // The name of the variable ends in one of these right before the assignment.
      requires: /(?:key|secret|token)["']?\s*[:=]/i,
    },
  ],
  normalise: (raw) => raw,
  validate: (value) => (PLACEHOLDER.test(value) ? false : looksRandom(value) ? true : undefined),
});
