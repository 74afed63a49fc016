/**
 * The password policy, shared by the server (which enforces it) and the dashboard's change-password
 * page (which shows it while the password is typed): length is what matters (NIST SP 800-63B), no
 * composition rules, and nothing a password cracker tries early. Guessability is estimated by zxcvbn
 * (zxcvbn-ts) against its common-password, English word and name lists and keyboard patterns.
 * This module imports nothing of Node's, so the dashboard bundles it as it is.
 */

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

/**
 * zxcvbn's score (0 to 4) a new password needs. 3 means more than 10^8 guesses: out of reach of an
 * online attack and slow against a stolen Argon2id hash; lower scores are passwords from common-password
 * lists and their variants (password1234, qwertyuiop12, iloveyou2024).
 */
export const MIN_PASSWORD_SCORE = 3;

/** Words a strength meter shows for zxcvbn's scores 0 to 4. */
export const SCORE_WORDS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

export interface StrengthEstimate {
  /** 0 (guessed at once) to 4 (very hard to guess). */
  score: 0 | 1 | 2 | 3 | 4;
  /** zxcvbn's reason, e.g. "This is similar to a commonly used password."; null when it has none. */
  warning: string | null;
  suggestions: string[];
}

/** Estimates how guessable a password is; `userInputs` are words of this account that make it easier. */
export type StrengthEstimator = (password: string, userInputs: readonly string[]) => StrengthEstimate;

/**
 * Builds the estimator. Its dictionaries are several megabytes and take a few hundred milliseconds to
 * index, so they are imported only here, when a password is about to be set.
 */
export async function loadStrengthEstimator(): Promise<StrengthEstimator> {
  const [{ ZxcvbnFactory }, common, english] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return (password, userInputs) => {
    const result = zxcvbn.check(password, [...userInputs]);
    return { score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions };
  };
}

/** Why `password` may not be the new password of `username`, as a sentence; null when it may. */
export function passwordProblem(password: string, username: string, estimate: StrengthEstimator): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `The new password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The new password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  if (password.toLowerCase().includes(username.toLowerCase())) return 'The new password must not contain the user name.';
  const strength = estimate(password, [username, 'rampart']);
  if (strength.score < MIN_PASSWORD_SCORE) {
    const why = strength.warning ?? 'It is among the first passwords an attacker would try.';
    const how = strength.suggestions[0] ?? 'Use a few unrelated words.';
    return `The new password is too easy to guess. ${why} ${how}`;
  }
  return null;
}
