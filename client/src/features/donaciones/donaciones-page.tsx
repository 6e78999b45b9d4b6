import { Field as ChakraField, Heading, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { formatDate, todayIso } from '@domain/dates';
import { nombreCompleto } from '@domain/donante';
import { MSG } from '@domain/messages';
import { useAuth } from '@/lib/auth-context';
import { AppAlert } from '@/components/app-alert';
import { DateInput, fechaError } from '@/components/form';
import { GrupoCell } from '@/components/grupo-discordante';
import { LoadingOverlay } from '@/components/loading-overlay';
import { SearchForm } from '@/components/search-form';
import { ServerErrors } from '@/components/server-errors';
import { EliminarButton, TablaTarjetas } from '@/components/tabla-tarjetas';
import { useBorrarDonacion } from './borrar-donacion';
import { DonacionesPanel } from './donaciones-panel';
import { ordenDeParams, paramsDeOrden, siguienteOrden } from '@/components/tabla-tarjetas';
import {
  DONACIONES_CAMPOS,
  DONACIONES_PAGE_SIZE,
  useBuscarDonaciones,
  useLimpiarDonaciones,
} from './donaciones-store';
import type { DonacionConDonante, DonacionesFiltro } from './donaciones-store';
import { Pager } from '@/components/pager';

/**
 * /donaciones: search by numero and fecha (default today), ordered by a column. The applied search
 * lives in the URL (?numero=&fecha=&orden=&direccion=&pagina=) so that going back from a
 * donation shows the same list; with none in the URL the screen opens on
 * today's donations. Enter submits, as a barcode scanner does.
 */
export function DonacionesPage() {
  const navigate = useNavigate();
  const { usuario } = useAuth();
  const [params, setParams] = useSearchParams();
  const active = params.has('numero') || params.has('fecha');
  // Today's donations until another search is made: the day's work is what a technician opens.
  const [hoy] = useState(() => todayIso());
  const applied: DonacionesFiltro = active
    ? { numero: params.get('numero') ?? '', fecha: params.get('fecha') ?? '' }
    : { numero: '', fecha: hoy };
  const pagina = Math.max(1, Number(params.get('pagina')) || 1);
  const orden = ordenDeParams(params, DONACIONES_CAMPOS);
  const [values, setValues] = useState<DonacionesFiltro>(applied);
  const [fechaTocada, setFechaTocada] = useState(false);
  // 'Limpiar' empties the held list (SPEC 4) until the next search.
  const [limpio, setLimpio] = useState(false);
  const { donaciones, total, isSearching, errorMessage, searched } = useBuscarDonaciones(
    limpio && !active ? null : applied,
    pagina,
    orden,
  );
  const limpiarLista = useLimpiarDonaciones();
  const borrar = useBorrarDonacion();

  const buscar = (e: FormEvent) => {
    e.preventDefault();
    // As typed or scanned, with or without the check character: the server checks it.
    const numero = values.numero.trim();
    // A label number identifies one donation of the service: a scanned bag
    // from another day must be found, so the number alone decides.
    if (numero) {
      setValues({ numero, fecha: '' });
      setFechaTocada(false);
      setLimpio(false);
      setParams({ numero, fecha: '', ...paramsDeOrden(orden) });
    } else if (fechaError(values.fecha)) {
      // An impossible day (31/02/2026) is not searched: its error shows instead.
      setFechaTocada(true);
    } else {
      setLimpio(false);
      setParams({ numero: '', fecha: values.fecha, ...paramsDeOrden(orden) });
    }
  };

  const limpiar = () => {
    setValues({ numero: '', fecha: todayIso() });
    setFechaTocada(false);
    setLimpio(true);
    limpiarLista();
    setParams({});
  };

  const irAPagina = (n: number) => setParams({ ...applied, ...paramsDeOrden(orden), pagina: String(n) });
  // A new order starts at the first page, on the same search.
  const ordenar = (campo: string) => {
    const c = DONACIONES_CAMPOS.find((x) => x === campo);
    if (c) setParams({ ...applied, ...paramsDeOrden(siguienteOrden(orden, c)) });
  };
  const servicio = usuario?.servicio?.nombre ?? '';
  const abrir = (d: DonacionConDonante) => navigate(`/donacion/${d.id}/donante/${d.donanteId}`);

  return (
    <Stack gap="5" maxW="6xl">
      <Heading as="h1" size="lg">
        Donaciones
      </Heading>

      <SearchForm label="Buscar donaciones" onSubmit={buscar} buscando={isSearching} onLimpiar={limpiar}>
        <ChakraField.Root>
          <ChakraField.Label>Número</ChakraField.Label>
          <Input
            name="numero"
            value={values.numero}
            onChange={(e) => setValues((v) => ({ ...v, numero: e.target.value }))}
            autoFocus
            autoComplete="off"
            // The code may end in a letter or '*' (the check character).
            inputMode="text"
            bg="white"
          />
        </ChakraField.Root>
        <DateInput
          name="fecha"
          label="Fecha"
          value={values.fecha}
          onChange={(fecha) => setValues((v) => ({ ...v, fecha }))}
          onBlur={() => setFechaTocada(true)}
          error={fechaTocada ? fechaError(values.fecha) : undefined}
        />
      </SearchForm>

      {errorMessage &&
        (errorMessage.length === 1 && errorMessage[0] === MSG.sinDonaciones ? (
          <AppAlert severity="info" message={MSG.sinDonaciones} />
        ) : (
          <AppAlert message={<ServerErrors errors={errorMessage} />} />
        ))}
      {borrar.alert}
      <LoadingOverlay open={isSearching && !searched} />

      {/* Past the first page the pager stays, even on an empty page, so the user can go back. */}
      {(donaciones.length > 0 || (searched && pagina > 1)) && (
        <Stack gap="3">
          {donaciones.length > 0 && (
            <TablaTarjetas
              label="Donaciones encontradas"
              columnas={[
                { titulo: 'Número', campo: 'NUMERO' },
                { titulo: 'Fecha y hora', campo: 'FECHA' },
                { titulo: 'Apellido y nombre', campo: 'APELLIDO' },
                { titulo: 'Grupo y factor', campo: 'GRUPO' },
                'Servicio',
              ]}
              orden={orden}
              onOrdenar={ordenar}
              acciones="Eliminar"
              accionesOcultas
              interactive
              scrollArea={{ bg: 'white' }}
            >
              {donaciones.map((d) => (
                <Table.Row key={d.id} cursor="pointer">
                  <Table.Cell fontWeight="medium" data-label="Número">
                    <RouterLink
                      to={`/donacion/${d.id}/donante/${d.donanteId}`}
                      aria-label={`Abrir la donación ${d.numero}`}
                    >
                      <Text as="span" color="brand.700">
                        {d.numero}
                      </Text>
                    </RouterLink>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap" onClick={() => abrir(d)} data-label="Fecha y hora">
                    {`${formatDate(d.fecha)} ${d.hora}`}
                  </Table.Cell>
                  <Table.Cell onClick={() => abrir(d)} data-label="Apellido y nombre">
                    {nombreCompleto(d)}
                  </Table.Cell>
                  <GrupoCell donacion={d} onClick={() => abrir(d)} />
                  <Table.Cell onClick={() => abrir(d)} data-label="Servicio">
                    {servicio}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <EliminarButton
                      label={`Eliminar la donación ${d.numero}`}
                      onClick={() => borrar.pedir(d)}
                    />
                  </Table.Cell>
                </Table.Row>
              ))}
            </TablaTarjetas>
          )}
          <Pager
            pagina={pagina}
            pageSize={DONACIONES_PAGE_SIZE}
            shown={donaciones.length}
            total={total}
            onPage={irAPagina}
          />
        </Stack>
      )}

      <DonacionesPanel donaciones={donaciones} />
      {borrar.dialog}
    </Stack>
  );
}
