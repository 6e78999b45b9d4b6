import { Badge, Box, Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ESTADO_COMPONENTE_LABELS, NOMBRE_PRODUCTO, identificadorLegible } from '@domain/componentes';
import { formatDate, formatDateTime } from '@domain/dates';
import { decideMedicamente } from '@domain/roles';
import {
  ACCION_TRAZABILIDAD_LABELS,
  MEDIOS_NOTIFICACION,
  MEDIO_NOTIFICACION_LABELS,
  NOTIFICADO_MAX,
  RESPUESTA_MAX,
  validateNotificacion,
} from '@domain/trazabilidad';
import type { MedioNotificacion } from '@domain/trazabilidad';
import { AppAlert } from '@/components/app-alert';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { TablaTarjetas } from '@/components/tabla-tarjetas';
import { showToast } from '@/components/toast';
import {
  CerrarTrazabilidadDocument,
  RegistrarNotificacionDocument,
  TrazabilidadesDocument,
} from '@/generated/graphql';
import type { TrazabilidadDatosFragment } from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import { errorMessages } from '@/lib/graphql-errors';

const ACCION_COLOR = { RETIRADA: 'red', NOTIFICAR: 'orange', SIN_ACCION: 'gray' } as const;

/**
 * 'Trazabilidad inversa' on /componentes: the open look-backs, each with the units of the donor's
 * earlier donations (what was done or is to be done with each: withdrawn, notify its destination,
 * nothing) and the notifications recorded. A doctor or the administrator records a notification
 * and closes a look-back (the server refuses while a unit awaits its notification).
 */
export function TrazabilidadLista() {
  const { usuario } = useAuth();
  const puedeRegistrar = decideMedicamente(usuario?.rol);
  const { data, loading, error } = useQuery(TrazabilidadesDocument, { fetchPolicy: 'cache-and-network' });
  const abiertas = data?.trazabilidades ?? [];
  return (
    <PageCard
      as="h2"
      title="Trazabilidad inversa"
      description="Cuando el resultado de una donación es reactivo, las unidades de las donaciones anteriores del donante dentro de la ventana: las que estaban en stock se retiraron; los destinos de las despachadas deben notificarse."
    >
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {loading && !data ? (
        <Text fontSize="sm">Cargando...</Text>
      ) : abiertas.length === 0 ? (
        <Text fontSize="sm" color="gray.600">
          No hay trazabilidades abiertas.
        </Text>
      ) : (
        abiertas.map((t) => <Trazabilidad key={t.id} t={t} puedeRegistrar={puedeRegistrar} />)
      )}
    </PageCard>
  );
}

/** 'Donación N° 9' or 'Visita no apta del 03/02/2026' as a sentence continues it: 'de la donación N° 9'. */
const enFrase = (origen: string): string => origen.charAt(0).toLowerCase() + origen.slice(1);

