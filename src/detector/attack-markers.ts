/**
 * Known attack markers: hand-written pattern families over normalised (lower-cased, folded) text,
 * each a dense 0/1 input of the detector. They encode what prompt-injection, jailbreak and
 * extraction attempts have in common across sources (override verbs aimed at prior instructions,
 * persona switches that lift rules, requests for the hidden prompt or secret, dual-answer formats),
 * so the model does not have to rediscover them from one dataset's phrasing.
 *
 * Long alternations are lists joined with `|`; the entries are regex source (`instructions?` keeps
 * its optional s) and spaces stay literal spaces, as normalised text has single spaces only.
 */

// override of prior instructions
const OVERRIDE_VERBS = [
  'ignore',
  'disregard',
  'forget',
  'skip',
  'override',
  'bypass',
  'drop',
  'abandon',
  'neglect',
  'dismiss',
  'set aside',
  'pay no attention to',
  'do not follow',
  "don'?t follow",
  'stop following',
].join('|');
const PRIOR = ['previous', 'prior', 'above', 'earlier', 'preceding', 'original', 'initial', 'all', 'any', 'your', 'the', 'these', 'those', 'every'].join('|');
const INSTRUCTIONS = [
  'instructions?',
  'directions?',
  'directives?',
  'rules?',
  'guidelines?',
  'prompts?',
  'commands?',
  'orders?',
  'constraints?',
  'context',
  'programming',
  'policies',
  'policy',
  'restrictions?',
].join('|');

// new instructions / task switch
const TASK_SWITCH = [
  String.raw`\b(?:new|updated|real|actual|following|revised|different)\s+(?:instructions?|task|rules?|directive|objective|mission|orders?)\b`,
  String.raw`\binstead,? (?:you (?:will|must|should)|do|say|print|output|write)\b`,
  String.raw`\bfrom now on\b`,
  String.raw`\bhenceforth\b`,
  String.raw`\bstarting now\b`,
].join('|');

// persona switch
const PERSONA_SWITCH = [
  String.raw`\byou are (?:now|going to be|going to act|no longer)\b`,
  String.raw`\b(?:act|behave|respond|answer) as (?:if you (?:were|are)|an? (?:ai|assistant|model|chatbot|language model)\b)`,
  String.raw`\bpretend (?:to be|you are|that you)\b`,
  String.raw`\b(?:roleplay|role-play|role play) as\b`,
  String.raw`\bsimulate (?:an?|the)\b`,
  String.raw`\bstay in character\b`,
  String.raw`\bbreak(?:ing)? character\b`,
].join('|');

// lifting of rules
const WITHOUT = [
  'no',
  'without',
  'free (?:of|from)',
  'free of any',
  'zero',
  'lack(?:s|ing)?',
  'devoid of',
  'not bound by',
  'unbound by',
  'beyond',
  'removed?',
  'ignores?',
].join('|');
const LIMITS = [
  'restrictions?',
  'limitations?',
  'limits',
  'filters?',
  'filtering',
  'censorship',
  'rules',
  'guidelines',
  'ethics',
  'ethical',
  'morals?',
  'moral',
  'boundaries',
  'constraints',
  'safeguards',
  'policies',
  'content polic(?:y|ies)',
].join('|');
const UNRESTRICTED = [
  'unfiltered',
  'uncensored',
  'unrestricted',
  'unlimited',
  'amoral',
  'unethical ai',
  'jailbroken',
  'jailbreak',
  'unbound',
  'unchained',
  'liberated',
].join('|');

// named jailbreak personas and modes
const JAILBREAK_NAMES = [
  'dan',
  'do anything now',
  'developer mode',
  'dev mode',
  'god mode',
  'evil (?:mode|bot|ai|confidant)',
  'opposite mode',
  'aim',
  'stan',
  'dude',
  'mongo tom',
  'betterdan',
  'antigpt',
  'anti-gpt',
  'maximum',
  'omega',
  'apophis',
  'kevin',
  'sydney',
  'chaos mode',
  'sudo mode',
  'admin mode',
  'debug mode',
  'maintenance mode',
  'unlocked mode',
].join('|');

// content policy references
const POLICY_REFERENCES = [
  String.raw`\b(?:openai|anthropic|content|usage|safety)(?:'s)? (?:polic(?:y|ies)|guidelines|rules|filters?)\b`,
  String.raw`\bas an ai language model\b`,
  String.raw`\bi'?m sorry,? but\b`,
  String.raw`\bcannot comply\b`,
].join('|');

