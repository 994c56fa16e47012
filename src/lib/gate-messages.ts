/** The login prompts a landing page may show to anonymous visitors in place of its order section. */
export const GATE_MESSAGES = [
  'Bitte registrieren Sie sich',
  'Bitte registrieren Sie sich, um fortzufahren.',
  'Bitte registrieren Sie sich, um diese Seite zu sehen.',
  'Bitte melden Sie sich an, um fortzufahren.',
  'Bitte melden Sie sich an, um diese Seite zu sehen.',
] as const;

export type GateMessage = (typeof GATE_MESSAGES)[number];
