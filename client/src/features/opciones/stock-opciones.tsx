import { Button, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
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
import { NOMBRE_PRODUCTO } from '@/lib/componentes';
import { errorMessages } from '@/lib/graphql-errors';

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
  const cambiado = texto.trim() !== String(meses);
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
      <HStack align="flex-start" gap="2">
        <Field.Root width="auto" invalid={cambiado && Boolean(error)}>
          <Field.Label>Ventana de la trazabilidad inversa (meses)</Field.Label>
          <Input
            size="sm"
            width="20"
            inputMode="numeric"
            autoComplete="off"
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
          />
          <Field.HelperText>{`${VENTANA_TRAZABILIDAD_MIN} a ${VENTANA_TRAZABILIDAD_MAX}`}</Field.HelperText>
          {cambiado && error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <Button
          size="sm"
          variant="outline"
          mt="6"
          disabled={!cambiado || Boolean(error)}
          loading={loading}
          onClick={() => void onGuardar()}
          aria-label="Guardar la ventana de la trazabilidad inversa"
        >
          Guardar
        </Button>
      </HStack>
    </Stack>
  );
}

function TablaAviso({ filas, editable }: { filas: readonly Aviso[]; editable: boolean }) {
  const [dias, setDias] = useState<Record<string, string>>(() =>
    Object.fromEntries(filas.map((a) => [a.tipo, String(a.dias)])),
  );
  const [errores, setErrores] = useState<string[] | null>(null);
  const [guardar, { loading }] = useMutation(UpdateAvisoVencimientoDocument, {
    refetchQueries: [OpcionesStockDocument],
  });
  const onGuardar = async (a: Aviso) => {
    const n = entero(dias[a.tipo] ?? '');
    if (validateDiasAviso(a.tipo, n).length > 0) return;
    setErrores(null);
    try {
      await guardar({ variables: { tipo: a.tipo, dias: n } });
      showToast(`Aviso de vencimiento de ${NOMBRE_PRODUCTO[a.tipo]} guardado`);
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };
  return (
    <Stack gap="3">
      {errores && <AppAlert message={<ServerErrors errors={errores} />} onClose={() => setErrores(null)} />}
      <Table.Root size="sm" aria-label="Aviso de vencimiento de los componentes">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Componente</Table.ColumnHeader>
            <Table.ColumnHeader>Aviso (días antes del vencimiento)</Table.ColumnHeader>
            <Table.ColumnHeader>Predeterminado</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {filas.map((a) => {
            const texto = dias[a.tipo] ?? '';
            const error = validateDiasAviso(a.tipo, entero(texto))[0]?.msg ?? null;
            const cambiado = texto.trim() !== String(a.dias);
            return (
              <Table.Row key={a.tipo} data-tipo={a.tipo}>
                <Table.Cell>{NOMBRE_PRODUCTO[a.tipo]}</Table.Cell>
                <Table.Cell>
                  {editable ? (
                    <HStack align="flex-start" gap="2">
                      <Field.Root width="auto" invalid={cambiado && Boolean(error)}>
                        <Field.Label
                          srOnly
                        >{`Aviso de vencimiento de ${NOMBRE_PRODUCTO[a.tipo]} (días)`}</Field.Label>
                        <Input
                          size="sm"
                          width="20"
                          inputMode="numeric"
                          autoComplete="off"
                          value={texto}
                          onChange={(e) => setDias((d) => ({ ...d, [a.tipo]: e.target.value }))}
                        />
                        {cambiado && error && <Field.ErrorText>{error}</Field.ErrorText>}
                      </Field.Root>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={!cambiado || Boolean(error)}
                        loading={loading}
                        onClick={() => void onGuardar(a)}
                        aria-label={`Guardar el aviso de vencimiento de ${NOMBRE_PRODUCTO[a.tipo]}`}
                      >
                        Guardar
                      </Button>
                    </HStack>
                  ) : (
                    `${a.dias} días`
                  )}
                </Table.Cell>
                <Table.Cell>{`${a.predeterminado} días`}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
