import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { APP_BUILD_DATE, APP_VERSION } from '@domain/app-info';
import { formatDateTime } from '@domain/dates';
import { validateOpciones } from '@domain/integrante';
import type { OpcionesDatos } from '@domain/integrante';
import { MSG } from '@domain/messages';
import { useAuth } from '@/lib/auth-context';
import { AppAlert } from '@/components/app-alert';
import { TextField } from '@/components/form';
import { LoadingOverlay } from '@/components/loading-overlay';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import { ServicioDocument, UpdateOpcionesDocument } from '@/generated/graphql';
import { toFormErrors } from '@/lib/form';
import { errorMessages } from '@/lib/graphql-errors';
import { ComponentesOpciones } from './componentes-opciones';
import { StockOpciones } from './stock-opciones';
import { PanelResultados } from './panel-resultados';
import { ReglasDonacion } from './reglas-donacion';
import { UmbralesTamizaje } from './umbrales-tamizaje';
import { PageCard } from '@/components/page-card';

const VERSION_LINE = `Versión: ${APP_VERSION}`;
const BUILD_LINE = `Compilado: ${formatDateTime(APP_BUILD_DATE)}`;

type Values = { nombre: string; direccion: string; email: string; telefono: string };

const blankToNull = (v: string | undefined) => (v ?? '').trim() || null;

/**
 * /opciones/generales: the service's options, donation rules, laboratory panel and components (editable by
 * ROL_SERVICIO only)
 * and the app version.
 */
export function OpcionesGeneralesPage() {
  const { usuario } = useAuth();
  const esAdmin = usuario?.rol === 'ROL_SERVICIO';
  const { data, loading, error } = useQuery(ServicioDocument);
  const [guardar] = useMutation(UpdateOpcionesDocument);
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);

  const servicio = data?.servicio;
  const initialValues: Values = {
    nombre: servicio?.nombre ?? '',
    direccion: servicio?.direccion ?? '',
    email: servicio?.email ?? '',
    telefono: servicio?.telefono ?? '',
  };

  const onSubmit = async (values: Values) => {
    setServerErrors(null);
    try {
      const { data: res } = await guardar({
        variables: {
          input: {
            nombre: values.nombre.trim(),
            direccion: blankToNull(values.direccion),
            email: blankToNull(values.email),
            telefono: blankToNull(values.telefono),
          },
        },
      });
      if (!res) throw new Error(MSG.errorInesperado);
      showToast(res.updateOpciones.message);
    } catch (e) {
      setServerErrors(errorMessages(e));
    }
  };

  return (
    <Stack gap="6" maxW="3xl">
      <PageCard
        title="Opciones generales"
        description={
          esAdmin
            ? 'Datos del servicio que se usan en las planillas y documentos impresos.'
            : 'Datos del servicio. Solo el administrador del servicio puede modificarlos.'
        }
      >
        <LoadingOverlay open={loading && !data} />
        {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
        {serverErrors && (
          <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
        )}
        {servicio?.nombrePropuesto && (
          <AppAlert
            severity="info"
            message={MSG.nombreEsperaAprobacion(
              servicio.nombrePropuesto,
              servicio.nombreEnRed ?? servicio.nombre,
            )}
          />
        )}
        {servicio && (
          <Form<Values>
            onSubmit={onSubmit}
            initialValues={initialValues}
            validate={(v) => toFormErrors(validateOpciones(v as OpcionesDatos))}
          >
            {({ handleSubmit, submitting, pristine }) => (
              <form onSubmit={handleSubmit} noValidate aria-label="Opciones del servicio">
                <Stack gap="4">
                  <TextField
                    name="nombre"
                    label={esAdmin ? 'Nombre del Servicio' : 'Servicio'}
                    required={esAdmin}
                    disabled={!esAdmin}
                    autoComplete="organization"
                  />
                  <TextField
                    name="direccion"
                    label="Dirección"
                    disabled={!esAdmin}
                    autoComplete="street-address"
                  />
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <TextField
                      name="email"
                      label="Email"
                      type="email"
                      disabled={!esAdmin}
                      autoComplete="email"
                    />
                    <TextField
                      name="telefono"
                      label="Teléfono"
                      type="tel"
                      disabled={!esAdmin}
                      autoComplete="tel"
                    />
                  </SimpleGrid>
                  {esAdmin && (
                    <Button
                      type="submit"
                      colorPalette="brand"
                      alignSelf="flex-start"
                      loading={submitting}
                      loadingText="Guardando..."
                      disabled={pristine}
                    >
                      Guardar
                    </Button>
                  )}
                </Stack>
              </form>
            )}
          </Form>
        )}
      </PageCard>
      <ReglasDonacion editable={esAdmin} />
      <UmbralesTamizaje editable={esAdmin} />
      <PanelResultados editable={esAdmin} />
      <ComponentesOpciones editable={esAdmin} />
      <StockOpciones editable={esAdmin} />
      <PageCard title="Acerca de" as="h2">
        <Stack gap="1" fontSize="sm" color="gray.700">
          <Text>{VERSION_LINE}</Text>
          <Text>{BUILD_LINE}</Text>
        </Stack>
      </PageCard>
    </Stack>
  );
}
