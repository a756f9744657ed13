/** The compliance jobs dashboard (seed B §2). */
import type { AreaScreens } from '../screen';

export default {
  jobsDashboard: {
    path: '/dashboard_jobs',
    role: 'Collaboratore',
    load: () => import('./JobsDashboard').then((m) => m.JobsDashboard),
  },
} satisfies AreaScreens;
