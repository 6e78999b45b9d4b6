import { Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { leerIdentificador, NOMBRE_PRODUCTO, siguienteEstado } from '@domain/componentes';
import {
  DESPACHAR_POR_VEZ_MAX,
  DESTINO_NOMBRE_MAX,
  DESTINO_REFERENCIA_MAX,
  TIPO_DESTINO_LABELS,
  validateDestino,
} from '@domain/despacho';
import type { TipoDestino } from '@domain/despacho';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { PageCard } from '@/components/page-card';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, TablaTarjetas } from '@/components/tabla-tarjetas';
import { showToast } from '@/components/toast';
import {
  ComponentesEnTransitoDocument,
  DespacharComponentesDocument,
  DespachosDocument,
  MiembrosRedDocument,
  SolicitudesTrasladoDocument,
  StockDocument,
  UnidadesEnStockDocument,
  UnidadPorCodigoDocument,
} from '@/generated/graphql';
import type { DespachoDatosFragment, UnidadStockFragment } from '@/generated/graphql';
import { usePrint } from '@/imprimibles/use-print';
import { useAuth } from '@/lib/auth-context';
import { grupoTexto, identificadorLegible } from '@/lib/componentes';
import { errorMessages } from '@/lib/graphql-errors';
import { printRemito } from './imprimir-remito';
import { numeroDespacho, toRemito } from './remito-format';
import { fechaTexto } from './stock-format';
import { useServicioRemito } from './use-servicio-remito';

/**
 * 'Despachar': a scanner field adds released units by their identifier (the domain's reason in
 * words when one cannot leave, never twice), the destination (a hospital, another member of the
 * network chosen from its members, or the own transfusion service), and the confirmation; then the
 * dispatch note. A unit received from another member is read in the holder-safe shape (its group,
 * never the producer's donation). `miembroInicial`: a request accepted opens it for that member.
 */
