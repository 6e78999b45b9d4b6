import {
  Box,
  Button,
  Heading,
  HStack,
  Input,
  Field as ChakraField,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { formatDate } from '@domain/dates';
import { nombreCompleto, puedeDonarDesdeMsg } from '@domain/donante';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadingOverlay } from '@/components/loading-overlay';
import { SearchForm } from '@/components/search-form';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, EliminarButton, TablaTarjetas } from '@/components/tabla-tarjetas';
import { showToast } from '@/components/toast';
import { DeleteDonanteDocument, DonantesDocument } from '@/generated/graphql';
import type { DonanteFilter, DonanteOrdenCampo, DonanteResumenFragment } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';
import { ordenDeParams, paramsDeOrden, siguienteOrden } from '@/components/tabla-tarjetas';
import { Pager } from '@/components/pager';
import { useAuth } from '@/lib/auth-context';

const DONANTES_PAGE_SIZE = 20;
const FILTERS = ['dni', 'nombre', 'apellido', 'puedeDonar', 'abo', 'rh'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const EMPTY: Filters = { dni: '', nombre: '', apellido: '', puedeDonar: '', abo: '', rh: '' };

/** The columns the list can be ordered by (the server orders the whole list). */
const CAMPOS: readonly DonanteOrdenCampo[] = ['APELLIDO', 'DNI', 'ULTIMA_DONACION'];

/** The choices of the list filters (value in the URL, then its words); '' is any. */
const PUEDE_DONAR: [string, string][] = [
  ['', 'Todos'],
  ['si', 'Puede donar hoy'],
  ['no', 'No puede donar hoy'],
];
const GRUPOS: [string, string][] = [
  ['', 'Todos'],
  ...['A', 'B', 'AB', 'O'].map((g): [string, string] => [g, g]),
];
const FACTORES: [string, string][] = [
  ['', 'Todos'],
  ['POSITIVO', 'Rh+ (positivo)'],
  ['NEGATIVO', 'Rh− (negativo)'],
];

/** The search as the server takes it: only what was given (blank texts are no filter). */
function filtroDe(f: Filters): DonanteFilter {
  return {
    dni: f.dni,
    nombre: f.nombre,
    apellido: f.apellido,
    ...(f.puedeDonar === 'si' || f.puedeDonar === 'no' ? { puedeDonar: f.puedeDonar === 'si' } : {}),
    ...(f.abo ? { abo: f.abo } : {}),
    ...(f.rh ? { rh: f.rh } : {}),
  };
}

/**
 * /donantes: search donors by dni, nombre and apellido, whether they may donate today and blood
 * group, ordered by a column. The search, its order and its page live in the URL
 * (?dni=&nombre=&apellido=&puedeDonar=&abo=&rh=&orden=&direccion=&pagina=), so going back from a
 * donor's screen shows the same results.
 */
export function DonantesPage() {
  const [params, setParams] = useSearchParams();
  const { usuario } = useAuth();
  const active = FILTERS.some((f) => params.has(f));
  const applied = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Filters;
  const orden = ordenDeParams(params, CAMPOS);
  const pagina = Math.max(1, Number(params.get('pagina')) || 1);
  const [values, setValues] = useState<Filters>(applied);
  const [aEliminar, setAEliminar] = useState<DonanteResumenFragment | null>(null);
  const [deleteError, setDeleteError] = useState<string[] | null>(null);

  const { data, loading, error } = useQuery(DonantesDocument, {
    variables: {
      filter: filtroDe(applied),
      page: { offset: (pagina - 1) * DONANTES_PAGE_SIZE, limit: DONANTES_PAGE_SIZE },
      ...(orden ? { orden } : {}),
    },
    skip: !active,
    fetchPolicy: 'cache-and-network',
  });
  const [eliminar, { loading: eliminando }] = useMutation(DeleteDonanteDocument, {
    refetchQueries: [DonantesDocument],
    awaitRefetchQueries: true,
  });

  const buscar = (e: FormEvent) => {
    e.preventDefault();
    setDeleteError(null);
    const trimmed = Object.fromEntries(FILTERS.map((f) => [f, values[f].trim()])) as Filters;
    setParams({ ...conValor(trimmed), ...paramsDeOrden(orden) });
  };

  const limpiar = () => {
    setValues(EMPTY);
    setDeleteError(null);
    setParams({});
  };

  const irAPagina = (n: number) =>
    setParams({ ...conValor(applied), ...paramsDeOrden(orden), pagina: String(n) });
  // A new order starts at the first page.
  const ordenar = (campo: string) => {
    const c = CAMPOS.find((x) => x === campo);
    if (c) setParams({ ...conValor(applied), ...paramsDeOrden(siguienteOrden(orden, c)) });
  };

  const onDelete = async () => {
    if (!aEliminar) return;
    setDeleteError(null);
    try {
      await eliminar({ variables: { id: aEliminar.id } });
      showToast(MSG.donanteEliminado);
    } catch (e) {
      setDeleteError(errorMessages(e));
    } finally {
      setAEliminar(null);
    }
  };

  const result = active ? data?.donantes : undefined;
  const items = result?.items ?? [];
  const total = result?.total ?? 0;

  return (
    <Stack gap="5" maxW="6xl">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="lg">
          Donantes
        </Heading>
        <HStack gap="2" wrap="wrap">
          {usuario?.rol === 'ROL_SERVICIO' && (
            <Button asChild variant="outline">
              <RouterLink to="/donantes/duplicados">Posibles duplicados</RouterLink>
            </Button>
          )}
          <Button asChild colorPalette="brand">
            <RouterLink to="/donantes/nuevo">Nuevo donante</RouterLink>
          </Button>
        </HStack>
      </HStack>

      <SearchForm label="Buscar donantes" onSubmit={buscar} buscando={loading && active} onLimpiar={limpiar}>
        {(
          [
            ['dni', 'DNI'],
            ['apellido', 'Apellido'],
            ['nombre', 'Nombre'],
          ] as const
        ).map(([name, label]) => (
          <ChakraField.Root key={name}>
            <ChakraField.Label>{label}</ChakraField.Label>
            <Input
              name={name}
              value={values[name]}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              autoFocus={name === 'dni'}
              autoComplete="off"
              inputMode={name === 'dni' ? 'numeric' : undefined}
              bg="white"
            />
          </ChakraField.Root>
        ))}
        {(
          [
            ['puedeDonar', 'Puede donar', PUEDE_DONAR],
            ['abo', 'Grupo', GRUPOS],
            ['rh', 'Factor', FACTORES],
          ] as const
        ).map(([name, label, opciones]) => (
          <ChakraField.Root key={name} maxW={{ md: name === 'puedeDonar' ? '13rem' : '9rem' }}>
            <ChakraField.Label htmlFor={`filtro-${name}`}>{label}</ChakraField.Label>
            {/* The browser's own select, drawn as the inputs beside it: the first screen's code stays small. */}
            <Box
              asChild
              w="full"
              h="10"
              px="3"
              bg="white"
              borderWidth="1px"
              borderColor="border"
              borderRadius="l2"
              fontSize="md"
            >
              <select
                id={`filtro-${name}`}
                name={name}
                value={values[name]}
                onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              >
                {opciones.map(([value, texto]) => (
                  <option key={value} value={value}>
                    {texto}
                  </option>
                ))}
              </select>
            </Box>
          </ChakraField.Root>
        ))}
      </SearchForm>

      {error && (
        <AppAlert title={MSG.errorCargarDonante} message={<ServerErrors errors={errorMessages(error)} />} />
      )}
      {deleteError && (
        <AppAlert
          title={MSG.errorEliminarDonante}
          message={<ServerErrors errors={deleteError} />}
          onClose={() => setDeleteError(null)}
        />
      )}
      <LoadingOverlay open={active && loading && !data} />

      {result && items.length === 0 && <AppAlert severity="info" message={MSG.sinDonantes} />}

      {/* Past the first page the pager stays, even on an empty page, so the user can go back. */}
      {result && (items.length > 0 || pagina > 1) && (
        <Stack gap="3">
          {items.length > 0 && (
            <TablaTarjetas
              label="Donantes encontrados"
              columnas={[
                { titulo: 'Apellido y nombre', campo: 'APELLIDO' },
                { titulo: 'DNI', campo: 'DNI' },
                { titulo: 'Última donación', campo: 'ULTIMA_DONACION' },
                { titulo: 'Puede donar hoy', ancho: '30%' },
              ]}
              orden={orden}
              onOrdenar={ordenar}
              acciones="Acciones"
              scrollArea={{ bg: 'white' }}
            >
              {items.map((d) => (
                <DonanteRow key={d.id} donante={d} onDelete={() => setAEliminar(d)} />
              ))}
            </TablaTarjetas>
          )}
          <Pager
            pagina={pagina}
            pageSize={DONANTES_PAGE_SIZE}
            shown={items.length}
            total={total}
            totalExacto={result.totalExacto}
            onPage={irAPagina}
          />
        </Stack>
      )}

      <ConfirmDialog
        open={aEliminar !== null}
        title={
          aEliminar ? `¿Quiere borrar al donante ${nombreCompleto(aEliminar)} (DNI ${aEliminar.dni})?` : ''
        }
        description="El donante deja de aparecer en las búsquedas. Sus donaciones se conservan."
        onConfirm={() => void onDelete()}
        onCancel={() => setAEliminar(null)}
        busy={eliminando}
      />
    </Stack>
  );
}

/** Only the filters given, for the URL. */
function conValor(f: Filters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(f).filter(([k, v]) => v !== '' || ['dni', 'nombre', 'apellido'].includes(k)),
  );
}

