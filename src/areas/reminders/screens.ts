/** Following up (issue 30): the aging and the reminders. */
import type { AreaScreens } from '../screen';

export default {
  aging: {
    path: '/scadenzario',
    role: 'Collaboratore',
    menu: { section: 'Contabilità', title: 'Scadenzario', icon: 'EventNote' },
    load: () => import('./Aging').then((m) => m.Aging),
  },
  reminders: {
    path: '/solleciti',
    role: 'Collaboratore',
    menu: { section: 'Contabilità', title: 'Solleciti', icon: 'NotificationsActive' },
    load: () => import('./Reminders').then((m) => m.Reminders),
  },
} satisfies AreaScreens;
