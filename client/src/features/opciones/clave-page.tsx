import { Button, Stack } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Form } from 'react-final-form';
import type { FormApi } from 'final-form';
import { MSG } from '@domain/messages';
import { validatePasswordChange } from '@domain/validation';
import { useAuth } from '@/lib/auth-context';
import { AppAlert } from '@/components/app-alert';
import { ClaveNuevaFields, TextField } from '@/components/form';
import { ServerErrors } from '@/components/server-errors';
import { ChangePasswordDocument } from '@/generated/graphql';
import { toFormErrors } from '@/lib/form';
import { errorMessages } from '@/lib/graphql-errors';
import { PageCard } from '@/components/page-card';

type Values = { oldPassword?: string; newPassword?: string; newPassword2?: string };

/** /opciones/clave: every user changes their own password; the new token keeps the session. */
export function ClavePage() {
  const { usuario, login } = useAuth();
  const [cambiar] = useMutation(ChangePasswordDocument);
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const onSubmit = async (values: Values, form: FormApi<Values>) => {
    setServerErrors(null);
    setStatus(null);
    try {
      const { data } = await cambiar({
        variables: {
          input: {
            oldPassword: values.oldPassword ?? '',
            newPassword: values.newPassword ?? '',
            newPassword2: values.newPassword2 ?? '',
          },
        },
      });
      if (!data) throw new Error(MSG.errorInesperado);
      // Tokens issued before the change no longer work: keep the session with the new one.
      if (usuario) login(data.changePassword.token, usuario);
      setStatus(data.changePassword.message);
      // Empty the fields once final-form has finished this submission.
      setTimeout(() => form.restart());
      return undefined;
    } catch (e) {
      setServerErrors(errorMessages(e));
      return undefined;
    }
  };

  return (
    <Stack maxW="lg">
      <PageCard
        title="Cambiar clave"
        description="Al cambiar la clave se cierran las sesiones abiertas en otros equipos."
      >
        {status && <AppAlert severity="success" message={status} onClose={() => setStatus(null)} />}
        {serverErrors && (
          <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
        )}
        <Form<Values> onSubmit={onSubmit} validate={(v) => toFormErrors(validatePasswordChange(v))}>
          {({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Cambiar clave">
              <Stack gap="4">
                <TextField
                  name="oldPassword"
                  label="Clave actual"
                  type="password"
                  autoComplete="current-password"
                  required
                />
                <ClaveNuevaFields name="newPassword" label="Clave nueva" labelRepetir="Repetir clave nueva" />
                <Button
                  type="submit"
                  colorPalette="brand"
                  alignSelf="flex-start"
                  loading={submitting}
                  loadingText="Guardando..."
                >
                  Cambiar clave
                </Button>
              </Stack>
            </form>
          )}
        </Form>
      </PageCard>
    </Stack>
  );
}
