import { Button, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '@domain/dates';
import { nombreCompleto } from '@domain/donante';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadingOverlay } from '@/components/loading-overlay';
import { PageCard } from '@/components/page-card';
import { Pager } from '@/components/pager';
import { ServerErrors } from '@/components/server-errors';
import { AccionesCell, TablaTarjetas } from '@/components/tabla-tarjetas';
import {
  DuplicadosDonantesDocument,
  FusionarDonantesDocument,
  RegistrarPersonasDistintasDocument,
} from '@/generated/graphql';
import type { DonanteDuplicadoFragment, DuplicadosDonantesQuery } from '@/generated/graphql';
import { invalidarElegibilidad, invalidarRegistros } from '@/lib/elegibilidad-cache';
import { useAuth } from '@/lib/auth-context';
import { errorMessages } from '@/lib/graphql-errors';

export const DUPLICADOS_PAGE_SIZE = 20;

type Par = DuplicadosDonantesQuery['duplicadosDonantes']['items'][number];
/** The merge the user asked for: which record stays, which one goes. */
type Eleccion = { conservar: DonanteDuplicadoFragment; eliminar: DonanteDuplicadoFragment };
/** What the last merge answered. */
type Resultado = { mensaje: string; avisos: string[] };

/** Pairs that count as one person for eligibility until the administrator tells them apart. */
const MISMOS_DIGITOS = 'Mismos dígitos del DNI';

const COLUMNAS = ['Motivo', 'Apellido', 'Nombre', 'DNI', 'Fecha de nacimiento', 'Última donación'];

const fecha = (iso: string | null | undefined) => (iso ? formatDate(iso) : '—');

/** /donantes/duplicados: the servicio's likely duplicate donors, merged two at a time (ROL_SERVICIO). */
export function DuplicadosPage() {
  const { usuario } = useAuth();
  if (usuario?.rol !== 'ROL_SERVICIO') return <AppAlert message={MSG.sinPermiso} />;
  return <DuplicadosList />;
}

