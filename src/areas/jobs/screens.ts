/** The compliance jobs dashboard (seed B §2). */
import type { AreaScreens } from '../screen';

export default {
  jobsDashboard: {
    path: '/dashboard_jobs',
    role: 'Collaboratore',
    menu: { section: 'Adempimenti', title: 'Dashboard Adempimenti', icon: 'Dashboard' },
    load: () => import('./JobsDashboard').then((m) => m.JobsDashboard),
  },
} satisfies AreaScreens;
