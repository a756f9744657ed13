/** Following up (issue 30): the aging and the reminders. */
import type { AreaScreens } from '../screen';

export default {
  aging: {
    path: '/scadenzario',
    role: 'Collaboratore',
    load: () => import('./Aging').then((m) => m.Aging),
  },
  reminders: {
    path: '/solleciti',
    role: 'Collaboratore',
    load: () => import('./Reminders').then((m) => m.Reminders),
  },
} satisfies AreaScreens;
