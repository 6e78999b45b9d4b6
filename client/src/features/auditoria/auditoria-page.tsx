import { Button, Field, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ACCION_AUDITORIA_LABELS, cambiosAuditoria, ENTIDAD_AUDITORIA_LABELS } from '@domain/campos';
import { formatDateTime } from '@domain/dates';
import { MSG } from '@domain/messages';
import { invalidarRegistros } from '@/lib/elegibilidad-cache';
import { useAuth } from '@/lib/auth-context';
import { AppAlert } from '@/components/app-alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DateInput, fechaError } from '@/components/form';
import { LoadingOverlay } from '@/components/loading-overlay';
import { ServerErrors } from '@/components/server-errors';
import { TablaTarjetas } from '@/components/tabla-tarjetas';
import { showToast } from '@/components/toast';
import {
  AuditoriaDocument,
  RestaurarDonacionDocument,
  RestaurarDonanteDocument,
  UsuariosAuditoriaDocument,
} from '@/generated/graphql';
import type { AuditoriaFilter, AuditoriaOrdenCampo, AuditoriaQuery } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';
import { ordenDeParams, paramsDeOrden, siguienteOrden } from '@/components/tabla-tarjetas';

/** The columns the trail can be ordered by (the server orders the whole trail). */
const CAMPOS: readonly AuditoriaOrdenCampo[] = ['FECHA', 'USUARIO', 'ACCION', 'REGISTRO'];
import { PageCard } from '@/components/page-card';

export const PAGE_SIZE = 20;

type Entry = AuditoriaQuery['auditoria']['items'][number];

const ENTIDADES: [string, string][] = [['', 'Todos'], ...Object.entries(ENTIDAD_AUDITORIA_LABELS)];
const ACCIONES: [string, string][] = [['', 'Todas'], ...Object.entries(ACCION_AUDITORIA_LABELS)];
const ACCION_LABEL: Record<string, string> = ACCION_AUDITORIA_LABELS;

/** The filters as typed; only those with a value are sent. */
type Borrador = Required<{ [K in keyof AuditoriaFilter]: string }>;
const VACIO: Borrador = {
  donante: '',
  numero: '',
  usuarioId: '',
  accion: '',
  entidad: '',
  entidadId: '',
  desde: '',
  hasta: '',
};

/**
 * The changes of an entry as people read them: 'TAS: 120 mmHg → 110 mmHg', 'Registrado por:
 * Marta Gómez', with the forms' labels and the screens' formats (@domain/campos).
 */
export function cambiosLines(e: Pick<Entry, 'entidad' | 'accion' | 'cambios' | 'personas'>): string[] {
  const nombres = new Map(e.personas.map((p) => [p.id, p.nombre]));
  return cambiosAuditoria(e.entidad, e.accion, e.cambios, nombres).map((c) =>
    c.antes === null ? `${c.campo}: ${c.despues}` : `${c.campo}: ${c.antes} → ${c.despues}`,
  );
}

const restorable = (e: Entry) =>
  e.accion === 'eliminar' && (e.entidad === 'donante' || e.entidad === 'donacion');

/**
 * /opciones/auditoria: the service's audit trail, newest first or ordered by a column; deleted
 * donors and donations can be restored.
 */
export function AuditoriaPage() {
  const { usuario } = useAuth();
  if (usuario?.rol !== 'ROL_SERVICIO') return <AppAlert message={MSG.sinPermiso} />;
  return <AuditoriaList />;
}

