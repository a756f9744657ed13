/**
 * `/utente/resetta_password?token=` (seed B §2, §5; issue 15 item 6): the e-mail and the new
 * password (min 8, 'Digita almeno 8 caratteri') twice, sent with the link's token (C64). Success:
 * a box with 'Accedi'; a refusal (token invalid, expired or used, e-mail not matching): the
 * server's message. Without a token: an error box, no form.
 */

import { useSearchParams } from 'react-router-dom';
import { Link } from '@mui/material';
import { LinkBase } from 'react-admin';

import { compose, email, minLength, required } from '../../../model/validators';
import { useAppDataProvider } from '../../dataProvider';
import { useDocumentTitle } from '../../layout/PageTitle';
import { ROUTES } from '../../routeTable';
import { LoginButton, PublicCard, PublicLayout, SuccessBox } from './PublicLayout';
import {
  confirms,
  EmailField,
  FormFooter,
  InvalidLinkBox,
  PasswordField,
  PublicForm,
  SubmitButton,
  usePublicForm,
  usePublicSubmit,
} from './publicForm';

export const RESET_NO_TOKEN =
  "Il link per reimpostare la password non è completo: manca il codice. Apri di nuovo il link dell'e-mail o chiedine uno nuovo.";

function ResetForm({ token }: { token: string }) {
  const dp = useAppDataProvider();
  const form = usePublicForm(
    { email: '', password: '', password_confirmation: '' },
    {
      email: compose(required(), email()),
      password: compose(required(), minLength(8)),
      password_confirmation: confirms('password'),
    },
  );

  const submit = usePublicSubmit(form, async (v) => {
    const res = await dp.doPasswordReset({
      email: v.email.trim(),
      password: v.password,
      password_confirmation: v.password_confirmation,
      token,
    });
    return res?.message || 'La password è stata aggiornata.';
  });

  if (submit.result)
    return (
      <SuccessBox title="Password aggiornata" action={<LoginButton />}>
        {submit.result}
      </SuccessBox>
    );
  return (
    <PublicForm
      submit={submit}
      label="Reimpostazione della password"
      failureAction={
        <Link component={LinkBase} to={ROUTES.recoverPassword}>
          Chiedi un nuovo link
        </Link>
      }
    >
      <EmailField {...form.text('email')} autoComplete="username" />
      <PasswordField {...form.text('password', 'Almeno 8 caratteri')} label="Nuova password" required />
      <PasswordField {...form.text('password_confirmation')} label="Conferma la nuova password" required />
      <SubmitButton mt={2}>Salva la nuova password</SubmitButton>
      <FormFooter to={ROUTES.login} link="Torna al login" />
    </PublicForm>
  );
}

export function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  useDocumentTitle('Reimposta password');
  return (
    <PublicLayout>
      <PublicCard
        title="Reimposta password"
        intro={token ? 'Scrivi la tua e-mail e scegli la nuova password.' : undefined}
      >
        {token ? (
          <ResetForm token={token} />
        ) : (
          <InvalidLinkBox to={ROUTES.recoverPassword} action="Chiedi un nuovo link">
            {RESET_NO_TOKEN}
          </InvalidLinkBox>
        )}
      </PublicCard>
    </PublicLayout>
  );
}

export default ResetPassword;
