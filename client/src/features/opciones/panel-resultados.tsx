import { Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { MARCADOR_LABELS, MARCADORES_ADICIONALES, MARCADORES_NACIONALES } from '@domain/resultados';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import { PanelResultadosDocument, UpdatePanelResultadosDocument } from '@/generated/graphql';
import type { MarcadorAdicional } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';

const NACIONAL = MARCADORES_NACIONALES.map((m) => MARCADOR_LABELS[m]).join(', ');
const DESCRIPCION = `Toda donación se estudia con el tamizaje nacional (${NACIONAL}). El servicio puede agregar las pruebas de ácidos nucleicos (NAT) que realiza: sus resultados se cargan con los demás.`;

/**
 * 'Panel de laboratorio' of /opciones/generales: the NAT tests the servicio adds to the national
 * screening. The administrator (ROL_SERVICIO) chooses them; any other role reads them.
 */
export function PanelResultados({ editable }: { editable: boolean }) {
  const { data, error } = useQuery(PanelResultadosDocument);
  const [guardar, { loading: guardando }] = useMutation(UpdatePanelResultadosDocument);
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  // What the administrator ticked; null while it is the saved panel.
  const [elegidos, setElegidos] = useState<MarcadorAdicional[] | null>(null);
  const guardados = data?.servicio.marcadoresAdicionales ?? [];
  const actuales = elegidos ?? guardados;

  const cambiar = (m: MarcadorAdicional, marcado: boolean) => {
    const siguiente = marcado ? [...actuales, m] : actuales.filter((x) => x !== m);
    setElegidos(MARCADORES_ADICIONALES.filter((x) => siguiente.includes(x)) as MarcadorAdicional[]);
  };

  const onGuardar = async () => {
    setServerErrors(null);
    try {
      await guardar({ variables: { marcadores: actuales } });
      setElegidos(null);
      showToast(MSG.panelResultadosGuardado);
    } catch (e) {
      setServerErrors(errorMessages(e));
    }
  };

  const sinCambios = elegidos === null || elegidos.join() === guardados.join();

  return (
    <PageCard
      title="Panel de laboratorio"
      as="h2"
      description={
        editable ? DESCRIPCION : `${DESCRIPCION} Solo el administrador del servicio puede modificarlo.`
      }
    >
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {serverErrors && (
        <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
      )}
      {data && !editable && (
        <Text>
          Pruebas agregadas:{' '}
          {guardados.length ? guardados.map((m) => MARCADOR_LABELS[m]).join(', ') : 'ninguna'}
        </Text>
      )}
      {data && editable && (
        <Stack gap="4" as="fieldset">
          <Text as="legend" fontSize="sm" color="gray.600" mb="2">
            Pruebas NAT que realiza el servicio
          </Text>
          <Stack gap="2">
            {MARCADORES_ADICIONALES.map((m) => (
              <Checkbox.Root
                key={m}
                checked={actuales.includes(m)}
                onCheckedChange={(e) => cambiar(m, e.checked === true)}
                colorPalette="brand"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{MARCADOR_LABELS[m]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
          <Button
            colorPalette="brand"
            alignSelf="flex-start"
            onClick={() => void onGuardar()}
            loading={guardando}
            loadingText="Guardando..."
            disabled={sinCambios}
          >
            Guardar panel
          </Button>
        </Stack>
      )}
    </PageCard>
  );
}