function AuditoriaList() {
  const [draft, setDraft] = useState<Borrador>(VACIO);
  const [filter, setFilter] = useState<AuditoriaFilter>({});
  const [tocadas, setTocadas] = useState({ desde: false, hasta: false });
  const [offset, setOffset] = useState(0);
  const [aRestaurar, setARestaurar] = useState<Entry | null>(null);
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  // The order in the URL, as every list's; a new order starts at the first page.
  const [params, setParams] = useSearchParams();
  const orden = ordenDeParams(params, CAMPOS);
  const ordenar = (campo: string) => {
    const c = CAMPOS.find((x) => x === campo);
    if (!c) return;
    setOffset(0);
    setParams(paramsDeOrden(siguienteOrden(orden, c)));
  };
  const variables = { filter, page: { offset, limit: PAGE_SIZE }, ...(orden ? { orden } : {}) };
  const { data, loading, error, refetch } = useQuery(AuditoriaDocument, {
    variables,
    fetchPolicy: 'network-only',
  });
  const usuarios = useQuery(UsuariosAuditoriaDocument).data?.usuariosAuditoria ?? [];
  // A restored record is back in the lists, and in its person's history.
  const restaurado = { update: invalidarRegistros };
  const [restaurarDonante, { loading: r1 }] = useMutation(RestaurarDonanteDocument, restaurado);
  const [restaurarDonacion, { loading: r2 }] = useMutation(RestaurarDonacionDocument, restaurado);
  const page = data?.auditoria;
  const items = page?.items ?? [];

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    if (fechaError(draft.desde) || fechaError(draft.hasta)) {
      // An impossible day (31/02/2026) is not sent: its error shows instead.
      setTocadas({ desde: true, hasta: true });
      return;
    }
    const clean: AuditoriaFilter = {};
    for (const key of Object.keys(VACIO) as (keyof Borrador)[]) {
      const value = draft[key].trim();
      if (value) clean[key] = value;
    }
    setOffset(0);
    setFilter(clean);
  };

  const onRestore = async () => {
    if (!aRestaurar) return;
    setServerErrors(null);
    try {
      if (aRestaurar.entidad === 'donante') {
        await restaurarDonante({ variables: { id: aRestaurar.entidadId } });
        showToast('Donante restaurado');
      } else {
        await restaurarDonacion({ variables: { id: aRestaurar.entidadId } });
        showToast('Donación restaurada');
      }
      await refetch();
    } catch (e) {
      setServerErrors(errorMessages(e));
    } finally {
      setARestaurar(null);
    }
  };

  const set = (key: keyof Borrador) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const select = (key: keyof Borrador, label: string, opciones: [string, string][], width: string) => (
    <Field.Root width="auto">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm" width={width}>
        <NativeSelect.Field value={draft[key]} onChange={set(key)}>
          {opciones.map(([value, texto]) => (
            <option key={value} value={value}>
              {texto}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  return (
    <Stack gap="6" maxW="6xl">
      {serverErrors && (
        <AppAlert message={<ServerErrors errors={serverErrors} />} onClose={() => setServerErrors(null)} />
      )}
      <PageCard
        title="Auditoría"
        description="Quién cambió qué y cuándo, lo más reciente primero. Se puede buscar por donante (DNI o apellido: todo lo de la persona), número de donación, usuario, acción, registro y fechas."
      >
        <form onSubmit={onFilter} aria-label="Filtros de auditoría">
          <HStack gap="3" align="flex-end" wrap="wrap">
            <Field.Root width="auto">
              <Field.Label>Donante</Field.Label>
              <Input
                size="sm"
                width="56"
                placeholder="DNI o apellido"
                value={draft.donante}
                onChange={set('donante')}
              />
            </Field.Root>
            <Field.Root width="auto">
              <Field.Label>N° de donación</Field.Label>
              <Input
                size="sm"
                width="32"
                inputMode="text"
                autoComplete="off"
                value={draft.numero}
                onChange={set('numero')}
              />
            </Field.Root>
            {select(
              'usuarioId',
              'Usuario',
              [['', 'Todos'], ...usuarios.map((u): [string, string] => [u.id, u.nombre])],
              '48',
            )}
            {select('accion', 'Acción', ACCIONES, '48')}
            {select('entidad', 'Registro', ENTIDADES, '40')}
            <Field.Root width="auto">
              <Field.Label>Id del registro</Field.Label>
              <Input size="sm" width="72" value={draft.entidadId} onChange={set('entidadId')} />
            </Field.Root>
            {(['desde', 'hasta'] as const).map((key) => (
              <DateInput
                key={key}
                name={key}
                label={key === 'desde' ? 'Desde' : 'Hasta'}
                size="sm"
                rootProps={{ width: 'auto' }}
                inputProps={{ width: '32' }}
                value={draft[key]}
                onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
                onBlur={() => setTocadas((t) => ({ ...t, [key]: true }))}
                error={tocadas[key] ? fechaError(draft[key]) : undefined}
              />
            ))}
            <Button type="submit" size="sm">
              Filtrar
            </Button>
          </HStack>
        </form>
        <LoadingOverlay open={loading && !data} />
        {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
        {data && items.length === 0 && <Text color="gray.600">{MSG.sinDatos}</Text>}
        {items.length > 0 && (
          <TablaTarjetas
            label="Registro de auditoría"
            columnas={[
              { titulo: 'Fecha', campo: 'FECHA' },
              { titulo: 'Registrado por', campo: 'USUARIO' },
              { titulo: 'Acción', campo: 'ACCION' },
              { titulo: 'Registro', campo: 'REGISTRO' },
              'Cambios',
            ]}
            orden={orden}
            onOrdenar={ordenar}
            acciones="Acciones"
            scrollArea={{ tabIndex: 0, role: 'region', 'aria-label': 'Registro de auditoría, desplazable' }}
          >
            {items.map((e) => (
              <Table.Row key={e.id}>
                <Table.Cell whiteSpace="nowrap" data-label="Fecha">
                  {formatDateTime(String(e.at))}
                </Table.Cell>
                <Table.Cell data-label="Registrado por" whiteSpace="normal">
                  {e.autor ?? e.usuarioNombre ?? '—'}
                </Table.Cell>
                <Table.Cell data-label="Acción">{ACCION_LABEL[e.accion] ?? e.accion}</Table.Cell>
                <Table.Cell data-label="Registro" whiteSpace="normal" maxW={{ md: '40' }}>
                  <Stack gap="0">
                    <Text>{ENTIDAD_AUDITORIA_LABELS[e.entidad] ?? e.entidad}</Text>
                    <Text fontSize="xs" color="gray.600" fontFamily="mono" wordBreak="break-all">
                      {e.entidadId}
                    </Text>
                  </Stack>
                </Table.Cell>
                <Table.Cell data-label="Cambios" minW={{ md: '64' }} whiteSpace="normal">
                  <Stack gap="0" fontSize="xs" wordBreak="break-word">
                    {cambiosLines(e).map((line) => (
                      <Text key={line}>{line}</Text>
                    ))}
                  </Stack>
                </Table.Cell>
                <Table.Cell textAlign="end">
                  {restorable(e) && (
                    <Button size="xs" variant="outline" onClick={() => setARestaurar(e)}>
                      Restaurar
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </TablaTarjetas>
        )}
        {page && page.total > 0 && (
          <HStack justify="space-between">
            <Text fontSize="sm" color="gray.600">
              {`${page.offset + 1}–${page.offset + items.length} de ${page.total}`}
            </Text>
            <HStack gap="2">
              <Button
                size="sm"
                variant="outline"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
              >
                Anterior
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={offset + PAGE_SIZE >= page.total}
                onClick={() => setOffset(offset + PAGE_SIZE)}
              >
                Siguiente
              </Button>
            </HStack>
          </HStack>
        )}
      </PageCard>
      <ConfirmDialog
        open={aRestaurar !== null}
        title={
          aRestaurar?.entidad === 'donante'
            ? '¿Quiere restaurar el donante?'
            : '¿Quiere restaurar la donación?'
        }
        description="El registro vuelve a estar activo y la restauración queda en la auditoría."
        onConfirm={() => void onRestore()}
        onCancel={() => setARestaurar(null)}
        busy={r1 || r2}
      />
    </Stack>
  );
}
