/**
 * The anti-money-laundering card of the home page (issue 48 item 3), Collaboratore and above: how
 * many checks of the customers' files fall due in the next 30 days and how many are late (GET
 * /api/aml/checks/summary), a link to 'Verifiche antiriciclaggio'; for the Admin also the state of
 * the studio's self-assessment (GET /api/aml/self_assessments), a link to it. Nothing for the Utente.
 * Titled 'Scadenze antiriciclaggio': the menu's card below is 'Antiriciclaggio' (one name, one region).
 */
import { Box, Card, CardContent, CardHeader, Link, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { LinkBase, usePermissions } from 'react-admin';
import { atLeast } from '../../../model/define';
import type { AmlDueSummary, AmlStudioFile } from '../../../model/api/aml';
import { useAppDataProvider } from '../../dataProvider';
import { ROUTES } from '../../routeTable';
import { displayDate } from '../../../model/dates';

const CHECKS_PATH = ROUTES.amlChecks ?? '/verifiche_antiriciclaggio';
const SELF_PATH = ROUTES.amlSelfAssessment ?? '/autovalutazione_antiriciclaggio';
/** 'DD/MM/YYYY' of a wire date (not AmlChecks.tsx's: the home page would load the screen's chunk) */
const slashDate = (iso: string) => displayDate(iso).replace(/-/g, '/');

/** 'N verifiche da fare nei prossimi 30 giorni, M in ritardo' */
export const dueText = (s: AmlDueSummary) =>
  `${s.due === 1 ? '1 verifica da fare' : `${s.due} verifiche da fare`} nei prossimi 30 giorni, ${s.late} in ritardo`;

/** The self-assessment's state: never made, past its term, or until when it holds. */
export const selfText = (f: AmlStudioFile) =>
  !f.current && !f.next_due
    ? 'Autovalutazione mai fatta'
    : f.overdue || !f.next_due
      ? 'Autovalutazione scaduta'
      : `Autovalutazione da rifare entro il ${slashDate(f.next_due)}`;

export function AmlHomeOverview() {
  const { permissions } = usePermissions<{ role?: string }>();
  const role = permissions?.role ?? undefined;
  const allowed = atLeast(role, 'Collaboratore');
  const admin = atLeast(role, 'Admin');
  const dp = useAppDataProvider();
  const summary = useQuery({
    queryKey: ['aml-checks-summary'],
    enabled: allowed,
    retry: false,
    queryFn: ({ signal }) => dp.amlChecksSummary({ signal }),
  });
  const studio = useQuery({
    queryKey: ['aml-studio'],
    enabled: admin,
    retry: false,
    queryFn: ({ signal }) => dp.studioAml({ signal }),
  });
  if (!allowed) return null;
  const late = (summary.data?.late ?? 0) > 0;
  return (
    <Card component="section" aria-labelledby="aml-home-title" variant="outlined" sx={{ mb: 3 }}>
      <CardHeader
        title="Scadenze antiriciclaggio"
        slotProps={{ title: { variant: 'h6', component: 'h2', id: 'aml-home-title' } }}
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack spacing={1}>
          <Box>
            {summary.isPending ? (
              <Skeleton
                variant="text"
                width={320}
                role="progressbar"
                aria-label="Caricamento delle verifiche antiriciclaggio"
              />
            ) : summary.isError ? (
              <Typography variant="body2" color="text.secondary">
                Verifiche antiriciclaggio non disponibili
              </Typography>
            ) : (
              <Link
                component={LinkBase}
                to={CHECKS_PATH}
                variant="body1"
                sx={late ? { color: 'error.dark', fontWeight: 500 } : undefined}
              >
                {dueText(summary.data)}
              </Link>
            )}
          </Box>
          {admin && (
            <Box>
              {studio.isPending ? (
                <Skeleton variant="text" width={280} role="progressbar" aria-label="Caricamento dell'autovalutazione" />
              ) : studio.isError ? (
                <Typography variant="body2" color="text.secondary">
                  Autovalutazione non disponibile
                </Typography>
              ) : (
                <Link
                  component={LinkBase}
                  to={SELF_PATH}
                  variant="body1"
                  sx={
                    studio.data.overdue || !studio.data.next_due ? { color: 'error.dark', fontWeight: 500 } : undefined
                  }
                >
                  {selfText(studio.data)}
                </Link>
              )}
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
