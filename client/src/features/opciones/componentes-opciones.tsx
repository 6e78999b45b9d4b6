import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { CODIGO_INSTALACION_LOCAL, leerCodigoInstalacion } from '@domain/componentes';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import {
  OpcionesComponentesDocument,
  UpdateCodigoInstalacionDocument,
  UpdateVidaUtilComponenteDocument,
} from '@/generated/graphql';
import type { OpcionesComponentesQuery } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';
import { DiasPorTipo } from './dias-por-tipo';

type VidaUtil = OpcionesComponentesQuery['vidaUtilComponentes'][number];

/** The installation assigns '9' and four digits to a servicio without a FIN of its own. */
export const esCodigoAsignado = (codigo: string) => CODIGO_INSTALACION_LOCAL.test(codigo);

/** The error of a shelf life typed: a whole number of days within the type's bounds. */
export function errorDias(v: Pick<VidaUtil, 'minimo' | 'maximo'>, texto: string): string | null {
  const n = Number(texto.trim());
  if (texto.trim() === '' || !Number.isInteger(n) || n < v.minimo || n > v.maximo) {
    return MSG.vidaUtilFueraDeRango(v.minimo, v.maximo);
  }
  return null;
}

/**
 * 'Componentes' of /opciones/generales: the facility code printed in every unit identifier, and
 * the shelf life of each component type (its default and where that comes from). The
 * administrator (ROL_SERVICIO) changes them; any other role reads them.
 */
export function ComponentesOpciones({ editable }: { editable: boolean }) {
  const { data, error } = useQuery(OpcionesComponentesDocument);
  return (
    <PageCard
      title="Componentes"
      as="h2"
      description={
        editable
          ? 'El código de instalación que llevan los identificadores de las unidades y la vida útil de cada componente.'
          : 'El código de instalación y la vida útil de cada componente. Solo el administrador del servicio puede modificarlos.'
      }
    >
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {data && <CodigoInstalacion actual={data.servicio.codigoInstalacion} editable={editable} />}
      {data && (
        <TablaVidaUtil
          key={data.vidaUtilComponentes.map((v) => v.dias).join()}
          filas={data.vidaUtilComponentes}
          editable={editable}
        />
      )}
    </PageCard>
  );
}

function CodigoInstalacion({ actual, editable }: { actual: string; editable: boolean }) {
  const [texto, setTexto] = useState('');
  const [intentado, setIntentado] = useState(false);
  const [errores, setErrores] = useState<string[] | null>(null);
  const [guardar, { loading }] = useMutation(UpdateCodigoInstalacionDocument);
  const lectura = leerCodigoInstalacion(texto);
  const codigo = lectura.ok ? lectura.value : '';
  const error = lectura.ok ? null : lectura.error;

  const onGuardar = async () => {
    setIntentado(true);
    if (error) return;
    setErrores(null);
    try {
      await guardar({ variables: { codigo } });
      setTexto('');
      setIntentado(false);
      showToast('Código de instalación guardado');
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };

  return (
    <Stack gap="3">
      <Text>
        {`Código de instalación: ${actual}`}
        {esCodigoAsignado(actual) ? ' (asignado por la instalación)' : ' (código ICCBBA del servicio)'}
      </Text>
      <Text fontSize="sm" color="gray.600">
        Encabeza el identificador de cada unidad. Si el servicio tiene un código ICCBBA (FIN), puede cargarlo;
        si no, se usa el que asignó la instalación. Una vez que hay unidades producidas ya no puede cambiarse:
        sus identificadores están impresos en las etiquetas.
      </Text>
      {errores && <AppAlert message={<ServerErrors errors={errores} />} onClose={() => setErrores(null)} />}
      {editable && (
        <form
          aria-label="Código de instalación"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void onGuardar();
          }}
        >
          <HStack align="flex-start" gap="3" wrap="wrap">
            <Field.Root width="auto" invalid={intentado && Boolean(error)}>
              <Field.Label>Código ICCBBA (FIN)</Field.Label>
              <Input
                width="32"
                value={texto}
                maxLength={5}
                autoComplete="off"
                onChange={(e) => setTexto(e.target.value)}
              />
              {intentado && error && <Field.ErrorText>{error}</Field.ErrorText>}
            </Field.Root>
            <Button type="submit" colorPalette="brand" mt="6" loading={loading} loadingText="Guardando...">
              Guardar código
            </Button>
          </HStack>
        </form>
      )}
    </Stack>
  );
}

function TablaVidaUtil({ filas, editable }: { filas: readonly VidaUtil[]; editable: boolean }) {
  const [guardar, { loading }] = useMutation(UpdateVidaUtilComponenteDocument, {
    refetchQueries: ['OpcionesComponentes'],
  });
  return (
    <DiasPorTipo
      filas={filas}
      editable={editable}
      titulo="Vida útil de los componentes"
      columna="Vida útil (días)"
      label={(producto) => `Vida útil de ${producto} (días)`}
      accion={(producto) => `Guardar la vida útil de ${producto}`}
      guardadoTexto={(producto) => `Vida útil de ${producto} guardada`}
      error={errorDias}
      ayuda={(v) => `${v.minimo} a ${v.maximo}`}
      predeterminado={(v) => (
        <>
          <Text>{`${v.predeterminado} días`}</Text>
          <Text fontSize="xs" color="gray.600">
            {v.fuente}
          </Text>
        </>
      )}
      guardar={(tipo, dias) => guardar({ variables: { tipo, dias } })}
      guardando={loading}
    />
  );
}
