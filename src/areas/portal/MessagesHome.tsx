/**
 * The home page's 'Messaggi dei clienti' card (issue 50 item 5), Collaboratore and above: how many
 * conversations of the customers' area have messages of the customer the studio has not read (GET
 * /api/portal/threads/unread), a link to 'Messaggi dei clienti' with only those ('Solo non letti');
 * none to read, a link to all of them. Nothing (and no call) for the Utente.
 */
import { Card, CardContent, CardHeader, Link, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, usePermissions } from 'react-admin';
import { atLeast } from '../../../model/define';
import { useAppDataProvider } from '../../dataProvider';
import { MESSAGES_PATH, MESSAGES_TITLE, UNREAD_KEY } from './parts';

/** 'Nessun messaggio da leggere', '1 conversazione con messaggi da leggere', 'N conversazioni con messaggi da leggere' */
export const unreadThreadsText = (n: number) =>
  n === 0
    ? 'Nessun messaggio da leggere'
    : n === 1
      ? '1 conversazione con messaggi da leggere'
      : `${n} conversazioni con messaggi da leggere`;

export function PortalMessagesHome() {
  const { permissions } = usePermissions<{ role?: string }>();
  const allowed = atLeast(permissions?.role ?? undefined, 'Collaboratore');
  const dp = useAppDataProvider();
  const unread = useQuery({
    queryKey: UNREAD_KEY,
    enabled: allowed,
    retry: false,
    queryFn: ({ signal }) => dp.portalUnreadThreads({ signal }),
  });
  if (!allowed) return null;
  const n = unread.data ?? 0;
  return (
    <Card component="section" aria-labelledby="portal-messages-home-title" variant="outlined" sx={{ mb: 3 }}>
      <CardHeader
        title={MESSAGES_TITLE}
        slotProps={{ title: { variant: 'h6', component: 'h2', id: 'portal-messages-home-title' } }}
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        {unread.isPending ? (
          <Skeleton variant="text" width={320} role="progressbar" aria-label="Caricamento dei messaggi dei clienti" />
        ) : unread.isError ? (
          <Typography variant="body2" color="text.secondary">
            Messaggi dei clienti non disponibili
          </Typography>
        ) : (
          <Link
            component={LinkBase}
            to={n > 0 ? `${MESSAGES_PATH}?unread=1` : MESSAGES_PATH}
            variant="body1"
            sx={n > 0 ? { fontWeight: 500 } : undefined}
          >
            {unreadThreadsText(n)}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
