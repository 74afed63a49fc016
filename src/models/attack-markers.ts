/**
 * Known attack markers: hand-written pattern families over normalised (lower-cased, folded) text,
 * each a dense 0/1 input of the detector. They encode what prompt-injection, jailbreak and
 * extraction attempts have in common across sources (override verbs aimed at prior instructions,
 * persona switches that lift rules, requests for the hidden prompt or secret, dual-answer formats),
 * so the model does not have to rediscover them from one dataset's phrasing.
 */
export const ATTACK_PATTERNS: readonly RegExp[] = [
  // override of prior instructions
  /\b(?:ignore|disregard|forget|skip|override|bypass|drop|abandon|neglect|dismiss|set aside|pay no attention to|do not follow|don'?t follow|stop following)\b.{0,40}\b(?:previous|prior|above|earlier|preceding|original|initial|all|any|your|the|these|those|every)\b.{0,30}\b(?:instructions?|directions?|directives?|rules?|guidelines?|prompts?|commands?|orders?|constraints?|context|programming|policies|policy|restrictions?)\b/,
  // new instructions / task switch
  /\b(?:new|updated|real|actual|following|revised|different)\s+(?:instructions?|task|rules?|directive|objective|mission|orders?)\b|\binstead,? (?:you (?:will|must|should)|do|say|print|output|write)\b|\bfrom now on\b|\bhenceforth\b|\bstarting now\b/,
  // persona switch
  /\byou are (?:now|going to be|going to act|no longer)\b|\b(?:act|behave|respond|answer) as (?:if you (?:were|are)|an? (?:ai|assistant|model|chatbot|language model)\b)|\bpretend (?:to be|you are|that you)\b|\b(?:roleplay|role-play|role play) as\b|\bsimulate (?:an?|the)\b|\bstay in character\b|\bbreak(?:ing)? character\b/,
  // lifting of rules
  /\b(?:no|without|free (?:of|from)|free of any|zero|lack(?:s|ing)?|devoid of|not bound by|unbound by|beyond|removed?|ignores?)\s+(?:any\s+)?(?:restrictions?|limitations?|limits|filters?|filtering|censorship|rules|guidelines|ethics|ethical|morals?|moral|boundaries|constraints|safeguards|policies|content polic(?:y|ies))\b|\b(?:unfiltered|uncensored|unrestricted|unlimited|amoral|unethical ai|jailbroken|jailbreak|unbound|unchained|liberated)\b/,
  // named jailbreak personas and modes
  /\b(?:dan|do anything now|developer mode|dev mode|god mode|evil (?:mode|bot|ai|confidant)|opposite mode|aim|stan|dude|mongo tom|betterdan|antigpt|anti-gpt|maximum|omega|apophis|kevin|sydney|chaos mode|sudo mode|admin mode|debug mode|maintenance mode|unlocked mode)\b/,
  // content policy references
  /\b(?:openai|anthropic|content|usage|safety)(?:'s)? (?:polic(?:y|ies)|guidelines|rules|filters?)\b|\bas an ai language model\b|\bi'?m sorry,? but\b|\bcannot comply\b/,
  // dual answers and response-format hijacks
  /\[(?:🔓|🔒|jailbreak|classic|dan|developer mode output|normal output|gpt|aim)\]|\b(?:two|2) (?:different )?(?:responses|answers|paragraphs)\b|\bbegin (?:your|the|each) (?:reply|response|answer) with\b|\balways (?:start|begin) (?:your|each|every)\b|\bnever refuse\b|\bmust (?:always )?(?:answer|comply|obey|respond)\b|\bwill not refuse\b|\bcan'?t refuse\b|\bdo not (?:warn|apologi[sz]e|add (?:any )?(?:disclaimers?|warnings?))\b/,
  // hidden prompt and secret extraction
  /\b(?:system|initial|original|hidden|secret|internal|pre-?prompt|first|opening|developer|confidential)\s+(?:prompt|instructions?|message|directives?|configuration|rules|text|setup)\b|\b(?:repeat|print|output|reveal|show|display|echo|recite|dump|leak|tell me|write out|copy|spell out|list)\b.{0,40}\b(?:(?:your|the|all|above|previous|initial|exact|full|entire|hidden|secret)\s+){1,3}(?:instructions|prompt|text|words|sentences|message|rules|password|passcode|secret|key|code|directives|configuration)\b/,
  // the text above / before
  /\b(?:everything|all|text|words|content|what (?:was|is) written|what you were told)\s+(?:above|before (?:this|my)|prior to (?:this|my)|preceding|so far|earlier)\b|\bbeginning of (?:this|the|our) (?:conversation|chat|prompt|document)\b|\b(?:verbatim|word for word|word-for-word)\b/,
  // passwords and access codes
  /\b(?:password|passcode|passphrase|access code|secret (?:word|key|code|phrase)|pin code)\b|\baccess granted\b/,
  // prompt delimiters and fake roles
  /(?:^|\s)(?:system|assistant|user|admin|developer|root)\s*:|<\/?(?:system|im_start|im_end|s|inst|instructions?|admin)>|\[\/?(?:inst|system|sys)\]|#{2,}\s*(?:system|instruction|new|end)|={3,}|-{3,}\s*(?:end|begin|new)|%%%|\bend of (?:user )?(?:input|prompt|instructions?)\b/,
  // encoding and obfuscation requests
  /\b(?:base64|rot13|rot-13|hex(?:adecimal)?|binary|morse|caesar|cipher|encode[ds]?|decode[ds]?|reverse(?:d)?|backwards|leetspeak|l33t|pig latin|acrostic|spell(?:ed)? (?:it )?(?:out|backwards))\b/,
  // hypothetical and fictional framing of forbidden content
  /\b(?:hypothetical(?:ly)?|fictional|imaginary|in a (?:story|novel|movie|game|world)|for (?:educational|research|academic) purposes(?: only)?|purely for|thought experiment|in minecraft|alternate universe)\b/,
  // refusal suppression and prefix injection (known jailbreak techniques)
  /\bnever (?:ever )?(?:use|say|write|include|respond with) (?:the )?(?:phrases?|words?|sentences?|disclaimers?)\b|\b(?:always|must|will|shall) (?:fulfil|fulfill|comply|obey|answer|do what|follow (?:every|all|any) (?:request|command|order))\w*\b|\beven if (?:the |your |a |my )?(?:request|question|it|this|that)?\s*(?:is|seems|sounds|looks|may be)? ?(?:a bit |slightly |somewhat )?(?:questionable|unethical|illegal|harmful|dangerous|immoral|offensive|inappropriate)\b|\bstart (?:your|the|each) (?:response|reply|answer) (?:with|using)\b|<\/?rules?>/,
  // The three families below carry the most common markers into other languages and scripts (where
  // \b does not apply, so they match substrings): an override of prior instructions or rules (in
  // verb-final languages the object comes first), rule lifting, and the system prompt or secret.
  /(?:ignora|ignore|ignoriere|ignorare|ignorar|negeer|игнорируй|игнорировать|проигнорируй|zignoruj|ignoruj|yok say|abaikan|bỏ qua|忽略|无视|無視|무시|تجاهل|अनदेखा|olvida|oublie|vergiss|dimentica|esqueça|esqueca|забудь|zapomnij|unut|lupakan|quên|忘记|忘掉|忘れ|잊어|انس|भूल जा)[^.!?。！？\n]{0,40}(?:instrucciones|instructions|anweisungen|istruzioni|instruções|instrucoes|instructies|инструкци|instrukcj|talimat|instruksi|hướng dẫn|chỉ dẫn|指令|指示|规则|規則|ルール|지시|규칙|التعليمات|القواعد|निर्देश|नियम|reglas|règles|regeln|regole|regras|regels|правил|zasad|kural|aturan|quy tắc|directrices|consignes|richtlinien)|(?:指令|指示|规则|規則|ルール|지시|규칙|निर्देश|नियम|talimat|kural)[^.!?。！？\n]{0,40}(?:忽略|无视|無視|무시|अनदेखा|yok say|unut|忘れ|잊어|भूल जा)/,
  /(?:sin (?:ninguna |ningún |ningun )?(?:restricci|límite|limite|filtro|censura)|sans (?:aucune |aucun )?(?:restriction|limite|filtre|censure)|ohne (?:jegliche |irgendwelche )?(?:einschränkung|grenzen|filter|zensur)|senza (?:alcuna |nessun[ao]? )?(?:restrizion|limit|filtr|censura)|sem (?:nenhuma |qualquer )?(?:restriç|restric|limite|filtro|censura)|zonder (?:beperking|filter|censuur)|без (?:каких-либо |всяких |любых )?(?:ограничени|фильтр|цензур)|bez (?:żadnych |jakichkoli )?(?:ograniczeń|filtrów|cenzury)|没有任何限制|没有限制|无限制|不受限制|无审查|制限(?:も|の)?な|制限なし|検閲なし|제한(?:이|도)? 없|검열(?:이|도)? 없|بلا (?:أي )?قيود|بدون (?:أي )?قيود|बिना किसी (?:प्रतिबंध|सीमा)|không (?:có )?(?:bất kỳ )?(?:giới hạn|hạn chế|kiểm duyệt)|tanpa (?:batasan|sensor|filter)|kısıtlaması olmayan|kısıtlama olmadan|sansürsüz|modo desarrollador|mode développeur|entwicklermodus|modalità sviluppatore|modo desenvolvedor|режим разработчика|开发者模式|開発者モード|개발자 모드)/,
  /(?:prompt del sistema|prompt de sistema|prompt système|systemprompt|prompt di sistema|prompt do sistema|systeemprompt|системный промпт|системн\S* (?:промпт|подсказк|сообщени|инструкц)|prompt systemowy|sistem istem|prompt sistem|lời nhắc hệ thống|系统提示|系統提示|システムプロンプト|시스템 프롬프트|موجه النظام|رسالة النظام|सिस्टम प्रॉम्प्ट|contraseña secreta|mot de passe secret|geheime passwort|password segreta|senha secreta|секретный пароль|tajne hasło|gizli şifre|kata sandi rahasia|mật khẩu bí mật|秘密密码|秘密のパスワード|비밀 비밀번호|كلمة المرور السرية|गुप्त पासवर्ड)/,
  // persuasion toward compliance
  /\b(?:you (?:have|got) (?:been )?(?:freed|liberated|jailbroken|unlocked)|you can do anything|there are no rules|nothing is off limits|no matter how (?:immoral|unethical|illegal|dangerous|offensive)|even if (?:it'?s|it is) (?:illegal|unethical|harmful|immoral)|regardless of (?:legality|ethics|morality))\b/,
];

export const ATTACK_MARKER_COUNT = ATTACK_PATTERNS.length;

/** Number of marker families that fire on `text`. */
export function attackMarkerCount(text: string): number {
  return ATTACK_PATTERNS.filter((p) => p.test(text)).length;
}
