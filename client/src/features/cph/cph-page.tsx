import {
  Box,
  Button,
  Field as ChakraField,
  Grid,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatDate, todayIso, yearsBetween } from '@domain/dates';
import { cumpleEdadCph, nombreCompleto } from '@domain/donante';
import { canonicalDni } from '@domain/dni';
import { MSG } from '@domain/messages';
import { AppAlert } from '@/components/app-alert';
import { LoadingOverlay } from '@/components/loading-overlay';
import { SearchForm } from '@/components/search-form';
import { ServerErrors } from '@/components/server-errors';
import { AgentesCphDocument, DonanteDocument, DonantesDocument } from '@/generated/graphql';
import type { AgentesCphQuery, DonanteDatosFragment, DonanteResumenFragment } from '@/generated/graphql';
import { errorMessages } from '@/lib/graphql-errors';
import { toDonanteImprimible } from '@/imprimibles/from-graphql';
import { useServicioImprimible } from '@/imprimibles/use-servicio-imprimible';
import { avisoCorte, camposCortados } from '@/imprimibles/cph-campos';
import { printCph } from '@/imprimibles/print';
import type { AgenteCph, CphContacto, CphPdfData, CphPage as Pagina } from '@/imprimibles/types';
import { usePrint } from '@/imprimibles/use-print';

export const PAGINAS_CPH: readonly Pagina[] = [1, 2, 3];

type Agente = AgentesCphQuery['agentesCph'][number];
type ContactoGql = NonNullable<NonNullable<DonanteDatosFragment['cph']>['contacto1']>;

/** 'Nombre Apellido - matrícula' in the agent selector. */
export function agenteTexto(a: Pick<Agente, 'nombre' | 'apellido' | 'matricula'>): string {
  const nombre = [a.nombre, a.apellido].filter(Boolean).join(' ');
  return a.matricula ? `${nombre} - ${a.matricula}` : nombre;
}

const vacio = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

function toContacto(c: ContactoGql | null | undefined): CphContacto | null {
  if (!c) return null;
  return {
    nombre: vacio(c.Nombre),
    apellido: vacio(c.Apellido),
    telefono: vacio(c.Telefono),
    relacion: vacio(c.Relacion),
    email: vacio(c.Email),
  };
}

/** The donor, agent and service as the CPH form document takes them. */
export function toCphPdfData(
  d: DonanteDatosFragment,
  agente: Agente | null,
  servicio: CphPdfData['servicio'],
  fecha: string,
): CphPdfData {
  const cph = d.cph;
  const agenteCph: AgenteCph | null = agente
    ? { nombre: agente.nombre, apellido: agente.apellido ?? '', matricula: agente.matricula ?? null }
    : null;
  return {
    donante: {
      ...toDonanteImprimible(d),
      cph: cph
        ? {
            establecimientoLaboral: vacio(cph.establecimientoLaboral),
            telefonoLaboral: vacio(cph.telefonoLaboral),
            emailLaboral: vacio(cph.emailLaboral),
            contacto1: toContacto(cph.contacto1),
            contacto2: toContacto(cph.contacto2),
          }
        : null,
    },
    agente: agenteCph,
    servicio,
    fecha,
  };
}

/** The donor's current address in one line. */
export function domicilioTexto(d: DonanteDatosFragment): string {
  const partes = [[d.domActual, d.domActualAltura].filter(Boolean).join(' ')];
  if (d.domActualPiso) partes.push(`Piso ${d.domActualPiso}`);
  if (d.domActualDepto) partes.push(`Depto. ${d.domActualDepto}`);
  return partes.filter(Boolean).join(', ');
}

/**
 * /cph: search a donor by DNI (typed or scanned: Enter submits), show the details card, check the
 * CPH age (18 to 40) and print pages 1, 2 and 3 of the registry form with the chosen capture agent.
 */
