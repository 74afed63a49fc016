import type { ModerationCategory } from '../domain/moderation.ts';

/**
 * Hazard markers: hand-written cue families per moderation category, and patterns of requests that
 * seek operational help with wrongdoing, over normalised (lower-cased) text. Each is a dense 0/1 input
 * of the detector; the cue families also provide weak category labels at training time. They carry
 * what hazardous requests share across sources, which word statistics of one dataset do not.
 */
export const CATEGORY_CUES: ReadonlyArray<readonly [ModerationCategory, RegExp]> = [
  [
    'SELF_HARM',
    /\b(suicid\w*|kill (?:myself|yourself|themselves)|self[- ]harm\w*|cut(?:ting)? (?:myself|yourself)|anorexi\w*|bulimi\w*|overdos\w*|end (?:my|your) (?:own )?life|hang (?:myself|yourself)|eating disorder|starv\w+ (?:myself|yourself))\b/,
  ],
  [
    'SEXUAL',
    /\b(sex\w*|porn\w*|nude\w*|naked|erotic\w*|genital\w*|penis|vagina|orgasm\w*|fetish\w*|prostitut\w*|escort\w*|rape\w*|raping|molest\w*|horny|boobs?|tits|dick|pussy|cum|blowjob|masturbat\w*|incest|pedophil\w*|child abuse material|onlyfans|strip ?club)\b/,
  ],
  [
    'HATE',
    /\b(racis\w*|racial|slurs?|nigg\w*|jews?|jewish|muslims?|islam\w*|black people|blacks|white people|gays?|lesbians?|transgender\w*|trans (?:people|women|men)|immigrants?|mexicans?|asians?|arabs?|chinese people|inferior|supremac\w*|nazis?|holocaust|ethnic\w*|minorit\w*|retard\w*|homophob\w*|sexis\w*|misogyn\w*|discriminat\w*|faggots?|fags?|kikes?|spics?|chinks?|wetbacks?|hate speech|genocide|xenophob\w*|bigot\w*)\b/,
  ],
  [
    'HARASSMENT',
    /\b(bully\w*|harass\w*|insult\w*|humiliat\w*|stalk\w*|threaten\w*|intimidat\w*|troll\w*|dox\w*|cyberbull\w*|idiots?|stupid|bitch\w*|cunts?|fuck (?:you|off)|losers?|ugly|shut up|moron\w*|dumbass|asshole\w*|whores?|sluts?|hoes?)\b/,
  ],
  [
    'UNETHICAL',
    /\b(hack\w*|steal\w*|stole|stolen|fraud\w*|scam\w*|phish\w*|malware|virus\w*|ransomware|spyware|keylog\w*|launder\w*|drugs?|meth\w*|cocaine|heroin|fentanyl|counterfeit\w*|forg(?:e|ed|ery|ing)|illegal\w*|cheat\w*|evad\w*|evasion|bribe\w*|blackmail\w*|extort\w*|smuggl\w*|pira(?:te|cy)|exploit\w*|identity theft|shoplift\w*|embezzl\w*|insider trading|manipulat\w*|misinformation|disinformation|fake news|propaganda|plagiari\w*|poach\w*|traffick\w*|vandal\w*|burglar\w*|rob|robb\w*|theft|crack(?:ing)? (?:a |the )?password\w*|ddos|botnet|trojan|lockpick\w*|break into|get away with|without (?:getting caught|being caught|paying))\b/,
  ],
  [
    'VIOLENCE',
    /\b(kill\w*|murder\w*|bombs?|bombing|explosiv\w*|weapons?|guns?|firearms?|shoot\w*|stab\w*|assault\w*|hurt\w*|tortur\w*|kidnap\w*|terror\w*|massacre\w*|violen\w*|beat (?:up|someone|him|her)|poison\w*|strangl\w*|knife|knives|behead\w*|assassinat\w*|attack\w*|maim\w*|injur\w*|choke|bioweapon\w*|nerve agent|anthrax|ricin|sarin|arson|molotov|lynch\w*|punch\w*|die)\b/,
  ],
];