// dual answers and response-format hijacks
const FORMAT_HIJACKS = [
  String.raw`\[(?:🔓|🔒|jailbreak|classic|dan|developer mode output|normal output|gpt|aim)\]`,
  String.raw`\b(?:two|2) (?:different )?(?:responses|answers|paragraphs)\b`,
  String.raw`\bbegin (?:your|the|each) (?:reply|response|answer) with\b`,
  String.raw`\balways (?:start|begin) (?:your|each|every)\b`,
  String.raw`\bnever refuse\b`,
  String.raw`\bmust (?:always )?(?:answer|comply|obey|respond)\b`,
  String.raw`\bwill not refuse\b`,
  String.raw`\bcan'?t refuse\b`,
  String.raw`\bdo not (?:warn|apologi[sz]e|add (?:any )?(?:disclaimers?|warnings?))\b`,
].join('|');

// hidden prompt and secret extraction
const HIDDEN = ['system', 'initial', 'original', 'hidden', 'secret', 'internal', 'pre-?prompt', 'first', 'opening', 'developer', 'confidential'].join('|');
const PROMPT_WORDS = ['prompt', 'instructions?', 'message', 'directives?', 'configuration', 'rules', 'text', 'setup'].join('|');
const REVEAL_VERBS = [
  'repeat',
  'print',
  'output',
  'reveal',
  'show',
  'display',
  'echo',
  'recite',
  'dump',
  'leak',
  'tell me',
  'write out',
  'copy',
  'spell out',
  'list',
].join('|');
const WHOLE = ['your', 'the', 'all', 'above', 'previous', 'initial', 'exact', 'full', 'entire', 'hidden', 'secret'].join('|');
const SECRETS = [
  'instructions',
  'prompt',
  'text',
  'words',
  'sentences',
  'message',
  'rules',
  'password',
  'passcode',
  'secret',
  'key',
  'code',
  'directives',
  'configuration',
].join('|');

// the text above / before
const TEXT_ABOVE = [
  String.raw`\b(?:everything|all|text|words|content|what (?:was|is) written|what you were told)\s+(?:above|before (?:this|my)|prior to (?:this|my)|preceding|so far|earlier)\b`,
  String.raw`\bbeginning of (?:this|the|our) (?:conversation|chat|prompt|document)\b`,
  String.raw`\b(?:verbatim|word for word|word-for-word)\b`,
].join('|');

// prompt delimiters and fake roles
const DELIMITERS = [
  String.raw`(?:^|\s)(?:system|assistant|user|admin|developer|root)\s*:`,
  String.raw`<\/?(?:system|im_start|im_end|s|inst|instructions?|admin)>`,
  String.raw`\[\/?(?:inst|system|sys)\]`,
  String.raw`#{2,}\s*(?:system|instruction|new|end)`,
  '={3,}',
  String.raw`-{3,}\s*(?:end|begin|new)`,
  '%%%',
  String.raw`\bend of (?:user )?(?:input|prompt|instructions?)\b`,
].join('|');

// encoding and obfuscation requests
const ENCODINGS = [
  'base64',
  'rot13',
  'rot-13',
  'hex(?:adecimal)?',
  'binary',
  'morse',
  'caesar',
  'cipher',
  'encode[ds]?',
  'decode[ds]?',
  'reverse(?:d)?',
  'backwards',
  'leetspeak',
  'l33t',
  'pig latin',
  'acrostic',
  'spell(?:ed)? (?:it )?(?:out|backwards)',
].join('|');

// hypothetical and fictional framing of forbidden content
const FICTION = [
  'hypothetical(?:ly)?',
  'fictional',
  'imaginary',
  'in a (?:story|novel|movie|game|world)',
  'for (?:educational|research|academic) purposes(?: only)?',
  'purely for',
  'thought experiment',
  'in minecraft',
  'alternate universe',
].join('|');