/**
 * Why the donor cannot donate today, in words, and from which day (or that no day is set): in its
 * own column, wrapping within it, never under the row's buttons.
 */
function NoPuedeDonar({ elegibilidad: e }: { elegibilidad: DonanteResumenFragment['elegibilidad'] }) {
  return (
    <Stack gap="0.5" textAlign="start" whiteSpace="normal" overflowWrap="anywhere">
      <Text fontSize="xs" fontWeight="semibold" color={e.desde ? 'gray.700' : 'red.700'}>
        {e.desde ? puedeDonarDesdeMsg(e.desde) : MSG.diferidoSinFecha}
      </Text>
      {e.motivos.map((m) => (
        <Text key={m.texto} fontSize="xs" color="gray.600">
          {m.texto}
        </Text>
      ))}
    </Stack>
  );
}

function DonanteRow({ donante: d, onDelete }: { donante: DonanteResumenFragment; onDelete: () => void }) {
  const nombre = nombreCompleto(d);
  return (
    <Table.Row>
      <Table.Cell fontWeight="medium" data-label="Apellido y nombre">
        <RouterLink to={`/donantes/editar/${d.id}`} aria-label={`Editar a ${nombre}`}>
          <Text as="span" color="brand.700" _hover={{ textDecoration: 'underline' }}>
            {nombre}
          </Text>
        </RouterLink>
      </Table.Cell>
      <Table.Cell data-label="DNI">{d.dni}</Table.Cell>
      <Table.Cell data-label="Última donación" whiteSpace="nowrap">
        {d.ultimaDonacion ? formatDate(d.ultimaDonacion) : ''}
      </Table.Cell>
      <Table.Cell data-label="Puede donar hoy">
        {d.elegibilidad.puedeDonar ? (
          <Text fontSize="xs" color="green.800" fontWeight="semibold">
            Sí
          </Text>
        ) : (
          <NoPuedeDonar elegibilidad={d.elegibilidad} />
        )}
        {/* A notice, not a deferral: the donor may still donate. */}
        {d.reaccionSeveraPrevia && (
          <Text fontSize="xs" color="orange.800" fontWeight="semibold" whiteSpace="normal" mt="0.5">
            {`Aviso: ${MSG.reaccionSeveraPrevia}`}
          </Text>
        )}
      </Table.Cell>
      <AccionesCell>
        {d.elegibilidad.puedeDonar && (
          <Button asChild size="xs" colorPalette="brand">
            <RouterLink to={`/donaciones/nueva/${d.id}/`} aria-label={`Agregar donación de ${nombre}`}>
              Agregar donación
            </RouterLink>
          </Button>
        )}
        <Button asChild size="xs" variant="outline">
          <RouterLink to={`/donaciones/donante/${d.id}`} aria-label={`Ver donaciones de ${nombre}`}>
            Ver donaciones
          </RouterLink>
        </Button>
        <EliminarButton label={`Eliminar a ${nombre}`} onClick={onDelete} />
      </AccionesCell>
    </Table.Row>
  );
}