export function CphPage() {
  const [dniInput, setDniInput] = useState('');
  const [dni, setDni] = useState<string | null>(null);
  const [elegidoId, setElegidoId] = useState<string | null>(null);
  const [agenteId, setAgenteId] = useState('');
  const [imprimiendo, setImprimiendo] = useState<Pagina | 'todo' | null>(null);
  const servicio = useServicioImprimible();
  const { busy, error: printError, run } = usePrint();

  const busqueda = useQuery(DonantesDocument, {
    variables: { filter: { dni: dni ?? '' }, page: { offset: 0, limit: 20 } },
    skip: !dni,
    fetchPolicy: 'network-only',
  });
  const items: DonanteResumenFragment[] = dni ? (busqueda.data?.donantes.items ?? []) : [];
  const exacto = items.find((d) => d.dni === dni);
  const donanteId = elegidoId ?? exacto?.id ?? (items.length === 1 ? items[0].id : null);

  const donanteQuery = useQuery(DonanteDocument, {
    variables: { id: donanteId ?? '' },
    skip: !donanteId,
  });
  const agentesQuery = useQuery(AgentesCphDocument, { fetchPolicy: 'cache-and-network' });
  const agentes = agentesQuery.data?.agentesCph ?? [];
  const agente = agentes.find((a) => a.id === agenteId) ?? null;

  const donante = donanteId ? donanteQuery.data?.donante : undefined;
  const hoy = todayIso();
  const edadOk = donante ? cumpleEdadCph(donante.fechaNacimiento, hoy) : false;
  const cortados = donante && edadOk ? camposCortados(toCphPdfData(donante, agente, servicio, hoy)) : [];

  const buscar = (e: FormEvent) => {
    e.preventDefault();
    const value = canonicalDni(dniInput);
    setElegidoId(null);
    setDni(value || null);
    if (value && value === dni) void busqueda.refetch();
  };

  const imprimir = async (pagina?: Pagina) => {
    if (!donante || !agente || !edadOk) return;
    setImprimiendo(pagina ?? 'todo');
    await run(printCph, toCphPdfData(donante, agente, servicio, hoy), pagina);
    setImprimiendo(null);
  };

  const buscando = !!dni && busqueda.loading;
  const sinResultados = !!dni && !buscando && !busqueda.error && busqueda.data && items.length === 0;

  return (
    <Stack gap="5" maxW="5xl">
      <Heading as="h1" size="lg">
        Registro CPH
      </Heading>

      <SearchForm label="Buscar donante CPH" onSubmit={buscar} buscando={buscando}>
        <ChakraField.Root maxW={{ md: 'sm' }}>
          <ChakraField.Label>DNI</ChakraField.Label>
          <Input
            name="dni"
            value={dniInput}
            onChange={(e) => setDniInput(e.target.value)}
            autoFocus
            autoComplete="off"
            inputMode="numeric"
            bg="white"
          />
        </ChakraField.Root>
      </SearchForm>

      <LoadingOverlay open={buscando || (!!donanteId && donanteQuery.loading && !donante)} />
      {busqueda.error && (
        <AppAlert
          title={MSG.errorCargarDonante}
          message={<ServerErrors errors={errorMessages(busqueda.error)} />}
        />
      )}
      {donanteQuery.error && donanteId && (
        <AppAlert
          title={MSG.errorCargarDonante}
          message={<ServerErrors errors={errorMessages(donanteQuery.error)} />}
        />
      )}
      {sinResultados && <AppAlert severity="info" message={MSG.sinDonantes} />}

      {!donanteId && items.length > 1 && (
        <Box
          as="section"
          aria-label="Donantes encontrados"
          bg="white"
          borderWidth="1px"
          borderRadius="lg"
          p="4"
        >
          <Text fontSize="sm" mb="2">
            Varios donantes coinciden con el DNI. Elija uno:
          </Text>
          <Stack gap="2" align="flex-start">
            {items.map((d) => (
              <Button key={d.id} size="sm" variant="outline" onClick={() => setElegidoId(d.id)}>
                {`${nombreCompleto(d)} - DNI ${d.dni}`}
              </Button>
            ))}
          </Stack>
        </Box>
      )}

      {donante && !edadOk && <AppAlert severity="warning" message={MSG.edadCph} />}

      {donante && <DonanteCphCard donante={donante} hoy={hoy} />}

      {donante && edadOk && (
        <Box as="section" aria-label="Impresión" bg="white" borderWidth="1px" borderRadius="lg" p="4">
          <Heading as="h2" size="sm" mb="3">
            Imprimir formulario CPH
          </Heading>
          <Stack gap="4">
            <ChakraField.Root required invalid={!agente} maxW={{ md: 'md' }}>
              <ChakraField.Label>
                Agente de captación
                <ChakraField.RequiredIndicator />
              </ChakraField.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="agente"
                  value={agenteId}
                  onChange={(e) => setAgenteId(e.target.value)}
                  bg="white"
                >
                  <option value="">Seleccione un agente</option>
                  {agentes.map((a) => (
                    <option key={a.id} value={a.id}>
                      {agenteTexto(a)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {!agente && (
                <ChakraField.HelperText>
                  {agentes.length === 0 && !agentesQuery.loading
                    ? 'No hay integrantes marcados como agentes CPH (Opciones > Integrantes).'
                    : 'Elija el agente de captación para imprimir.'}
                </ChakraField.HelperText>
              )}
            </ChakraField.Root>
            {cortados.length > 0 && (
              <AppAlert
                severity="warning"
                title="Estos datos no entran en los casilleros del formulario y se imprimirán cortados:"
                message={
                  <Box as="ul" ps="5" listStyleType="disc" aria-label="Datos que se imprimirán cortados">
                    {cortados.map((c) => (
                      <li key={`${c.campo.pagina}-${c.campo.seccion}-${c.campo.etiqueta}`}>
                        {avisoCorte(c)}
                      </li>
                    ))}
                  </Box>
                }
              />
            )}
            <HStack gap="2" wrap="wrap">
              {PAGINAS_CPH.map((n) => (
                <Button
                  key={n}
                  colorPalette="brand"
                  onClick={() => void imprimir(n)}
                  disabled={!agente || busy}
                  loading={busy && imprimiendo === n}
                  loadingText="Generando PDF..."
                >
                  {`Página ${n}`}
                </Button>
              ))}
              <Button
                variant="outline"
                colorPalette="brand"
                onClick={() => void imprimir()}
                disabled={!agente || busy}
                loading={busy && imprimiendo === 'todo'}
                loadingText="Generando PDF..."
              >
                Imprimir todo
              </Button>
            </HStack>
            {printError && <AppAlert message={`No se pudo generar el formulario: ${printError.message}`} />}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

function DonanteCphCard({ donante: d, hoy }: { donante: DonanteDatosFragment; hoy: string }) {
  const edad = d.fechaNacimiento ? yearsBetween(d.fechaNacimiento, hoy) : NaN;
  const datos: [string, string][] = [
    ['Nombre', d.nombre],
    ['Apellido', d.apellido],
    ['DNI', d.dni],
    ['Fecha de nacimiento', formatDate(d.fechaNacimiento)],
    ['Edad', Number.isNaN(edad) ? '' : `${edad} años`],
    ['Domicilio', domicilioTexto(d)],
    ['Localidad', d.localidadActual ?? ''],
    ['Provincia', d.ProvinciaActual ?? ''],
    ['Teléfono', [d.telefono, d.telefono2].filter(Boolean).join(' / ')],
    ['Email', d.email ?? ''],
  ];
  const cph = d.cph;
  const laborales: [string, string][] = [
    ['Establecimiento laboral', cph?.establecimientoLaboral ?? ''],
    ['Teléfono laboral', cph?.telefonoLaboral ?? ''],
    ['Email laboral', cph?.emailLaboral ?? ''],
  ];
  const contactos = [
    ['Contacto 1', cph?.contacto1],
    ['Contacto 2', cph?.contacto2],
  ] as const;
  return (
    <Box as="section" aria-label="Donante" bg="white" borderWidth="1px" borderRadius="lg" p="4">
      <Text fontSize="xs" textTransform="uppercase" color="gray.600" letterSpacing="wide">
        Donante
      </Text>
      <Heading as="h2" size="md" mb="3">
        {nombreCompleto(d)}
      </Heading>
      <Datos items={datos} />
      <Heading as="h3" size="sm" mt="5" mb="2">
        Datos de contacto CPH
      </Heading>
      <Datos items={laborales} />
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" mt="3">
        {contactos.map(([titulo, c]) => (
          <Box key={titulo}>
            <Text fontSize="sm" fontWeight="medium" mb="1">
              {titulo}
            </Text>
            <Datos
              columns={2}
              items={[
                ['Apellido y nombre', [c?.Apellido, c?.Nombre].filter(Boolean).join(' ')],
                ['Relación', c?.Relacion ?? ''],
                ['Teléfono', c?.Telefono ?? ''],
                ['Email', c?.Email ?? ''],
              ]}
            />
          </Box>
        ))}
      </Grid>
    </Box>
  );
}

function Datos({ items, columns = 3 }: { items: [string, string][]; columns?: number }) {
  return (
    <Grid templateColumns={{ base: '1fr 1fr', md: `repeat(${columns}, 1fr)` }} gap="2">
      {items.map(([label, value]) => (
        <Box key={label}>
          <Text fontSize="xs" color="gray.600">
            {label}
          </Text>
          <Text fontSize="sm">{value || '—'}</Text>
        </Box>
      ))}
    </Grid>
  );
}