// refusal suppression and prefix injection (known jailbreak techniques)
const REFUSAL_SUPPRESSION = [
  String.raw`\bnever (?:ever )?(?:use|say|write|include|respond with) (?:the )?(?:phrases?|words?|sentences?|disclaimers?)\b`,
  String.raw`\b(?:always|must|will|shall) (?:fulfil|fulfill|comply|obey|answer|do what|follow (?:every|all|any) (?:request|command|order))\w*\b`,
  String.raw`\beven if (?:the |your |a |my )?(?:request|question|it|this|that)?\s*(?:is|seems|sounds|looks|may be)? ?(?:a bit |slightly |somewhat )?` +
    String.raw`(?:questionable|unethical|illegal|harmful|dangerous|immoral|offensive|inappropriate)\b`,
  String.raw`\bstart (?:your|the|each) (?:response|reply|answer) (?:with|using)\b`,
  String.raw`<\/?rules?>`,
].join('|');

// The three families below carry the most common markers into other languages and scripts (where
// \b does not apply, so they match substrings): an override of prior instructions or rules (in
// verb-final languages the object comes first), rule lifting, and the system prompt or secret.
const FOREIGN_OVERRIDE_VERBS = [
  'ignora',
  'ignore',
  'ignoriere',
  'ignorare',
  'ignorar',
  'negeer',
  'игнорируй',
  'игнорировать',
  'проигнорируй',
  'zignoruj',
  'ignoruj',
  'yok say',
  'abaikan',
  'bỏ qua',
  '忽略',
  '无视',
  '無視',
  '무시',
  'تجاهل',
  'अनदेखा',
  'olvida',
  'oublie',
  'vergiss',
  'dimentica',
  'esqueça',
  'esqueca',
  'забудь',
  'zapomnij',
  'unut',
  'lupakan',
  'quên',
  '忘记',
  '忘掉',
  '忘れ',
  '잊어',
  'انس',
  'भूल जा',
].join('|');
const FOREIGN_INSTRUCTIONS = [
  'instrucciones',
  'instructions',
  'anweisungen',
  'istruzioni',
  'instruções',
  'instrucoes',
  'instructies',
  'инструкци',
  'instrukcj',
  'talimat',
  'instruksi',
  'hướng dẫn',
  'chỉ dẫn',
  '指令',
  '指示',
  '规则',
  '規則',
  'ルール',
  '지시',
  '규칙',
  'التعليمات',
  'القواعد',
  'निर्देश',
  'नियम',
  'reglas',
  'règles',
  'regeln',
  'regole',
  'regras',
  'regels',
  'правил',
  'zasad',
  'kural',
  'aturan',
  'quy tắc',
  'directrices',
  'consignes',
  'richtlinien',
].join('|');
const FOREIGN_INSTRUCTIONS_FIRST = ['指令', '指示', '规则', '規則', 'ルール', '지시', '규칙', 'निर्देश', 'नियम', 'talimat', 'kural'].join('|');
const FOREIGN_OVERRIDE_VERBS_LAST = ['忽略', '无视', '無視', '무시', 'अनदेखा', 'yok say', 'unut', '忘れ', '잊어', 'भूल जा'].join('|');
const WITHIN_SENTENCE = '[^.!?。！？\\n]{0,40}';
const FOREIGN_UNRESTRICTED = [
  'sin (?:ninguna |ningún |ningun )?(?:restricci|límite|limite|filtro|censura)',
  'sans (?:aucune |aucun )?(?:restriction|limite|filtre|censure)',
  'ohne (?:jegliche |irgendwelche )?(?:einschränkung|grenzen|filter|zensur)',
  'senza (?:alcuna |nessun[ao]? )?(?:restrizion|limit|filtr|censura)',
  'sem (?:nenhuma |qualquer )?(?:restriç|restric|limite|filtro|censura)',
  'zonder (?:beperking|filter|censuur)',
  'без (?:каких-либо |всяких |любых )?(?:ограничени|фильтр|цензур)',
  'bez (?:żadnych |jakichkoli )?(?:ograniczeń|filtrów|cenzury)',
  '没有任何限制',
  '没有限制',
  '无限制',
  '不受限制',
  '无审查',
  '制限(?:も|の)?な',
  '制限なし',
  '検閲なし',
  '제한(?:이|도)? 없',
  '검열(?:이|도)? 없',
  'بلا (?:أي )?قيود',
  'بدون (?:أي )?قيود',
  'बिना किसी (?:प्रतिबंध|सीमा)',
  'không (?:có )?(?:bất kỳ )?(?:giới hạn|hạn chế|kiểm duyệt)',
  'tanpa (?:batasan|sensor|filter)',
  'kısıtlaması olmayan',
  'kısıtlama olmadan',
  'sansürsüz',
  'modo desarrollador',
  'mode développeur',
  'entwicklermodus',
  'modalità sviluppatore',
  'modo desenvolvedor',
  'режим разработчика',
  '开发者模式',
  '開発者モード',
  '개발자 모드',
].join('|');
const FOREIGN_SYSTEM_PROMPT = [
  'prompt del sistema',
  'prompt de sistema',
  'prompt système',
  'systemprompt',
  'prompt di sistema',
  'prompt do sistema',
  'systeemprompt',
  'системный промпт',
  String.raw`системн\S* (?:промпт|подсказк|сообщени|инструкц)`,
  'prompt systemowy',
  'sistem istem',
  'prompt sistem',
  'lời nhắc hệ thống',
  '系统提示',
  '系統提示',
  'システムプロンプト',
  '시스템 프롬프트',
  'موجه النظام',
  'رسالة النظام',
  'सिस्टम प्रॉम्प्ट',
  'contraseña secreta',
  'mot de passe secret',
  'geheime passwort',
  'password segreta',
  'senha secreta',
  'секретный пароль',
  'tajne hasło',
  'gizli şifre',
  'kata sandi rahasia',
  'mật khẩu bí mật',
  '秘密密码',
  '秘密のパスワード',
  '비밀 비밀번호',
  'كلمة المرور السرية',
  'गुप्त पासवर्ड',
].join('|');

