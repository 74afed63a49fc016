import type { ModerationCategory } from './heads.ts';

/**
 * Hazard markers: hand-written cue families per moderation category, and patterns of requests that
 * seek operational help with wrongdoing, over normalised (lower-cased) text. Each is a dense 0/1 input
 * of the detector; the cue families also provide weak category labels at training time. They carry
 * what hazardous requests share across sources, which word statistics of one dataset do not.
 */
export const CATEGORY_CUES: ReadonlyArray<readonly [ModerationCategory, RegExp]> = [
  ['SELF_HARM', /\b(suicid\w*|kill (?:myself|yourself|themselves)|self[- ]harm\w*|cut(?:ting)? (?:myself|yourself)|anorexi\w*|bulimi\w*|overdos\w*|end (?:my|your) (?:own )?life|hang (?:myself|yourself)|eating disorder|starv\w+ (?:myself|yourself))\b/],
  ['SEXUAL', /\b(sex\w*|porn\w*|nude\w*|naked|erotic\w*|genital\w*|penis|vagina|orgasm\w*|fetish\w*|prostitut\w*|escort\w*|rape\w*|raping|molest\w*|horny|boobs?|tits|dick|pussy|cum|blowjob|masturbat\w*|incest|pedophil\w*|child abuse material|onlyfans|strip ?club)\b/],
  ['HATE', /\b(racis\w*|racial|slurs?|nigg\w*|jews?|jewish|muslims?|islam\w*|black people|blacks|white people|gays?|lesbians?|transgender\w*|trans (?:people|women|men)|immigrants?|mexicans?|asians?|arabs?|chinese people|inferior|supremac\w*|nazis?|holocaust|ethnic\w*|minorit\w*|retard\w*|homophob\w*|sexis\w*|misogyn\w*|discriminat\w*|faggots?|fags?|kikes?|spics?|chinks?|wetbacks?|hate speech|genocide|xenophob\w*|bigot\w*)\b/],
  ['HARASSMENT', /\b(bully\w*|harass\w*|insult\w*|humiliat\w*|stalk\w*|threaten\w*|intimidat\w*|troll\w*|dox\w*|cyberbull\w*|idiots?|stupid|bitch\w*|cunts?|fuck (?:you|off)|losers?|ugly|shut up|moron\w*|dumbass|asshole\w*|whores?|sluts?|hoes?)\b/],
  ['UNETHICAL', /\b(hack\w*|steal\w*|stole|stolen|fraud\w*|scam\w*|phish\w*|malware|virus\w*|ransomware|spyware|keylog\w*|launder\w*|drugs?|meth\w*|cocaine|heroin|fentanyl|counterfeit\w*|forg(?:e|ed|ery|ing)|illegal\w*|cheat\w*|evad\w*|evasion|bribe\w*|blackmail\w*|extort\w*|smuggl\w*|pira(?:te|cy)|exploit\w*|identity theft|shoplift\w*|embezzl\w*|insider trading|manipulat\w*|misinformation|disinformation|fake news|propaganda|plagiari\w*|poach\w*|traffick\w*|vandal\w*|burglar\w*|rob|robb\w*|theft|crack(?:ing)? (?:a |the )?password\w*|ddos|botnet|trojan|lockpick\w*|break into|get away with|without (?:getting caught|being caught|paying))\b/],
  ['VIOLENCE', /\b(kill\w*|murder\w*|bombs?|bombing|explosiv\w*|weapons?|guns?|firearms?|shoot\w*|stab\w*|assault\w*|hurt\w*|tortur\w*|kidnap\w*|terror\w*|massacre\w*|violen\w*|beat (?:up|someone|him|her)|poison\w*|strangl\w*|knife|knives|behead\w*|assassinat\w*|attack\w*|maim\w*|injur\w*|choke|bioweapon\w*|nerve agent|anthrax|ricin|sarin|arson|molotov|lynch\w*|punch\w*|die)\b/],
];


const REQUEST_PATTERNS: readonly RegExp[] = [
  // asking for a method
  /\b(?:how (?:do|can|could|would|should|to|might) (?:i|you|we|one|someone|people|a person)?|ways? to|steps? to|step[- ]by[- ]step|instructions? (?:for|on|to)|guide (?:to|on|for)|tutorial (?:on|for)|teach me|explain how|tips? (?:for|on))\b/,
  // avoiding detection or consequences
  /\b(?:without (?:getting caught|being (?:caught|detected|noticed|traced)|anyone (?:knowing|noticing)|leaving (?:a )?trace|a trace)|undetect\w*|untraceable|get away with|cover (?:up|my tracks)|avoid (?:detection|the police|getting caught))\b/,
  // producing content that targets people
  /\b(?:write|create|generate|draft|compose|make) (?:a |an |some )?.{0,40}\b(?:that|which|to) (?:promotes?|encourages?|glorif\w+|incites?|convinces?|spreads?|mocks?|demeans?|threatens?|harass\w*|insults?|humiliat\w+|discriminat\w+)\b/,
];

export const HAZARD_MARKER_COUNT = CATEGORY_CUES.length + REQUEST_PATTERNS.length;

/** Writes 1/0 per cue family and request pattern into `out` starting at `offset`. */
export function hazardMarkers(text: string, out: Float32Array, offset: number): void {
  let i = offset;
  for (const [, cue] of CATEGORY_CUES) out[i++] = cue.test(text) ? 1 : 0;
  for (const pattern of REQUEST_PATTERNS) out[i++] = pattern.test(text) ? 1 : 0;
}
