import { Stack } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useNavigate, useParams } from 'react-router-dom';
import { validateClaveIntegrante } from '@domain/integrante';
import { MSG } from '@domain/messages';
import { useAuth } from '@/lib/auth-context';
import { AppAlert } from '@/components/app-alert';
import { ClaveNuevaFields, FormActions } from '@/components/form';
import { LoadingOverlay } from '@/components/loading-overlay';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import { IntegranteDocument, SetIntegrantePasswordDocument } from '@/generated/graphql';
import { toFormErrors } from '@/lib/form';
import { errorMessages } from '@/lib/graphql-errors';
import { nombreCompleto } from './integrantes-page';

const INTEGRANTES_PATH = '/opciones/integrantes';

type Values = { newPassword?: string; newPassword2?: string };

/**
 * /opciones/integrantes/clave/:id: the administrator sets a new password for a member who forgot
 * theirs; the member's open sessions end.
 */
export function IntegranteClavePage() {
  const { usuario } = useAuth();
  if (usuario?.rol !== 'ROL_SERVICIO') return <AppAlert message={MSG.sinPermiso} />;
  return <IntegranteClave />;
}

function IntegranteClave() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(IntegranteDocument, {
    variables: { id },
    fetchPolicy: 'network-only',
  });
  const [asignar] = useMutation(SetIntegrantePasswordDocument);
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const integrante = data?.integrante;

  const onSubmit = async (values: Values) => {
    setServerErrors(null);
    try {
      const { data: res } = await asignar({
        variables: {
          id,
          input: { newPassword: values.newPassword ?? '', newPassword2: values.newPassword2 ?? '' },
        },
      });
      if (!res) throw new Error(MSG.errorInesperado);
      showToast(res.setIntegrantePassword.message);
      navigate(INTEGRANTES_PATH);
    } catch (e) {
      setServerErrors(errorMessages(e));
    }
  };

  return (
    <Stack maxW="lg">
      <PageCard
        title="Cambiar clave"
        description={
          integrante
            ? `Clave nueva para ${nombreCompleto(integrante)} (usuario ${integrante.username}). Sus sesiones abiertas se cerrarán y deberá ingresar con esta clave.`
            : undefined
        }
      >
        <LoadingOverlay open={loading && !data} />
        {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
        {serverErrors && (
          <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
        )}
        {integrante && (
          <Form<Values> onSubmit={onSubmit} validate={(v) => toFormErrors(validateClaveIntegrante(v))}>
            {({ handleSubmit, submitting }) => (
              <form onSubmit={handleSubmit} noValidate aria-label="Cambiar clave del integrante">
                <Stack gap="4">
                  {/* The account the password is for, so that a password manager files it right. */}
                  <input
                    type="text"
                    name="username"
                    autoComplete="username"
                    value={integrante.username}
                    readOnly
                    hidden
                  />
                  <ClaveNuevaFields
                    name="newPassword"
                    label="Clave nueva"
                    labelRepetir="Repetir clave nueva"
                  />
                  <FormActions
                    submitLabel="Cambiar clave"
                    submitting={submitting}
                    onCancel={() => navigate(INTEGRANTES_PATH)}
                  />
                </Stack>
              </form>
            )}
          </Form>
        )}
      </PageCard>
    </Stack>
  );
}
