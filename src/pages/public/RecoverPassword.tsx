/**
 * `/utente/recupera_password` (seed B §2, §4, §5; issue 15 item 5): the e-mail and a solved
 * captcha ('Clicca sul Captcha per Proseguire!' otherwise, and nothing is sent) ask for the reset
 * link (C63, `g_recaptcha_response` = the captcha's payload). The server's answer replaces the
 * form in a success box; a refusal (e.g. the captcha) shows its message and asks for a new captcha.
 */
import { useState } from 'react';
import { Box, FormHelperText } from '@mui/material';

import { compose, email, required } from '../../../model/validators';
import { useAppDataProvider } from '../../dataProvider';
import { useDocumentTitle } from '../../layout/PageTitle';
import { ROUTES } from '../../routeTable';
import { Captcha } from './Captcha';
import { LoginButton, PublicCard, PublicLayout, SuccessBox } from './PublicLayout';
import { EmailField, FormFooter, PublicForm, SubmitButton, usePublicForm, usePublicSubmit } from './publicForm';

export const CAPTCHA_REQUIRED = 'Clicca sul Captcha per Proseguire!';

export function RecoverPassword() {
  const dp = useAppDataProvider();
  useDocumentTitle('Recupera password');
  const form = usePublicForm({ email: '' }, { email: compose(required(), email()) });
  const [captcha, setCaptcha] = useState<string | null>(null);
  // a new key remounts the captcha: a fresh challenge after a refusal
  const [captchaKey, setCaptchaKey] = useState(0);
  const [captchaMissing, setCaptchaMissing] = useState(false);

  const onCaptcha = (payload: string | null) => {
    setCaptcha(payload);
    if (payload) setCaptchaMissing(false);
  };

  const submit = usePublicSubmit(
    form,
    async (v) => {
      const res = await dp.initPasswordReset({ email: v.email.trim(), g_recaptcha_response: captcha! });
      return (
        res?.message ||
        "Se l'indirizzo è registrato riceverai a breve una mail con il link per reimpostare la password."
      );
    },
    {
      ready: () => {
        setCaptchaMissing(!captcha);
        return !!captcha;
      },
      // a captcha is good for one request
      onFailure: () => {
        setCaptcha(null);
        setCaptchaKey((k) => k + 1);
      },
    },
  );
  const done = submit.result;

  return (
    <PublicLayout>
      <PublicCard
        title="Recupera password"
        intro={
          done ? undefined : "Scrivi l'e-mail con cui accedi: ti invieremo il link per scegliere una nuova password."
        }
      >
        {done ? (
          <SuccessBox title="Richiesta inviata" action={<LoginButton label="Torna al login" />}>
            {done}
          </SuccessBox>
        ) : (
          <PublicForm submit={submit} label="Recupero password">
            <EmailField {...form.text('email')} />
            <Box
              role="group"
              aria-label="Verifica anti-robot"
              aria-describedby={captchaMissing ? 'captcha-mancante' : undefined}
              sx={{ mt: 1 }}
            >
              <Captcha key={captchaKey} onChange={onCaptcha} />
              {captchaMissing ? (
                <FormHelperText id="captcha-mancante" error role="alert" sx={{ mx: 1.75 }}>
                  {CAPTCHA_REQUIRED}
                </FormHelperText>
              ) : null}
            </Box>
            <SubmitButton mt={2}>Invia il link</SubmitButton>
            <FormFooter text="Ricordi la password?" to={ROUTES.login} link="Accedi" />
          </PublicForm>
        )}
      </PublicCard>
    </PublicLayout>
  );
}

export default RecoverPassword;
