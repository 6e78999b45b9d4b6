import { Button, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useLazyQuery } from '@apollo/client/react';
import { useState } from 'react';
import { formatDateTime } from '@domain/dates';
import { ESTADO_UNIDAD_DESPACHO_LABELS, TIPO_DESTINO_LABELS } from '@domain/despacho';
import { AppAlert } from '@/components/app-alert';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { TablaTarjetas } from '@/components/tabla-tarjetas';
import { TrayectoriaUnidadDocument } from '@/generated/graphql';
import { identificadorLegible, leerIdentificador } from '@domain/componentes';
import { errorMessages } from '@/lib/graphql-errors';

/**
 * 'Trayectoria de una unidad' (/stock and /componentes): a unit read by its identifier or scanned,
 * and each dispatch it went through, oldest first: from which servicio to which destination, when,
 * who dispatched it (named only to the servicios of that dispatch) and what became of it there. A
 * transfer between members shows both servicios: the sender as 'Desde', the receiver as 'Hacia'.
 */
/** The identifier as read aloud ('90001 26 000004 GR1 K'), or as typed when it does not parse. */
function legible(texto: string): string {
  const leido = leerIdentificador(texto);
  return leido.ok ? identificadorLegible(leido.value.codigo) : texto;
}

export function TrayectoriaUnidad() {
  const [texto, setTexto] = useState('');
  const [codigo, setCodigo] = useState<string | null>(null);
  const [buscar, { data, error, loading }] = useLazyQuery(TrayectoriaUnidadDocument, {
    fetchPolicy: 'network-only',
  });
  const pasos = data?.trayectoriaUnidad ?? [];
  return (
    <PageCard
      as="h2"
      title="Trayectoria de una unidad"
      description="Lea o escriba el identificador de una unidad para ver cada despacho: de qué servicio salió, a qué destino, cuándo, quién la despachó y qué fue de ella."
    >
      <form
        aria-label="Buscar la trayectoria de una unidad"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const leido = texto.trim();
          if (!leido) return;
          setCodigo(leido);
          void buscar({ variables: { codigo: leido } });
        }}
      >
        <HStack align="flex-end" gap="3" wrap="wrap">
          <Field.Root width="auto" flex="1" minW="16rem" maxW="md">
            <Field.Label>Identificador de la unidad</Field.Label>
            <Input
              value={texto}
              onChange={(e) => setTexto(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              placeholder="Lea el código de barras o escríbalo"
            />
          </Field.Root>
          <Button type="submit" variant="outline" loading={loading}>
            Ver trayectoria
          </Button>
        </HStack>
      </form>
      {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
      {codigo && data && !error && (
        <Stack gap="2">
          {pasos.length === 0 ? (
            <Text color="gray.600">{`La unidad ${legible(codigo)} no salió del servicio que la produjo.`}</Text>
          ) : (
            <TablaTarjetas
              label={`Trayectoria de la unidad ${legible(codigo)}`}
              columnas={['Despachada', 'Desde', 'Hacia', 'Despachó', 'Qué fue de ella']}
            >
              {pasos.map((p) => (
                <Table.Row key={p.despachoId} data-paso={p.despachoId}>
                  <Table.Cell data-label="Despachada" whiteSpace="nowrap">
                    {formatDateTime(p.despachadoEn)}
                  </Table.Cell>
                  <Table.Cell data-label="Desde">{p.origen}</Table.Cell>
                  <Table.Cell data-label="Hacia">
                    {p.destinoNombre}
                    <Text as="span" display="block" fontSize="xs" color="gray.600">
                      {TIPO_DESTINO_LABELS[p.destinoTipo]}
                    </Text>
                  </Table.Cell>
                  <Table.Cell data-label="Despachó">
                    {p.despachadoPor ?? 'Personal de otro servicio'}
                  </Table.Cell>
                  <Table.Cell data-label="Qué fue de ella">
                    {ESTADO_UNIDAD_DESPACHO_LABELS[p.estado]}
                    {p.cerradoEn && (
                      <Text as="span" display="block" fontSize="xs" color="gray.600">
                        {formatDateTime(p.cerradoEn)}
                      </Text>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </TablaTarjetas>
          )}
        </Stack>
      )}
    </PageCard>
  );
}
