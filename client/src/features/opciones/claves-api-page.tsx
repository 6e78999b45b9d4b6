import { Badge, Box, Button, Code, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { FormApi, SubmissionErrors } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { validateNombreClaveApi } from '@domain/clave-api';
import { formatDateTime } from '@domain/dates';
import { CLAVE_API_NOMBRE_MAX } from '@domain/limites';
import { MSG } from '@domain/messages';
import { useAuth } from '@/lib/auth-context';
import { AppAlert } from '@/components/app-alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TextField } from '@/components/form';
import { LoadingOverlay } from '@/components/loading-overlay';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, TablaTarjetas } from '@/components/tabla-tarjetas';
import { showToast } from '@/components/toast';
import { ClavesApiDocument, CrearClaveApiDocument, RevocarClaveApiDocument } from '@/generated/graphql';
import type { ClaveApiDatosFragment, CrearClaveApiMutation } from '@/generated/graphql';
import { toFormErrors } from '@/lib/form';
import { errorMessages, serverFieldErrors } from '@/lib/graphql-errors';

type Values = { nombre: string };
type Nueva = CrearClaveApiMutation['crearClaveApi'];

/** /opciones/claves-api: the service administrator's API keys for reporting dashboards. */
export function ClavesApiPage() {
  const { usuario } = useAuth();
  if (usuario?.rol !== 'ROL_SERVICIO') return <AppAlert message={MSG.sinPermiso} />;
  return <ClavesApiAdmin />;
}

/** The secret of a key just created, shown this once, with a copy button. */
function SecretoNuevo({ clave, onClose }: { clave: Nueva; onClose: () => void }) {
  const [copiado, setCopiado] = useState(false);
  const copiar = async () => {
    try {
      await navigator.clipboard.writeText(clave.secreto);
      setCopiado(true);
    } catch {
      showToast(MSG.claveApiNoCopiada, 'warning');
    }
  };
  return (
    <AppAlert
      severity="warning"
      title={`Clave '${clave.nombre}' creada`}
      onClose={onClose}
      message={
        <Stack gap="3" mt="1">
          <Text>{MSG.claveApiSoloUnaVez}</Text>
          <Code
            aria-label="Clave de API"
            p="2"
            fontSize="sm"
            wordBreak="break-all"
            whiteSpace="normal"
            userSelect="all"
          >
            {clave.secreto}
          </Code>
          <HStack>
            <Button size="sm" colorPalette="brand" onClick={() => void copiar()}>
              {copiado ? 'Copiada' : 'Copiar'}
            </Button>
            <Button size="sm" variant="outline" onClick={onClose}>
              Ya la guardé
            </Button>
          </HStack>
        </Stack>
      }
    />
  );
}

