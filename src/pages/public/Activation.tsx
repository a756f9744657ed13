/**
 * `/utente/attivazione?token=` (seed B §2, §4; issue 15 item 4): activates the account of the
 * e-mailed link (C65, asked once) and shows a success box with 'Accedi' or an error box. Without
 * a token it asks nothing and shows the error box.
 */
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { LinearProgress, Stack, Typography } from '@mui/material';

import { useAppDataProvider } from '../../dataProvider';
import { useDocumentTitle } from '../../layout/PageTitle';
import { ROUTES } from '../../routeTable';
import { ErrorBox, LoginButton, PublicCard, PublicLayout, SuccessBox } from './PublicLayout';
import { errorText, InvalidLinkBox } from './publicForm';

export const ACTIVATION_NO_TOKEN =
  "Il link di attivazione non è completo: manca il codice. Apri di nuovo il link dell'e-mail ricevuta.";
const ACTIVATION_FAILED = "Non è stato possibile attivare l'account: riprova tra qualche minuto.";

export function Activation() {
  const dp = useAppDataProvider();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  useDocumentTitle('Attivazione account');
  const activation = useQuery({
    queryKey: ['public', 'activate', token],
    enabled: !!token,
    // a link is used once: never asked again by a refetch or a retry
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    queryFn: () => dp.activateAccount(token),
  });

  return (
    <PublicLayout>
      <PublicCard title="Attivazione account">
        {!token ? (
          <InvalidLinkBox to={ROUTES.landingPage} action="Torna alla pagina iniziale">
            {ACTIVATION_NO_TOKEN}
          </InvalidLinkBox>
        ) : activation.isPending ? (
          <Stack spacing={1}>
            <LinearProgress aria-label="Attivazione in corso" />
            <Typography>Attivazione dell&apos;account in corso…</Typography>
          </Stack>
        ) : activation.isError ? (
          <ErrorBox title="Attivazione non riuscita" action={<LoginButton label="Vai al login" />}>
            {errorText(activation.error, ACTIVATION_FAILED)}
          </ErrorBox>
        ) : (
          <SuccessBox title="Account attivato" action={<LoginButton />}>
            {activation.data?.message || 'Il tuo account è attivo: accedi con la tua e-mail e la password.'}
          </SuccessBox>
        )}
      </PublicCard>
    </PublicLayout>
  );
}

export default Activation;
