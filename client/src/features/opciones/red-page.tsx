import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { SubmissionErrors } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { MSG } from '@domain/messages';
import { isBlank } from '@domain/validation';
import { AppAlert } from '@/components/app-alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TextField } from '@/components/form';
import { LoadingOverlay } from '@/components/loading-overlay';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import { RedDelServicioDocument, SalirDeRedDocument, UnirseARedDocument } from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import { toFormErrors } from '@/lib/form';
import { errorMessages, serverFieldErrors } from '@/lib/graphql-errors';

type Values = { codigo?: string };

/** What leaving a network means, said before the servicio leaves. */
export const CONSECUENCIAS_SALIR =
  'La red dejará de ver las cifras de este servicio, y los controles de seguridad del donante (intervalo entre donaciones, límites anuales y diferimientos) dejarán de incluir las donaciones y diferimientos registrados en los demás servicios de la red.';

/**
 * /opciones/red: the network the servicio belongs to. Its administrator (ROL_SERVICIO) joins one
 * with the invitation code the network gives, and leaves it; the rest of the staff read its name.
 */
export function RedOpcionesPage() {
  const { usuario } = useAuth();
  const esAdmin = usuario?.rol === 'ROL_SERVICIO';
  const { data, loading, error } = useQuery(RedDelServicioDocument);
  const red = data?.servicio.red ?? null;
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);

  return (
    <Stack gap="6" maxW="3xl">
      {serverErrors && (
        <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
      )}
      <PageCard
        title="Red"
        description="Una red regional o programa provincial de hemoterapia ve las cifras de sus servicios miembros, nunca datos de personas; los controles de seguridad del donante incluyen lo registrado en todos sus servicios."
      >
        <LoadingOverlay open={loading && !data} />
        {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
        {data &&
          (red ? (
            <EnRed nombre={red.nombre} esAdmin={esAdmin} onErrors={setServerErrors} />
          ) : esAdmin ? (
            <Unirse onErrors={setServerErrors} />
          ) : (
            <Text>El servicio no pertenece a ninguna red.</Text>
          ))}
        {data && !esAdmin && (
          <Text fontSize="sm" color="gray.600">
            Solo el administrador del servicio puede unirlo a una red o sacarlo de ella.
          </Text>
        )}
      </PageCard>
    </Stack>
  );
}

type AccionProps = { onErrors: (errors: string[] | null) => void };

function EnRed({ nombre, esAdmin, onErrors }: AccionProps & { nombre: string; esAdmin: boolean }) {
  const [salir, { loading }] = useMutation(SalirDeRedDocument);
  const [confirmar, setConfirmar] = useState(false);

  const onSalir = async () => {
    onErrors(null);
    try {
      const { data } = await salir();
      if (!data) throw new Error(MSG.errorInesperado);
      showToast(MSG.salioDeRed(nombre));
    } catch (e) {
      onErrors(errorMessages(e));
    } finally {
      setConfirmar(false);
    }
  };

  return (
    <Stack gap="4">
      <Text>
        El servicio pertenece a la red{' '}
        <Text as="strong" fontWeight="semibold">
          {nombre}
        </Text>
        .
      </Text>
      {esAdmin && (
        <>
          <Button
            variant="outline"
            colorPalette="red"
            alignSelf="flex-start"
            onClick={() => setConfirmar(true)}
          >
            Salir de la red
          </Button>
          <ConfirmDialog
            open={confirmar}
            title={`¿Salir de la red ${nombre}?`}
            description={CONSECUENCIAS_SALIR}
            busy={loading}
            onConfirm={() => void onSalir()}
            onCancel={() => setConfirmar(false)}
          />
        </>
      )}
    </Stack>
  );
}

function Unirse({ onErrors }: AccionProps) {
  const [unirse] = useMutation(UnirseARedDocument);

  const onSubmit = async ({ codigo }: Values): Promise<SubmissionErrors | void> => {
    onErrors(null);
    try {
      const { data } = await unirse({ variables: { codigo: codigo!.trim() } });
      const red = data?.unirseARed.red;
      if (!red) throw new Error(MSG.errorInesperado);
      showToast(MSG.unidoARed(red.nombre));
    } catch (e) {
      onErrors(errorMessages(e));
      return toFormErrors(serverFieldErrors(e));
    }
  };

  return (
    <Form<Values> onSubmit={onSubmit} validate={(v) => (isBlank(v.codigo) ? { codigo: MSG.requerido } : {})}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Unirse a una red">
          <Stack gap="4">
            <Text>El servicio no pertenece a ninguna red.</Text>
            <Box maxW="sm">
              <TextField
                name="codigo"
                label="Código de invitación"
                required
                helperText="El código que la red le dio, por ejemplo ACDE-FGHJ-KMNP (mayúsculas o minúsculas)"
                inputProps={{ autoComplete: 'off', spellCheck: false }}
              />
            </Box>
            <Button
              type="submit"
              colorPalette="brand"
              alignSelf="flex-start"
              loading={submitting}
              loadingText="Uniendo..."
            >
              Unirse a la red
            </Button>
          </Stack>
        </form>
      )}
    </Form>
  );
}
