/** The hazard categories content moderation reports, in the order of the detector's output layer. */
export const MODERATION_CATEGORIES = ['VIOLENCE', 'HATE', 'HARASSMENT', 'SEXUAL', 'SELF_HARM', 'UNETHICAL'] as const;
export type ModerationCategory = (typeof MODERATION_CATEGORIES)[number];