const REQUEST_PATTERNS: readonly RegExp[] = [
  // asking for a method
  /\b(?:how (?:do|can|could|would|should|to|might) (?:i|you|we|one|someone|people|a person)?|ways? to|steps? to|step[- ]by[- ]step|instructions? (?:for|on|to)|guide (?:to|on|for)|tutorial (?:on|for)|teach me|explain how|tips? (?:for|on))\b/,
  // avoiding detection or consequences
  /\b(?:without (?:getting caught|being (?:caught|detected|noticed|traced)|anyone (?:knowing|noticing)|leaving (?:a )?trace|a trace)|undetect\w*|untraceable|get away with|cover (?:up|my tracks)|avoid (?:detection|the police|getting caught))\b/,
  // producing content that targets people
  /\b(?:write|create|generate|draft|compose|make) (?:a |an |some )?.{0,40}\b(?:that|which|to) (?:promotes?|encourages?|glorif\w+|incites?|convinces?|spreads?|mocks?|demeans?|threatens?|harass\w*|insults?|humiliat\w+|discriminat\w+)\b/,
  // Conjunctions of an action and a hazardous object: a hazard word alone ("kill a process", "a
  // history of bombs") is not a hazardous request; making, using or aiming it is.
  // making or obtaining a weapon, drug, poison or malicious code
  /\b(?:make|making|build|building|assemble|synthesi[sz]e|cook|brew|manufactur\w*|produce|create|craft|obtain|acquire|buy|get (?:hold of|my hands on)|smuggle|3d[- ]print)\b.{0,40}\b(?:bombs?|explosives?|ied|detonators?|napalm|thermite|grenades?|guns?|firearms?|rifles?|silencers?|ghost guns?|meth\w*|cocaine|heroin|fentanyl|lsd|mdma|drugs?|poisons?|toxins?|ricin|sarin|anthrax|nerve agents?|bioweapons?|chemical weapons?|malware|ransomware|keyloggers?|viruses|trojans?|botnets?|exploits?|counterfeit\w*|fake (?:ids?|passports?|money|bills))\b/,
  // harm aimed at a person or animal
  /\b(?:kill|murder|poison|stab|shoot|strangle|drown|kidnap|torture|beat up|hurt|injure|maim|attack|assault|rape|abuse|stalk|dox|blackmail|threaten|harass|bully|humiliate|frame)\b.{0,25}\b(?:my|his|her|their|your|a|the|some|that)?\s*(?:wife|husband|partner|girlfriend|boyfriend|ex|neighbou?r|boss|coworker|colleague|teacher|classmate|child|kid|baby|son|daughter|mother|father|mom|dad|parents?|family|friend|person|someone|somebody|people|him|her|them|president|politician|police|officer|student|stranger|dog|cat|animal)s?\b/,
  // an answer that refuses (what separates a safe answer from a harmful one that names the same things)
  /\b(?:i'?m sorry|i am sorry|i apologi[sz]e|i (?:can(?:not|'t)|won'?t|will not|am not able to|am unable to|must decline to|refuse to) (?:help|assist|provide|comply|fulfil+|do that|create|write|generate|give|share|support|answer|engage)|(?:it is|it's) not (?:appropriate|ethical|legal|safe)|against (?:my|the|our) (?:guidelines|policies|programming|principles)|as an ai(?: language model)?,? i (?:can(?:not|'t)|don'?t|do not|am not)|i must (?:decline|refuse)|not able to (?:help|assist|provide))\b/,
  // an answer that complies with instructions
  /\b(?:sure,? here(?:'s| is| are)|here(?:'s| is| are) (?:how|a (?:step|guide|tutorial|detailed|list))|step 1\b|first,? (?:you(?:'ll)? (?:need|want|should|must)|obtain|get|acquire|gather|find)|you will need:?|materials needed|ingredients:)/,
  // breaking into someone else's accounts, devices or systems
  /\b(?:hack|break into|get into|access|crack|bypass|spy on|take over|hijack|steal|clone|skim)\b.{0,30}\b(?:someone(?:'s| else'?s)?|my (?:ex|wife|husband|partner|boss|neighbou?r)'?s?|his|her|their|a (?:government|bank|hospital|company)'?s?|the (?:government|bank|school)'?s?)\s*.{0,20}\b(?:accounts?|emails?|phones?|computers?|wifi|networks?|passwords?|bank|credit cards?|identity|database|servers?|messages|camera|webcam|social media|instagram|facebook)\b/,
];

/** Category cues, then request patterns: the hazard inputs of the detector, in order. */
export const HAZARD_PATTERNS: readonly RegExp[] = [...CATEGORY_CUES.map(([, cue]) => cue), ...REQUEST_PATTERNS];
export const HAZARD_MARKER_COUNT = HAZARD_PATTERNS.length;