function ClavesApiAdmin() {
  const { data, loading, error } = useQuery(ClavesApiDocument);
  const [crear] = useMutation(CrearClaveApiDocument, { refetchQueries: [ClavesApiDocument] });
  const [revocar, { loading: revocando }] = useMutation(RevocarClaveApiDocument, {
    refetchQueries: [ClavesApiDocument],
    awaitRefetchQueries: true,
  });
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const [nueva, setNueva] = useState<Nueva | null>(null);
  const [aRevocar, setARevocar] = useState<ClaveApiDatosFragment | null>(null);
  const claves = data?.clavesApi ?? [];

  const onCreate = async (values: Values, form: FormApi<Values>): Promise<SubmissionErrors | void> => {
    setServerErrors(null);
    setNueva(null);
    try {
      const { data: res } = await crear({ variables: { nombre: values.nombre } });
      if (!res) throw new Error(MSG.errorInesperado);
      setNueva(res.crearClaveApi);
      setTimeout(() => form.restart());
    } catch (e) {
      setServerErrors(errorMessages(e));
      return toFormErrors(serverFieldErrors(e));
    }
  };

  const onRevoke = async () => {
    if (!aRevocar) return;
    setServerErrors(null);
    try {
      const { data: res } = await revocar({ variables: { id: aRevocar.id } });
      if (!res) throw new Error(MSG.errorInesperado);
      showToast(MSG.claveApiRevocada(res.revocarClaveApi.nombre));
    } catch (e) {
      setServerErrors(errorMessages(e));
    } finally {
      setARevocar(null);
    }
  };

  return (
    <Stack gap="6" maxW="5xl">
      {serverErrors && (
        <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
      )}
      {nueva && <SecretoNuevo clave={nueva} onClose={() => setNueva(null)} />}
      <PageCard
        title="Claves de API"
        description="Claves para tableros de reportes: solo leen los indicadores del servicio, nunca datos de personas, y como quien está fuera del servicio: una cifra de menos de 5 donaciones o donantes llega como null ('menos de 5'), y la serología, las exclusiones y los grupos cuentan los resultados cargados antes de hoy. Se envían como 'Authorization: Bearer <clave>' a /graphql."
      >
        <LoadingOverlay open={loading && !data} />
        {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
        {data && claves.length === 0 && <Text color="gray.600">{MSG.sinDatos}</Text>}
        {claves.length > 0 && (
          <TablaTarjetas
            label="Claves de API del servicio"
            columnas={['Nombre', 'Prefijo', 'Creada', 'Último uso', 'Estado']}
            acciones="Acciones"
            accionesOcultas
            scrollArea={{ position: 'relative' }}
          >
            {claves.map((c) => (
              <Table.Row key={c.id}>
                <Table.Cell fontWeight="medium" data-label="Nombre">
                  {c.nombre}
                </Table.Cell>
                <Table.Cell data-label="Prefijo">
                  <Code>{c.prefijo}…</Code>
                </Table.Cell>
                <Table.Cell data-label="Creada">{formatDateTime(c.creadaEn)}</Table.Cell>
                <Table.Cell data-label="Último uso">
                  {c.ultimoUso ? formatDateTime(c.ultimoUso) : 'Nunca'}
                </Table.Cell>
                <Table.Cell data-label="Estado">
                  {c.revocadaEn ? (
                    <Badge colorPalette="gray">Revocada el {formatDateTime(c.revocadaEn)}</Badge>
                  ) : (
                    <Badge colorPalette="green">Activa</Badge>
                  )}
                </Table.Cell>
                <AccionesCell>
                  {!c.revocadaEn && (
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={`Revocar la clave ${c.nombre}`}
                      onClick={() => setARevocar(c)}
                    >
                      Revocar
                    </Button>
                  )}
                </AccionesCell>
              </Table.Row>
            ))}
          </TablaTarjetas>
        )}
      </PageCard>
      <PageCard title="Nueva clave" as="h2">
        <Form<Values>
          onSubmit={onCreate}
          initialValues={{ nombre: '' }}
          validate={(v) => {
            const msg = validateNombreClaveApi(v.nombre);
            return msg ? { nombre: msg } : {};
          }}
        >
          {({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Nueva clave">
              <Stack gap="4">
                <Box maxW="md">
                  <TextField
                    name="nombre"
                    label="Nombre"
                    required
                    helperText={`Para reconocerla, por ejemplo 'Tablero de dirección' (hasta ${CLAVE_API_NOMBRE_MAX} caracteres)`}
                    inputProps={{ autoComplete: 'off' }}
                  />
                </Box>
                <Button
                  type="submit"
                  colorPalette="brand"
                  alignSelf="flex-start"
                  loading={submitting}
                  loadingText="Creando..."
                >
                  Nueva clave
                </Button>
              </Stack>
            </form>
          )}
        </Form>
      </PageCard>
      <ConfirmDialog
        open={aRevocar !== null}
        title={aRevocar ? `¿Quiere revocar la clave '${aRevocar.nombre}'?` : ''}
        description="Los tableros que la usan dejarán de recibir datos de inmediato. No se puede deshacer."
        onConfirm={() => void onRevoke()}
        onCancel={() => setARevocar(null)}
        busy={revocando}
      />
    </Stack>
  );
}