function DuplicadosList() {
  const [pagina, setPagina] = useState(1);
  const [eleccion, setEleccion] = useState<Eleccion | null>(null);
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const [errores, setErrores] = useState<string[] | null>(null);
  const [distintas, setDistintas] = useState<Par | null>(null);
  const [motivoDistintas, setMotivoDistintas] = useState('');
  const [registrado, setRegistrado] = useState(false);
  const { data, loading, error } = useQuery(DuplicadosDonantesDocument, {
    variables: { offset: (pagina - 1) * DUPLICADOS_PAGE_SIZE, limit: DUPLICADOS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [fusionar, { loading: fusionando }] = useMutation(FusionarDonantesDocument, {
    refetchQueries: [DuplicadosDonantesDocument],
    awaitRefetchQueries: true,
    // One person's history now: every list of donors, donations and eligibility is read again.
    update(cache) {
      invalidarRegistros(cache);
    },
  });

  const [registrarDistintas, { loading: registrando }] = useMutation(RegistrarPersonasDistintasDocument, {
    refetchQueries: [DuplicadosDonantesDocument],
    awaitRefetchQueries: true,
    // Two people now: neither's history holds the other's any more.
    update(cache) {
      invalidarElegibilidad(cache);
    },
  });

  const confirmarDistintas = async () => {
    if (!distintas) return;
    setErrores(null);
    setRegistrado(false);
    try {
      await registrarDistintas({
        variables: { donanteAId: distintas.a.id, donanteBId: distintas.b.id, motivo: motivoDistintas },
      });
      setRegistrado(true);
      setDistintas(null);
      setMotivoDistintas('');
    } catch (e) {
      setErrores(errorMessages(e));
      setDistintas(null);
    }
  };

  const confirmar = async () => {
    if (!eleccion) return;
    setErrores(null);
    setResultado(null);
    try {
      const res = await fusionar({
        variables: { conservarId: eleccion.conservar.id, eliminarId: eleccion.eliminar.id },
      });
      const f = res.data?.fusionarDonantes;
      if (f) setResultado({ mensaje: MSG.donantesFusionados(f.donacionesMovidas), avisos: f.avisos });
    } catch (e) {
      setErrores(errorMessages(e));
    } finally {
      setEleccion(null);
    }
  };

  const page = data?.duplicadosDonantes;
  const items = page?.items ?? [];

  return (
    <Stack gap="5" maxW="6xl">
      <PageCard
        title="Posibles duplicados"
        description="Registros del servicio que parecen la misma persona. Al conservar uno, las donaciones del otro pasan a él y el otro se elimina."
      >
        <HStack>
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/donantes">Volver a Donantes</RouterLink>
          </Button>
        </HStack>
        {error && <AppAlert message={<ServerErrors errors={errorMessages(error)} />} />}
        {errores && (
          <AppAlert
            title="No se pudo fusionar"
            message={<ServerErrors errors={errores} />}
            onClose={() => setErrores(null)}
          />
        )}
        {registrado && (
          <AppAlert
            severity="success"
            message={MSG.personasDistintasRegistradas}
            onClose={() => setRegistrado(false)}
          />
        )}
        {resultado && (
          <AppAlert
            severity={resultado.avisos.length > 0 ? 'warning' : 'success'}
            title={resultado.mensaje}
            message={
              resultado.avisos.length > 0 ? (
                <Stack gap="1">
                  <Text>La historia unida no cumple las reglas de donación:</Text>
                  {resultado.avisos.map((a) => (
                    <Text key={a}>{a}</Text>
                  ))}
                </Stack>
              ) : (
                'La historia unida cumple las reglas de donación.'
              )
            }
            onClose={() => setResultado(null)}
          />
        )}
        <LoadingOverlay open={loading && !data} />
        {page && items.length === 0 && pagina === 1 && (
          <AppAlert severity="info" message="No se encontraron posibles duplicados" />
        )}
        {page && (items.length > 0 || pagina > 1) && (
          <Stack gap="3">
            <TablaTarjetas label="Posibles duplicados" columnas={COLUMNAS} acciones="Acciones">
              {items.map((par) => (
                <ParRows
                  key={`${par.a.id}-${par.b.id}`}
                  par={par}
                  onElegir={setEleccion}
                  onDistintas={setDistintas}
                />
              ))}
            </TablaTarjetas>
            <Pager
              pagina={pagina}
              pageSize={DUPLICADOS_PAGE_SIZE}
              shown={items.length}
              total={page.total}
              onPage={setPagina}
            />
          </Stack>
        )}
      </PageCard>
      <ConfirmDialog
        open={eleccion !== null}
        title={
          eleccion
            ? `¿Conservar a ${nombreCompleto(eleccion.conservar)} (DNI ${eleccion.conservar.dni})?`
            : ''
        }
        description={
          eleccion &&
          `Las donaciones de ${nombreCompleto(eleccion.eliminar)} (DNI ${eleccion.eliminar.dni}) pasarán a este donante, y ese registro se eliminará. No se puede deshacer.`
        }
        onConfirm={() => void confirmar()}
        onCancel={() => setEleccion(null)}
        busy={fusionando}
      />
      <ConfirmDialog
        open={distintas !== null}
        title={
          distintas
            ? `¿${nombreCompleto(distintas.a)} (DNI ${distintas.a.dni}) y ${nombreCompleto(distintas.b)} (DNI ${distintas.b.dni}) son personas distintas?`
            : ''
        }
        description={
          <Stack gap="3">
            <Text>
              Mientras no se registre, sus DNI con los mismos dígitos cuentan como una misma persona para
              poder donar. Registrarlo queda en la auditoría.
            </Text>
            <Field.Root required>
              <Field.Label>Motivo</Field.Label>
              <Input
                value={motivoDistintas}
                maxLength={500}
                onChange={(e) => setMotivoDistintas(e.target.value)}
              />
            </Field.Root>
          </Stack>
        }
        onConfirm={() => void confirmarDistintas()}
        onCancel={() => setDistintas(null)}
        busy={registrando}
      />
    </Stack>
  );
}

/** One pair: a row per record, side by side in the table, each with its 'Conservar este'. */
function ParRows({
  par,
  onElegir,
  onDistintas,
}: {
  par: Par;
  onElegir: (e: Eleccion) => void;
  onDistintas: (p: Par) => void;
}) {
  const fila = (d: DonanteDuplicadoFragment, otro: DonanteDuplicadoFragment, primera: boolean) => (
    <Table.Row key={d.id} borderTopWidth={primera ? '2px' : undefined}>
      <Table.Cell data-label="Motivo">{primera ? par.motivo : ''}</Table.Cell>
      <Table.Cell data-label="Apellido">{d.apellido}</Table.Cell>
      <Table.Cell data-label="Nombre">{d.nombre}</Table.Cell>
      <Table.Cell data-label="DNI">{d.dni}</Table.Cell>
      <Table.Cell data-label="Fecha de nacimiento">{fecha(d.fechaNacimiento)}</Table.Cell>
      <Table.Cell data-label="Última donación">{fecha(d.ultimaDonacion)}</Table.Cell>
      <AccionesCell>
        <Button
          size="xs"
          colorPalette="brand"
          aria-label={`Conservar a ${nombreCompleto(d)} (DNI ${d.dni})`}
          onClick={() => onElegir({ conservar: d, eliminar: otro })}
        >
          Conservar este
        </Button>
        {primera && par.motivo === MISMOS_DIGITOS && (
          <Button
            size="xs"
            variant="outline"
            aria-label={`Registrar que ${nombreCompleto(par.a)} y ${nombreCompleto(par.b)} son personas distintas`}
            onClick={() => onDistintas(par)}
          >
            Son personas distintas
          </Button>
        )}
      </AccionesCell>
    </Table.Row>
  );
  return (
    <>
      {fila(par.a, par.b, true)}
      {fila(par.b, par.a, false)}
    </>
  );
}