export function DespachoPanel({
  onCerrar,
  miembroInicial,
}: {
  onCerrar: () => void;
  miembroInicial?: string | null;
}) {
  const client = useApolloClient();
  const { usuario } = useAuth();
  const servicio = useServicioRemito();
  const print = usePrint();
  const [texto, setTexto] = useState('');
  const [elegidas, setElegidas] = useState<UnidadStockFragment[]>([]);
  const [aviso, setAviso] = useState<string[]>([]);
  const [tipo, setTipo] = useState<TipoDestino>(miembroInicial ? 'MIEMBRO_RED' : 'HOSPITAL');
  const [servicioId, setServicioId] = useState(miembroInicial ?? '');
  const miembros = useQuery(MiembrosRedDocument).data?.miembrosRed ?? [];
  const destinos: readonly TipoDestino[] =
    miembros.length > 0 || miembroInicial
      ? ['HOSPITAL', 'MIEMBRO_RED', 'SERVICIO_PROPIO']
      : ['HOSPITAL', 'SERVICIO_PROPIO'];
  const [nombre, setNombre] = useState('');
  const [referencia, setReferencia] = useState('');
  const [errores, setErrores] = useState<{ field: string; msg: string }[]>([]);
  const [hecho, setHecho] = useState<DespachoDatosFragment | null>(null);
  const [despachar, { loading }] = useMutation(DespacharComponentesDocument, {
    refetchQueries: [
      StockDocument,
      UnidadesEnStockDocument,
      DespachosDocument,
      ComponentesEnTransitoDocument,
      SolicitudesTrasladoDocument,
    ],
    awaitRefetchQueries: true,
  });

  const leer = async (codigo: string) => {
    setAviso([]);
    if (elegidas.some((c) => c.codigo.toUpperCase() === codigo.toUpperCase())) {
      setAviso([MSG.despachoRepetido]);
      return;
    }
    if (elegidas.length >= DESPACHAR_POR_VEZ_MAX) {
      setAviso([MSG.despachoDemasiados(DESPACHAR_POR_VEZ_MAX)]);
      return;
    }
    try {
      const { data } = await client.query({
        query: UnidadPorCodigoDocument,
        variables: { codigo },
        fetchPolicy: 'network-only',
      });
      const c = data?.unidadPorCodigo;
      if (!c) {
        // A unit on its way here is not in stock yet: say so rather than 'none'.
        const enCamino = (
          await client.query({ query: ComponentesEnTransitoDocument, fetchPolicy: 'cache-first' })
        ).data?.componentesEnTransito;
        const leido = leerIdentificador(codigo);
        const canonico = leido.ok ? leido.value.codigo : codigo.trim().toUpperCase();
        const viaja = enCamino?.find((u) => u.codigo === canonico);
        setAviso([
          viaja ? MSG.unidadEnTransitoAca(identificadorLegible(viaja.codigo)) : MSG.unidadSinCodigo(codigo),
        ]);
        return;
      }
      const paso = siguienteEstado(c, { tipo: 'despachar' }, { rol: usuario?.rol, vencido: c.vencido });
      if (!paso.ok) {
        setAviso(paso.errores.map((e) => `${identificadorLegible(c.codigo)}: ${e.msg}`));
        return;
      }
      setElegidas((l) => (l.some((x) => x.id === c.id) ? l : [...l, c]));
    } catch (e) {
      setAviso(errorMessages(e));
    }
  };

  const confirmar = async () => {
    const destino = {
      tipo,
      nombre: tipo === 'HOSPITAL' ? nombre.trim() : null,
      referencia: referencia.trim() || null,
      servicioId: tipo === 'MIEMBRO_RED' ? servicioId : null,
    };
    const propios = [
      ...(elegidas.length === 0 ? [{ field: 'ids', msg: MSG.despachoVacio }] : []),
      ...validateDestino(destino),
    ];
    setErrores(propios);
    if (propios.length > 0) return;
    try {
      const { data } = await despachar({ variables: { ids: elegidas.map((c) => c.id), destino } });
      if (data) {
        setHecho(data.despacharComponentes);
        setElegidas([]);
        showToast(`Despacho N° ${numeroDespacho(data.despacharComponentes.id)} registrado`);
      }
    } catch (e) {
      setErrores(errorMessages(e).map((msg) => ({ field: '', msg })));
    }
  };

  const errorDe = (field: string) => errores.find((e) => e.field === field)?.msg;
  const generales = errores.filter((e) => !e.field.startsWith('destino.')).map((e) => e.msg);

  return (
    <PageCard
      as="h2"
      title="Despachar"
      description="Lea el código de cada unidad liberada que sale; elija el destino y confirme. Luego imprima el remito."
    >
      {hecho && (
        <Stack gap="2" role="status" aria-label="Despacho registrado">
          <Text fontWeight="semibold">
            {`Despacho N° ${numeroDespacho(hecho.id)}: ${hecho.unidades.length} ${hecho.unidades.length === 1 ? 'unidad' : 'unidades'} a ${hecho.destinoNombre}`}
          </Text>
          <HStack>
            <Button
              size="sm"
              colorPalette="brand"
              loading={print.busy}
              onClick={() => void print.run(printRemito, toRemito(hecho, servicio))}
            >
              Imprimir remito
            </Button>
          </HStack>
          {print.error && <AppAlert message={print.error.message} />}
        </Stack>
      )}
      <form
        aria-label="Agregar una unidad al despacho"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const codigo = texto.trim();
          setTexto('');
          if (codigo) void leer(codigo);
        }}
      >
        <HStack align="flex-end" gap="3" wrap="wrap">
          <Field.Root width="auto" flex="1" minW="16rem" maxW="md">
            <Field.Label>Código de la unidad a despachar</Field.Label>
            <Input
              value={texto}
              onChange={(e) => setTexto(e.target.value)}
              autoFocus
              autoComplete="off"
              spellCheck={false}
              placeholder="Lea el código de barras o escríbalo"
            />
          </Field.Root>
          <Button type="submit" variant="outline">
            Agregar
          </Button>
        </HStack>
      </form>
      {aviso.length > 0 && <AppAlert severity="warning" message={<ServerErrors errors={aviso} />} />}
      {elegidas.length === 0 ? (
        <Text fontSize="sm" color="gray.600">
          Todavía no hay unidades en este despacho.
        </Text>
      ) : (
        <TablaTarjetas
          label="Unidades del despacho"
          columnas={['Identificador', 'Componente', 'Grupo', 'Volumen', 'Vence']}
          acciones="Quitar"
          accionesOcultas
        >
          {elegidas.map((c) => (
            <Table.Row key={c.id} data-codigo={c.codigo}>
              <Table.Cell data-label="Identificador" whiteSpace="nowrap" fontFamily="mono">
                {identificadorLegible(c.codigo)}
              </Table.Cell>
              <Table.Cell data-label="Componente">{NOMBRE_PRODUCTO[c.tipo]}</Table.Cell>
              <Table.Cell data-label="Grupo">{grupoTexto(c.abo, c.rh)}</Table.Cell>
              <Table.Cell data-label="Volumen">{`${c.volumen} ml`}</Table.Cell>
              <Table.Cell data-label="Vence">{fechaTexto(c.venceEn)}</Table.Cell>
              <AccionesCell>
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Quitar ${identificadorLegible(c.codigo)}`}
                  onClick={() => setElegidas((l) => l.filter((x) => x.id !== c.id))}
                >
                  Quitar
                </Button>
              </AccionesCell>
            </Table.Row>
          ))}
        </TablaTarjetas>
      )}
      <HStack align="flex-start" gap="3" wrap="wrap">
        <Field.Root width="auto" minW="14rem">
          <Field.Label>Destino</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={tipo} onChange={(e) => setTipo(e.target.value as TipoDestino)}>
              {destinos.map((t) => (
                <option key={t} value={t}>
                  {TIPO_DESTINO_LABELS[t]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {tipo === 'MIEMBRO_RED' && (
          <Field.Root width="auto" flex="1" minW="14rem" invalid={!!errorDe('destino.servicioId')} required>
            <Field.Label>Integrante de la red</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={servicioId} onChange={(e) => setServicioId(e.target.value)}>
                <option value="">Elija un integrante</option>
                {miembros.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.nombre}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errorDe('destino.servicioId')}</Field.ErrorText>
          </Field.Root>
        )}
        {tipo === 'HOSPITAL' && (
          <Field.Root width="auto" flex="1" minW="14rem" invalid={!!errorDe('destino.nombre')} required>
            <Field.Label>Hospital o clínica</Field.Label>
            <Input
              size="sm"
              value={nombre}
              maxLength={DESTINO_NOMBRE_MAX}
              onChange={(e) => setNombre(e.target.value)}
            />
            <Field.ErrorText>{errorDe('destino.nombre')}</Field.ErrorText>
          </Field.Root>
        )}
        <Field.Root width="auto" minW="12rem" invalid={!!errorDe('destino.referencia')}>
          <Field.Label>Referencia del destino</Field.Label>
          <Input
            size="sm"
            value={referencia}
            maxLength={DESTINO_REFERENCIA_MAX}
            onChange={(e) => setReferencia(e.target.value)}
          />
          <Field.ErrorText>{errorDe('destino.referencia')}</Field.ErrorText>
        </Field.Root>
      </HStack>
      {generales.length > 0 && <AppAlert message={<ServerErrors errors={generales} />} />}
      <HStack gap="3">
        <Button colorPalette="brand" loading={loading} onClick={() => void confirmar()}>
          {`Confirmar despacho (${elegidas.length})`}
        </Button>
        <Button variant="outline" onClick={onCerrar}>
          Cerrar
        </Button>
      </HStack>
    </PageCard>
  );
}
