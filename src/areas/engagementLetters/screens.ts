/** The engagement letter (issue 49 item 2): the studio's Word template of the letter, the Admin's. */
import type { AreaScreens } from '../screen';

export default {
  engagementLetterTemplate: {
    path: '/modello_lettera_incarico',
    role: 'Admin',
    load: () => import('./LetterTemplate').then((m) => m.LetterTemplate),
  },
} satisfies AreaScreens;
