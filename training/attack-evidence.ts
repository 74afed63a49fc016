import { attackMarkerCount } from '../src/detector/attack-markers.ts';
import { normaliseForDetection } from '../src/text/normalise.ts';

/**
 * Whether an attack row carries attack content on its own. Game sources (Gandalf, Tensor Trust)
 * log every message a player sent during an attack, including openers and filler ("Do you speak
 * Spanish?", "How many cards in a deck", "Lamborghini Huracan"); as positives they teach the model
 * that short everyday messages are attacks. A row counts as evidence when an attack-marker family
 * fires or it names what extraction and hijacking go after (a secret, the instructions, the prompt,
 * the access phrase), in any of the languages the markers and this lexicon cover.
 */
const TARGETS = new RegExp(
  [
    // Latin-script words, misspellings included ("pasword", "passwoed", "isntructions")
    String.raw`\b(?:pa+s+w\w*|pasw\w*|passcode\w*|passphrase\w*|pw|pwd|secret\w*|codeword\w*|password\w*|i\w{0,2}nstr?uct\w*|isntruct\w*|prompts?|rules?|ruleset|guidelines?|directives?|system|configuration|initiali[sz]ation|access|granted|admin\w*|sudo|hidden|confidential|contraseña|clave|mot de passe|kennwort|parola|senha|wachtwoord|has[lł]o|şifre|sifre|salasana\w*|lösenord)\b`,
    // other scripts, where \b does not apply
    'пароль|паролем|инструкци|密码|口令|指令|提示词|パスワード|指示|비밀번호|암호|كلمة (?:المرور|السر)|पासवर्ड',
  ].join('|'),
  'u',
);

/** Sources that log every message of a game session, attack or not. */
export const GAME_LOG_SOURCES = /tensor-trust|gandalf/;

export function carriesAttackEvidence(text: string): boolean {
  const normalised = normaliseForDetection(text);
  return attackMarkerCount(normalised) > 0 || TARGETS.test(normalised);
}
