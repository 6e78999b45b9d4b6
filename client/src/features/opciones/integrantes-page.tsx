import { Badge, Button, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { MSG } from '@domain/messages';
import { ROL_LABEL } from '@domain/roles';
import { useAuth } from '@/lib/auth-context';
import { AppAlert } from '@/components/app-alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadingOverlay } from '@/components/loading-overlay';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, EliminarButton, TablaTarjetas } from '@/components/tabla-tarjetas';
import { showToast } from '@/components/toast';
import { CreateIntegranteDocument, DeleteIntegranteDocument, IntegrantesDocument } from '@/generated/graphql';
import type { IntegranteDatosFragment } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';
import { IntegranteForm, NUEVO_INTEGRANTE, toCreateInput } from './integrante-form';
import type { IntegranteValues } from './integrante-form';
import { PageCard } from '@/components/page-card';

export const nombreCompleto = (i: Pick<IntegranteDatosFragment, 'nombre' | 'apellido'>) =>
  [i.apellido, i.nombre].filter(Boolean).join(', ');

/** /opciones/integrantes: the service administrator lists, adds, edits and deletes staff. */
export function IntegrantesPage() {
  const { usuario } = useAuth();
  if (usuario?.rol !== 'ROL_SERVICIO') return <AppAlert message={MSG.sinPermiso} />;
  return <IntegrantesAdmin />;
}

function IntegrantesAdmin() {
  const { data, loading, error } = useQuery(IntegrantesDocument);
  const [crear] = useMutation(CreateIntegranteDocument, { refetchQueries: [IntegrantesDocument] });
  const [eliminar, { loading: eliminando }] = useMutation(DeleteIntegranteDocument, {
    refetchQueries: [IntegrantesDocument],
    awaitRefetchQueries: true,
  });
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const [aEliminar, setAEliminar] = useState<IntegranteDatosFragment | null>(null);
  const integrantes = data?.integrantes ?? [];

  const onCreate = async (values: IntegranteValues): Promise<boolean> => {
    setServerErrors(null);
    try {
      const { data: res } = await crear({ variables: { input: toCreateInput(values) } });
      if (!res) throw new Error(MSG.errorInesperado);
      showToast(res.createIntegrante.message);
      return true;
    } catch (e) {
      setServerErrors(errorMessages(e));
      return false;
    }
  };

  const onDelete = async () => {
    if (!aEliminar) return;
    setServerErrors(null);
    try {
      const { data: res } = await eliminar({ variables: { id: aEliminar.id } });
      if (!res) throw new Error(MSG.errorInesperado);
      showToast(res.deleteIntegrante.message);
    } catch (e) {
      setServerErrors(errorMessages(e));
    } finally {
      setAEliminar(null);
    }
  };

  return (
    <Stack gap="6" maxW="5xl">
      {serverErrors && (
        <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
      )}
      <PageCard title="Integrantes" description="Personal del servicio que ingresa con su propio usuario.">
        <LoadingOverlay open={loading && !data} />
        {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
        {data && integrantes.length === 0 && <Text color="gray.600">{MSG.sinDatos}</Text>}
        {integrantes.length > 0 && (
          <TablaTarjetas
            label="Integrantes del servicio"
            columnas={['Apellido y nombre', 'Usuario', 'Rol', 'Matrícula', 'Contacto', 'Agente CPH']}
            acciones="Acciones"
            accionesOcultas
            scrollArea={{ position: 'relative' }}
          >
            {integrantes.map((i) => (
              <Table.Row key={i.id}>
                <Table.Cell fontWeight="medium" data-label="Apellido y nombre">
                  {nombreCompleto(i)}
                </Table.Cell>
                <Table.Cell data-label="Usuario">{i.username}</Table.Cell>
                <Table.Cell data-label="Rol">{ROL_LABEL[i.rol]}</Table.Cell>
                <Table.Cell data-label="Matrícula">{i.matricula ?? ''}</Table.Cell>
                <Table.Cell data-label="Contacto">
                  <Stack gap="0" fontSize="xs">
                    {i.email && <Text>{i.email}</Text>}
                    {i.telefono && <Text>{i.telefono}</Text>}
                  </Stack>
                </Table.Cell>
                <Table.Cell data-label="Agente CPH">
                  {i.agentecph && <Badge colorPalette="brand">Sí</Badge>}
                </Table.Cell>
                <AccionesCell>
                  <Button asChild size="xs" variant="outline">
                    <RouterLink
                      to={`/opciones/integrantes/editar/${i.id}`}
                      aria-label={`Editar a ${nombreCompleto(i)}`}
                    >
                      Editar
                    </RouterLink>
                  </Button>
                  <Button asChild size="xs" variant="outline">
                    <RouterLink
                      to={`/opciones/integrantes/clave/${i.id}`}
                      aria-label={`Cambiar clave de ${nombreCompleto(i)}`}
                    >
                      Cambiar clave
                    </RouterLink>
                  </Button>
                  <EliminarButton label={`Eliminar a ${nombreCompleto(i)}`} onClick={() => setAEliminar(i)} />
                </AccionesCell>
              </Table.Row>
            ))}
          </TablaTarjetas>
        )}
      </PageCard>
      <PageCard title="Nuevo integrante" as="h2">
        <IntegranteForm
          mode="nuevo"
          initialValues={NUEVO_INTEGRANTE}
          onSubmit={onCreate}
          submitLabel="Agregar"
        />
      </PageCard>
      <ConfirmDialog
        open={aEliminar !== null}
        title={aEliminar ? `¿Quiere eliminar a ${nombreCompleto(aEliminar)} de los integrantes?` : ''}
        description="Ya no podrá ingresar al sistema. Sus registros anteriores se conservan."
        onConfirm={() => void onDelete()}
        onCancel={() => setAEliminar(null)}
        busy={eliminando}
      />
    </Stack>
  );
}
