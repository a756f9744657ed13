/** 'Redditività' (issue 49 item 5): what each customer, service and collaborator earns the studio. Admin only. */
import type { AreaScreens } from '../screen';

export default {
  profitability: {
    path: '/redditivita',
    role: 'Admin',
    load: () => import('./Profitability').then((m) => m.Profitability),
  },
} satisfies AreaScreens;