// persuasion toward compliance
const PERSUASION = [
  'you (?:have|got) (?:been )?(?:freed|liberated|jailbroken|unlocked)',
  'you can do anything',
  'there are no rules',
  'nothing is off limits',
  'no matter how (?:immoral|unethical|illegal|dangerous|offensive)',
  "even if (?:it'?s|it is) (?:illegal|unethical|harmful|immoral)",
  'regardless of (?:legality|ethics|morality)',
].join('|');

export const ATTACK_PATTERNS: readonly RegExp[] = [
  new RegExp(String.raw`\b(?:${OVERRIDE_VERBS})\b.{0,40}\b(?:${PRIOR})\b.{0,30}\b(?:${INSTRUCTIONS})\b`),
  new RegExp(TASK_SWITCH),
  new RegExp(PERSONA_SWITCH),
  new RegExp(String.raw`\b(?:${WITHOUT})\s+(?:any\s+)?(?:${LIMITS})\b|\b(?:${UNRESTRICTED})\b`),
  new RegExp(String.raw`\b(?:${JAILBREAK_NAMES})\b`),
  new RegExp(POLICY_REFERENCES),
  new RegExp(FORMAT_HIJACKS),
  new RegExp(String.raw`\b(?:${HIDDEN})\s+(?:${PROMPT_WORDS})\b|\b(?:${REVEAL_VERBS})\b.{0,40}\b(?:(?:${WHOLE})\s+){1,3}(?:${SECRETS})\b`),
  new RegExp(TEXT_ABOVE),
  // passwords and access codes
  /\b(?:password|passcode|passphrase|access code|secret (?:word|key|code|phrase)|pin code)\b|\baccess granted\b/,
  new RegExp(DELIMITERS),
  new RegExp(String.raw`\b(?:${ENCODINGS})\b`),
  new RegExp(String.raw`\b(?:${FICTION})\b`),
  new RegExp(REFUSAL_SUPPRESSION),
  new RegExp(
    `(?:${FOREIGN_OVERRIDE_VERBS})${WITHIN_SENTENCE}(?:${FOREIGN_INSTRUCTIONS})|(?:${FOREIGN_INSTRUCTIONS_FIRST})${WITHIN_SENTENCE}(?:${FOREIGN_OVERRIDE_VERBS_LAST})`,
  ),
  new RegExp(`(?:${FOREIGN_UNRESTRICTED})`),
  new RegExp(`(?:${FOREIGN_SYSTEM_PROMPT})`),
  new RegExp(String.raw`\b(?:${PERSUASION})\b`),
];

export const ATTACK_MARKER_COUNT = ATTACK_PATTERNS.length;

/** Number of marker families that fire on `text`. */
export function attackMarkerCount(text: string): number {
  return ATTACK_PATTERNS.filter((p) => p.test(text)).length;
}
