import { Stack } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { MSG } from '@domain/messages';
import { useAuth } from '@/lib/auth-context';
import { AppAlert } from '@/components/app-alert';
import { LoadingOverlay } from '@/components/loading-overlay';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import { IntegranteDocument, UpdateIntegranteDocument } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';
import { IntegranteForm, toUpdateInput } from './integrante-form';
import type { IntegranteValues } from './integrante-form';
import { nombreCompleto } from './integrantes-page';
import { PageCard } from '@/components/page-card';

const INTEGRANTES_PATH = '/opciones/integrantes';

/** /opciones/integrantes/editar/:id: edit a member's data (no username or password). */
export function IntegranteEditPage() {
  const { usuario } = useAuth();
  if (usuario?.rol !== 'ROL_SERVICIO') return <AppAlert message={MSG.sinPermiso} />;
  return <IntegranteEdit />;
}

function IntegranteEdit() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(IntegranteDocument, {
    variables: { id },
    fetchPolicy: 'network-only',
  });
  const [guardar] = useMutation(UpdateIntegranteDocument);
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const integrante = data?.integrante;

  const onSubmit = async (values: IntegranteValues): Promise<boolean> => {
    setServerErrors(null);
    try {
      const { data: res } = await guardar({ variables: { id, input: toUpdateInput(values) } });
      if (!res) throw new Error(MSG.errorInesperado);
      showToast(res.updateIntegrante.message);
      navigate(INTEGRANTES_PATH);
      return true;
    } catch (e) {
      setServerErrors(errorMessages(e));
      return false;
    }
  };

  return (
    <Stack maxW="3xl">
      <PageCard
        title="Editar integrante"
        description={
          integrante ? `${nombreCompleto(integrante)} (usuario ${integrante.username})` : undefined
        }
      >
        <LoadingOverlay open={loading && !data} />
        {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
        {serverErrors && (
          <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
        )}
        {integrante && (
          <IntegranteForm
            mode="editar"
            initialValues={{
              nombre: integrante.nombre,
              apellido: integrante.apellido ?? '',
              rol: integrante.rol,
              matricula: integrante.matricula ?? '',
              email: integrante.email ?? '',
              telefono: integrante.telefono ?? '',
              agentecph: integrante.agentecph,
            }}
            onSubmit={onSubmit}
            submitLabel="Guardar"
            onCancel={() => navigate(INTEGRANTES_PATH)}
          />
        )}
      </PageCard>
    </Stack>
  );
}
