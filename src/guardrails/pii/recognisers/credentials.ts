import { defineRecogniser, re } from '../recogniser.ts';
import { entropy } from './secret.ts';

/**
 * Credentials that are secret because of where they stand, not because of their shape: a password
 * after its label, the password of a connection URL, an AWS secret access key after its label. The
 * reported span is the value alone, so `sanitized_message` keeps the label ("password=<SECRET>").
 */

/** Template syntax and masks that stand for a value instead of being one. */
const TEMPLATE = /^(?:[<{[]|\$[{(A-Za-z_]|%\(?\w*\)?s$)|\{\{|^[*x•·#._\-…]+$/i;
/** Words that mark an example value in documentation. */
const EXAMPLE = /your|example|placeholder|redacted|dummy|sample|changeme|insert|here$/i;
/** Values of a password field that are not a password (types, flags, empty values). */
const NOT_A_VALUE = new Set([
  'none',
  'null',
  'nil',
  'true',
  'false',
  'undefined',
  'required',
  'optional',
  'empty',
  'blank',
  'unset',
  'hidden',
  'string',
  'str',
  'text',
  'password',
  'n/a',
]) as ReadonlySet<string>;

function isPlaceholder(value: string): boolean {
  return TEMPLATE.test(value) || EXAMPLE.test(value) || NOT_A_VALUE.has(value.toLowerCase());
}

/** Code that reads a password from elsewhere: `args.password`, `os.environ["PW"]`, `getpass()`. */
const CODE_REFERENCE = /[([]|^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/;

/** Characters a password written in prose does not end with (the sentence's punctuation). */
const TRAILING_PUNCTUATION = /[.,;:)\]}>]+$/;

/**
 * What stands after a password label in prose, where any word can follow ("Password: required",
 * "the password is wrong"): something no sentence would say, with a digit, a symbol or a capital
 * inside the word.
 */
function looksLikePassword(value: string): boolean {
  return value.length >= 6 && (/\d/.test(value) || /[^\p{L}\p{N}]/u.test(value) || /.\p{Lu}/u.test(value));
}

// The label may end a longer name (DB_PASSWORD, spring.datasource.password, PGPASSWORD).
const PASSWORD_LABEL = String.raw`(?<![\p{L}\p{N}])[\p{L}\p{N}_.\-]*?(?:password|passwort|passwd|passphrase|pwd)`;
const PASSWORD = re(
  String.raw`${PASSWORD_LABEL}(?:["']?\s*(?<sep>[:=])|\s+(?:is|was)\b)[ \t]*(?:"(?<dq>[^"\n]{1,200})"|'(?<sq>[^'\n]{1,200})'|(?<bare>[^\s"'\x60]{1,200}))`,
  'di',
);

/** Password values after their label, quoted or not. */
export const password = defineRecogniser({
  name: 'password',
  entity: 'SECRET',
  patterns: [
    {
      name: 'labelled-password',
      score: 0.9,
      requires: /pass|pwd/i,
      find(text) {
        const found: [number, number][] = [];
        for (const match of text.matchAll(PASSWORD)) {
          const groups = match.indices!.groups!;
          const quoted = groups.dq ?? groups.sq;
          let [start, end] = quoted ?? groups.bare!;
          let value = text.slice(start, end);
          if (!quoted) {
            value = value.replace(TRAILING_PUNCTUATION, '');
            end = start + value.length;
            if (CODE_REFERENCE.test(value)) continue;
          }
          if (isPlaceholder(value)) continue;
          // After "=" in a configuration line any value counts; in prose ("Password: …", "is …") only a password-like one.
          const assigned = match.groups!.sep === '=';
          if (quoted ? value.length < 4 : assigned ? value.length < 4 : !looksLikePassword(value)) continue;
          found.push([start, end]);
        }
        return found;
      },
    },
  ],
});

const CONNECTION_URL = re(
  String.raw`(?<![\p{L}\p{N}+.\-])[a-z][a-z0-9+.\-]{1,30}://(?<value>[^\s:@/?#"'<>]*:(?<password>[^\s@/?#"']+)@[^\s@/:?#"'<>,;]+)`,
  'di',
);

/**
 * A URL with a password in its user information (`postgres://app:s3cret@db:5432/orders`,
 * `redis://:pw@cache`), reported from the user name to the host: "s3cret@db" alone would read as an
 * e-mail address, and of overlapping findings the longer is kept.
 */
export const connectionStringPassword = defineRecogniser({
  name: 'connection-string',
  entity: 'SECRET',
  patterns: [
    {
      name: 'url-password',
      score: 1,
      requires: '://',
      find(text) {
        const found: (readonly [number, number])[] = [];
        for (const match of text.matchAll(CONNECTION_URL)) {
          if (!isPlaceholder(decodeURIComponentSafe(match.groups!.password!))) found.push(match.indices!.groups!.value!);
        }
        return found;
      },
    },
  ],
});

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * An AWS secret access key (40 base64 characters) after its label: `aws_secret_access_key = …`,
 * `"SecretAccessKey": "…"`, `AWS Secret Access Key [None]: …`. The documentation's example key is not one.
 */
export const awsSecretAccessKey = defineRecogniser({
  name: 'aws-secret-access-key',
  entity: 'SECRET',
  patterns: [
    {
      name: 'labelled-key',
      regex: re(
        String.raw`(?:aws[_\-\s.]?)?secret[_\-\s.]?access[_\-\s.]?key["']?(?:\s*\[[^\]\n]{0,20}\])?\s*[:=]?\s*["']?(?<value>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])`,
        'di',
      ),
      score: 0.3,
      validScore: 0.95,
      requires: /secret[_\-\s.]?access/i,
    },
  ],
  normalise: (raw) => raw,
  validate: (value) => !EXAMPLE.test(value) && /\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value) && entropy(value) >= 4,
});
