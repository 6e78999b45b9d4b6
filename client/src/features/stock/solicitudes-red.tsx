import { Badge, Button, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { NOMBRE_PRODUCTO } from '@domain/componentes';
import { ESTADO_SOLICITUD_LABELS } from '@domain/despacho';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, TablaTarjetas } from '@/components/tabla-tarjetas';
import { showToast } from '@/components/toast';
import { ResponderSolicitudTrasladoDocument, SolicitudesTrasladoDocument } from '@/generated/graphql';
import type { SolicitudTrasladoDatosFragment } from '@/generated/graphql';
import { useAuth } from '@/lib/auth-context';
import { grupoTexto } from '@/lib/componentes';
import { errorMessages } from '@/lib/graphql-errors';
import { fechaTexto } from './stock-format';

/** The longest reason a decline carries (the server's limit). */
const MOTIVO_MAX = 500;

/**
 * 'Solicitudes de la red' (/stock): what the network asked this servicio to send to another member.
 * A pending one is accepted (then the dispatch panel opens for that member: `onAceptada`) or
 * declined with a reason. Shown only when the network asked something.
 */
export function SolicitudesRed({
  puedeResponder,
  onAceptada,
}: {
  puedeResponder: boolean;
  onAceptada: (destinoId: string) => void;
}) {
  const { usuario } = useAuth();
  const { data, error } = useQuery(SolicitudesTrasladoDocument, { fetchPolicy: 'cache-and-network' });
  const propias = (data?.solicitudesTraslado ?? []).filter((s) => s.origenId === usuario?.servicio?.id);
  if (!error && propias.length === 0) return null;
  return (
    <PageCard
      as="h2"
      title="Solicitudes de la red"
      description="La red le pide enviar unidades a otro integrante: acéptelas (y despáchelas) o rechácelas con un motivo."
    >
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {propias.length > 0 && (
        <TablaTarjetas
          label="Solicitudes de la red"
          columnas={['Fecha', 'Para', 'Componente', 'Grupo', 'Unidades', 'Nota', 'Estado']}
          acciones="Responder"
          accionesOcultas
          // Focusable: with many columns it scrolls, and the keyboard must reach it too.
          scrollArea={{ tabIndex: 0 }}
        >
          {propias.map((s) => (
            <FilaSolicitud key={s.id} solicitud={s} puedeResponder={puedeResponder} onAceptada={onAceptada} />
          ))}
        </TablaTarjetas>
      )}
    </PageCard>
  );
}

function FilaSolicitud({
  solicitud: s,
  puedeResponder,
  onAceptada,
}: {
  solicitud: SolicitudTrasladoDatosFragment;
  puedeResponder: boolean;
  onAceptada: (destinoId: string) => void;
}) {
  const [rechazando, setRechazando] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [errores, setErrores] = useState<string[]>([]);
  const [responder, { loading }] = useMutation(ResponderSolicitudTrasladoDocument, {
    refetchQueries: [SolicitudesTrasladoDocument],
    awaitRefetchQueries: true,
  });
  const pedido = `${s.cantidad} ${NOMBRE_PRODUCTO[s.tipo].toLowerCase()} ${grupoTexto(s.abo, s.rh)} para ${s.destino}`;

  const enviar = async (acepta: boolean) => {
    const texto = motivo.trim();
    if (!acepta && texto === '') {
      setErrores([MSG.solicitudMotivoRequerido]);
      return;
    }
    setErrores([]);
    try {
      await responder({ variables: { id: s.id, acepta, motivo: acepta ? null : texto } });
      if (acepta) {
        showToast(`Solicitud aceptada: despache las unidades a ${s.destino}`);
        onAceptada(s.destinoId);
      } else {
        showToast('Solicitud rechazada');
        setRechazando(false);
      }
    } catch (e) {
      setErrores(errorMessages(e));
    }
  };

  return (
    <Table.Row data-solicitud={s.id}>
      <Table.Cell data-label="Fecha">{fechaTexto(s.creadaEn)}</Table.Cell>
      <Table.Cell data-label="Para">{s.destino}</Table.Cell>
      <Table.Cell data-label="Componente">{NOMBRE_PRODUCTO[s.tipo]}</Table.Cell>
      <Table.Cell data-label="Grupo">{grupoTexto(s.abo, s.rh)}</Table.Cell>
      <Table.Cell data-label="Unidades">{s.cantidad}</Table.Cell>
      <Table.Cell data-label="Nota">{s.nota ?? '—'}</Table.Cell>
      <Table.Cell data-label="Estado">
        <Badge colorPalette={s.estado === 'ACEPTADA' ? 'green' : s.estado === 'RECHAZADA' ? 'red' : 'gray'}>
          {ESTADO_SOLICITUD_LABELS[s.estado]}
        </Badge>
        {s.motivo && (
          <Text as="span" display="block" fontSize="xs" color="gray.600">
            {`Motivo: ${s.motivo}`}
          </Text>
        )}
      </Table.Cell>
      <AccionesCell>
        {puedeResponder && s.estado === 'PENDIENTE' && (
          <Stack gap="2" align="flex-end" minW="14rem">
            {!rechazando ? (
              <HStack gap="2">
                <Button
                  size="xs"
                  colorPalette="brand"
                  loading={loading}
                  aria-label={`Aceptar: ${pedido}`}
                  onClick={() => void enviar(true)}
                >
                  Aceptar
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Rechazar: ${pedido}`}
                  onClick={() => setRechazando(true)}
                >
                  Rechazar
                </Button>
              </HStack>
            ) : (
              <form
                aria-label={`Rechazar: ${pedido}`}
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  void enviar(false);
                }}
              >
                <Stack gap="2" align="flex-end">
                  <Field.Root invalid={errores.length > 0} required>
                    <Field.Label>Motivo del rechazo</Field.Label>
                    <Input
                      size="xs"
                      value={motivo}
                      maxLength={MOTIVO_MAX}
                      onChange={(e) => setMotivo(e.target.value)}
                    />
                  </Field.Root>
                  <HStack gap="2">
                    <Button size="xs" type="submit" colorPalette="red" loading={loading}>
                      Rechazar la solicitud
                    </Button>
                    <Button size="xs" variant="outline" onClick={() => setRechazando(false)}>
                      Cancelar
                    </Button>
                  </HStack>
                </Stack>
              </form>
            )}
            {errores.length > 0 && <AppAlert message={<ServerErrors errors={errores} />} />}
          </Stack>
        )}
      </AccionesCell>
    </Table.Row>
  );
}