function Trazabilidad({ t, puedeRegistrar }: { t: TrazabilidadDatosFragment; puedeRegistrar: boolean }) {
  const [errores, setErrores] = useState<string[]>([]);
  const [cerrar, { loading }] = useMutation(CerrarTrazabilidadDocument, {
    refetchQueries: [TrazabilidadesDocument],
    awaitRefetchQueries: true,
  });
  const origen = enFrase(t.origen);
  const titulo = `${t.origen} (${t.servicio})`;
  const onCerrar = async () => {
    setErrores([]);
    try {
      await cerrar({ variables: { id: t.id } });
      showToast(`Trazabilidad de la ${origen} cerrada`);
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" role="region" aria-label={`Trazabilidad de la ${titulo}`}>
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="semibold">{titulo}</Text>
          <Text fontSize="sm" color="gray.600">
            {`${t.causa ? `Causa: ${t.causa} · ` : ''}Abierta el ${formatDateTime(t.creadaEn)} · donaciones desde el ${formatDate(t.desde)}`}
          </Text>
        </HStack>
        {t.unidades.length === 0 ? (
          <Text fontSize="sm">Ninguna unidad de donaciones anteriores dentro de la ventana.</Text>
        ) : (
          <TablaTarjetas
            label={`Unidades de la trazabilidad de la ${titulo}`}
            columnas={['Unidad', 'Componente', 'Servicio', 'Estado', 'Destino', 'Acción']}
          >
            {t.unidades.map((u) => (
              <Table.Row key={u.componenteId} data-codigo={u.codigo}>
                <Table.Cell data-label="Unidad" whiteSpace="nowrap" fontFamily="mono">
                  {identificadorLegible(u.codigo)}
                </Table.Cell>
                <Table.Cell data-label="Componente">{NOMBRE_PRODUCTO[u.tipo]}</Table.Cell>
                <Table.Cell data-label="Servicio">{u.servicio}</Table.Cell>
                <Table.Cell data-label="Estado">{ESTADO_COMPONENTE_LABELS[u.estado]}</Table.Cell>
                <Table.Cell data-label="Destino">{u.destino ?? '—'}</Table.Cell>
                <Table.Cell data-label="Acción">
                  <Badge colorPalette={ACCION_COLOR[u.accion]}>{ACCION_TRAZABILIDAD_LABELS[u.accion]}</Badge>
                  {u.accion === 'NOTIFICAR' && (
                    <Text fontSize="xs">{u.notificada ? 'Notificada' : 'Falta notificar'}</Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </TablaTarjetas>
        )}
        {t.notificaciones.length > 0 && (
          <Stack gap="1" as="ul" ps="4" aria-label={`Notificaciones de la ${titulo}`}>
            {t.notificaciones.map((n) => {
              const unidad = t.unidades.find((u) => u.componenteId === n.componenteId);
              return (
                <Text as="li" key={n.id} fontSize="sm">
                  {[
                    `${formatDateTime(n.notificadoEn)}: ${n.notificado}`,
                    MEDIO_NOTIFICACION_LABELS[n.medio],
                    unidad ? `unidad ${identificadorLegible(unidad.codigo)}` : 'toda la trazabilidad',
                    n.respuesta ? `respuesta: ${n.respuesta}` : null,
                    `registró ${n.registradoPor}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              );
            })}
          </Stack>
        )}
        {puedeRegistrar && <FormNotificacion t={t} />}
        {errores.length > 0 && <AppAlert message={<ServerErrors errors={errores} />} />}
        {puedeRegistrar && (
          <HStack>
            <Button size="sm" variant="outline" loading={loading} onClick={() => void onCerrar()}>
              Cerrar
            </Button>
          </HStack>
        )}
      </Stack>
    </Box>
  );
}

/** Records a notification: who was notified, how, the answer; for one unit or the whole look-back. */
function FormNotificacion({ t }: { t: TrazabilidadDatosFragment }) {
  const aNotificar = t.unidades.filter((u) => u.accion === 'NOTIFICAR');
  const [componenteId, setComponenteId] = useState(aNotificar.find((u) => !u.notificada)?.componenteId ?? '');
  const [notificado, setNotificado] = useState('');
  const [medio, setMedio] = useState<MedioNotificacion>('TELEFONO');
  const [respuesta, setRespuesta] = useState('');
  const [errores, setErrores] = useState<{ field: string; msg: string }[]>([]);
  const [registrar, { loading }] = useMutation(RegistrarNotificacionDocument, {
    refetchQueries: [TrazabilidadesDocument],
    awaitRefetchQueries: true,
  });
  const errorDe = (f: string) => errores.find((e) => e.field === f)?.msg;

  const onRegistrar = async () => {
    const propios = validateNotificacion({ notificado, medio, respuesta });
    setErrores(propios);
    if (propios.length > 0) return;
    try {
      await registrar({
        variables: {
          id: t.id,
          input: {
            componenteId: componenteId || null,
            notificado: notificado.trim(),
            medio,
            respuesta: respuesta.trim() || null,
          },
        },
      });
      setNotificado('');
      setRespuesta('');
      showToast('Notificación registrada');
    } catch (e) {
      setErrores(errorMessages(e).map((msg) => ({ field: '', msg })));
    }
  };

  return (
    <form
      aria-label={`Registrar una notificación de la ${enFrase(t.origen)}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onRegistrar();
      }}
    >
      <Stack gap="2">
        <HStack align="flex-start" gap="3" wrap="wrap">
          <Field.Root width="auto" minW="14rem">
            <Field.Label>Unidad notificada</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={componenteId} onChange={(e) => setComponenteId(e.target.value)}>
                <option value="">Toda la trazabilidad</option>
                {aNotificar.map((u) => (
                  <option key={u.componenteId} value={u.componenteId}>
                    {`${identificadorLegible(u.codigo)}${u.destino ? ` (${u.destino})` : ''}`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root width="auto" flex="1" minW="14rem" required invalid={!!errorDe('notificado')}>
            <Field.Label>A quién se notificó</Field.Label>
            <Input
              size="sm"
              value={notificado}
              maxLength={NOTIFICADO_MAX}
              placeholder="Hospital y persona"
              onChange={(e) => setNotificado(e.target.value)}
            />
            <Field.ErrorText>{errorDe('notificado')}</Field.ErrorText>
          </Field.Root>
          <Field.Root width="auto" minW="10rem">
            <Field.Label>Medio</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={medio}
                onChange={(e) => setMedio(e.target.value as MedioNotificacion)}
              >
                {MEDIOS_NOTIFICACION.map((m) => (
                  <option key={m} value={m}>
                    {MEDIO_NOTIFICACION_LABELS[m]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root width="auto" flex="1" minW="14rem" invalid={!!errorDe('respuesta')}>
            <Field.Label>Respuesta</Field.Label>
            <Input
              size="sm"
              value={respuesta}
              maxLength={RESPUESTA_MAX}
              onChange={(e) => setRespuesta(e.target.value)}
            />
            <Field.ErrorText>{errorDe('respuesta')}</Field.ErrorText>
          </Field.Root>
        </HStack>
        {errores.some((e) => e.field === '') && (
          <AppAlert
            message={<ServerErrors errors={errores.filter((e) => e.field === '').map((e) => e.msg)} />}
          />
        )}
        <HStack>
          <Button type="submit" size="sm" colorPalette="brand" loading={loading}>
            Registrar notificación
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
