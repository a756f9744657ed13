/** The engagements' area (issue 49): the billing plan, the per-unit counts and the runs' log. */
import type { AreaScreens } from '../screen';

export default {
  engagementBilling: {
    path: '/addebiti_incarichi',
    role: 'Collaboratore',
    load: () => import('./Billing').then((m) => m.EngagementBilling),
  },
} satisfies AreaScreens;
