/** Subscription payments (seed B §2): buy months, back from the provider. */
import type { AreaScreens } from '../screen';

export default {
  payInit: {
    path: '/pay_init',
    role: 'Admin',
    load: () => import('./PayInit').then((m) => m.PayInit),
  },
  payReturn: {
    path: '/pay_return',
    role: 'Admin',
    load: () => import('./PayReturn').then((m) => m.PayReturn),
  },
} satisfies AreaScreens;
