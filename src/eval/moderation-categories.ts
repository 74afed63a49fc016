import type { ModerationCategory } from '../domain/moderation.ts';

/**
 * Maps the sub-labels that public datasets carry (harm taxonomies of HarmBench, CatQA, StrongREJECT,
 * JailbreakBench, ETHOS, ToxiGen, Davidson, ...) to Rampart's moderation categories. Returns an empty
 * list when the sub-label says nothing about the category, and null for sub-labels whose rows are not
 * hazardous content at all (e.g. requests for tailored financial advice or copyrighted lyrics).
 */
const RULES: ReadonlyArray<readonly [RegExp, ModerationCategory[] | null]> = [
  [
    /tailored financial advice|political campaigning\/(?:lobbying|political activism|partisan|election)|copyright|expert advice|government decision|human_chatbox/i,
    null,
  ],
  [/self[-_ ]?harm|suicide|eating disorder/i, ['SELF_HARM']],
  [/sexual|adult content|pornograph|erotic|nude|sexually_explicit|flirtation/i, ['SEXUAL']],
  [/harass|bully|insult|offensive_language|cyberbullying|doxxing|profanity/i, ['HARASSMENT']],
  [/hate|discriminat|identity_attack|racial|religious intolerance|^hate:|ethnic|toxicity_hateful/i, ['HATE']],
  [/violence|physical harm|physical abuse|assault|weapon|terror|threat|chemical|biological|hazardous material|murder|severe_toxicity/i, ['VIOLENCE']],
  [
    /illegal|crime|malware|hacking|cyber|fraud|decept|scam|phishing|counterfeit|theft|drug|trafficking|economic harm|privacy|surveillance|deepfake|data theft|misinformation|disinformation|malicious_uses|information_hazard|unethical|intrusion|child abuse|neglect|emotional and psychological/i,
    ['UNETHICAL'],
  ],
];

export function moderationCategoriesOf(datasetCategory: string): ModerationCategory[] | null {
  const found = new Set<ModerationCategory>();
  for (const [pattern, categories] of RULES) {
    if (!pattern.test(datasetCategory)) continue;
    if (categories === null) return found.size > 0 ? [...found] : null;
    for (const c of categories) found.add(c);
  }
  return [...found];
}
