import { Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { validateDiasAviso } from '@domain/stock';
import {
  VENTANA_TRAZABILIDAD_MAX,
  VENTANA_TRAZABILIDAD_MIN,
  validateVentanaTrazabilidad,
} from '@domain/trazabilidad';
import { AppAlert } from '@/components/app-alert';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { showToast } from '@/components/toast';
import {
  OpcionesStockDocument,
  UpdateAvisoVencimientoDocument,
  UpdateVentanaTrazabilidadDocument,
} from '@/generated/graphql';
import type { OpcionesStockQuery } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';
import { CampoNumeroGuardable, DiasPorTipo } from './dias-por-tipo';

type Aviso = OpcionesStockQuery['avisoVencimiento'][number];

/** A whole number typed, or NaN. */
const entero = (texto: string) => (/^\s*\d+\s*$/.test(texto) ? Number(texto.trim()) : Number.NaN);

/**
 * 'Stock y trazabilidad' of /opciones/generales: how many days before its expiry a unit of each
 * type shows as expiring soon on /stock, and the look-back window in months. The administrator
 * (ROL_SERVICIO) changes them; any other role reads them.
 */
export function StockOpciones({ editable }: { editable: boolean }) {
  const { data, error } = useQuery(OpcionesStockDocument);
  return (
    <PageCard
      title="Stock y trazabilidad"
      as="h2"
      description={
        editable
          ? 'Los días antes del vencimiento en que cada componente se señala por vencer en el stock, y los meses hacia atrás que abarca la trazabilidad inversa.'
          : 'Los días de aviso de vencimiento y la ventana de la trazabilidad inversa. Solo el administrador del servicio puede modificarlos.'
      }
    >
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {data && (
        <Ventana key={data.ventanaTrazabilidad} meses={data.ventanaTrazabilidad} editable={editable} />
      )}
      {data && (
        <TablaAviso
          key={data.avisoVencimiento.map((a) => a.dias).join()}
          filas={data.avisoVencimiento}
          editable={editable}
        />
      )}
    </PageCard>
  );
}

function Ventana({ meses, editable }: { meses: number; editable: boolean }) {
  const [texto, setTexto] = useState(String(meses));
  const [errores, setErrores] = useState<string[] | null>(null);
  const [guardar, { loading }] = useMutation(UpdateVentanaTrazabilidadDocument, {
    refetchQueries: [OpcionesStockDocument],
  });
  const error = validateVentanaTrazabilidad(entero(texto))[0]?.msg ?? null;
  const onGuardar = async () => {
    if (error) return;
    setErrores(null);
    try {
      await guardar({ variables: { meses: entero(texto) } });
      showToast('Ventana de la trazabilidad inversa guardada');
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };
  if (!editable) return <Text>{`Ventana de la trazabilidad inversa: ${meses} meses`}</Text>;
  return (
    <Stack gap="2">
      {errores && <AppAlert message={<ServerErrors errors={errores} />} onClose={() => setErrores(null)} />}
      <CampoNumeroGuardable
        label="Ventana de la trazabilidad inversa (meses)"
        texto={texto}
        onTexto={setTexto}
        guardado={meses}
        error={error}
        ayuda={`${VENTANA_TRAZABILIDAD_MIN} a ${VENTANA_TRAZABILIDAD_MAX}`}
        accion="Guardar la ventana de la trazabilidad inversa"
        guardando={loading}
        onGuardar={() => void onGuardar()}
      />
    </Stack>
  );
}

function TablaAviso({ filas, editable }: { filas: readonly Aviso[]; editable: boolean }) {
  const [guardar, { loading }] = useMutation(UpdateAvisoVencimientoDocument, {
    refetchQueries: [OpcionesStockDocument],
  });
  return (
    <DiasPorTipo
      filas={filas}
      editable={editable}
      titulo="Aviso de vencimiento de los componentes"
      columna="Aviso (días antes del vencimiento)"
      label={(producto) => `Aviso de vencimiento de ${producto} (días)`}
      accion={(producto) => `Guardar el aviso de vencimiento de ${producto}`}
      guardadoTexto={(producto) => `Aviso de vencimiento de ${producto} guardado`}
      error={(a, texto) => validateDiasAviso(a.tipo, entero(texto))[0]?.msg ?? null}
      predeterminado={(a) => `${a.predeterminado} días`}
      guardar={(tipo, dias) => guardar({ variables: { tipo, dias } })}
      guardando={loading}
    />
  );
}
