/** The studio's mail outbox (PRODUCT.md §6). */
import type { AreaScreens } from '../screen';

export default {
  mailOutbox: {
    path: '/posta_in_uscita',
    role: 'Admin',
    load: () => import('./MailOutbox').then((m) => m.MailOutbox),
  },
} satisfies AreaScreens;
