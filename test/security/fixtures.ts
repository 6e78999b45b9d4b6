/**
 * Shared fixtures of the security suites: a servicio populated through the
 * API (donors, donations, staff of every role, a deleted donor and donation),
 * the catalogue of every GraphQL operation with a way to call it, and the
 * snapshot of a servicio's rows used to prove that nothing changed.
 */
import { randomBytes } from 'node:crypto';
import { addDays, todayIso } from '../../server/src/domain/dates';
import { Rol } from '../../server/src/domain/roles';
import { getSchema } from '../../server/src/graphql/schema';
import { resolvers } from '../../server/src/services';
import { GqlResult, registerServicio, Session, TestServer } from '../../server/src/test-utils/harness';

export const TODAY = todayIso();
export const NORMAL_SV = { tas: 120, tad: 80, fc: 72, peso: 70, temp: 36.5, hb: 13.5, hto: 40 };
export const PASSWORD = 'clave-segura';

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq += 1)}${randomBytes(2).toString('hex')}`;
let dniSeq = 20_000_000 + Math.floor(Math.random() * 5_000_000);
export const nextDni = () => String((dniSeq += 7));
let numeroSeq = 5000 + Math.floor(Math.random() * 100_000);
export const nextNumero = () => (numeroSeq += 1);
/**
 * Each seeded servicio has issued the label numbers up to this one (as a servicio that continues
 * a paper book), so the numbers nextNumero gives can be recorded.
 */
export const NUMEROS_EMITIDOS = 1_000_000;
export const AVANZAR_CONTADOR = `mutation ($ultimo: Int!) { avanzarContadorEtiquetas(ultimo: $ultimo) }`;

export type Member = { id: string; username: string; token: string; rol: Rol };

/** Everything one servicio owns, with the ids the other servicio will try to reach. */
export type World = {
  admin: Session;
  username: string;
  nombre: string;
  donanteId: string;
  donanteDni: string;
  donanteDeletedId: string;
  donacionId: string;
  donacionNumero: number;
  donacionDeletedId: string;
  /** A donation split into components (Bolsa Doble: red cells and plasma), all in quarantine. */
  donacionFraccionadaId: string;
  componenteId: string;
  /** The unit identifier of componenteId. */
  componenteCodigo: string;
  /** A donor reaction recorded at donacionId. */
  reaccionId: string;
  /** An open citación ('OTRO', added by the doctor) of donanteId. */
  citacionId: string;
  /** A visit in progress (no answers yet) of a donor of its own, visitaDonanteId. */
  visitaId: string;
  visitaDonanteId: string;
  /** The visit that ended in donacionId (recorded with it). */
  visitaCerradaId: string;
  members: Record<'ROL_MEDICO' | 'ROL_TECNICO' | 'ROL_ADMINISTRATIVO', Member>;
  /** The regional network the servicio belongs to (its ROL_RED account). */
  red: { id: string; token: string; codigo: string };
  /** An active API key of the servicio (a dashboard's) and its secret. */
  claveApiId: string;
  claveApiSecreto: string;
  /** Strings that only this servicio's data contains: none may ever reach another servicio. */
  markers: string[];
};

export const CREATE_DONANTE = `mutation ($input: DonanteInput!) { createDonante(input: $input) { id dni } }`;
export const CREATE_DONACION = `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id numero } }`;

export function donanteInput(overrides: Record<string, unknown> = {}) {
  return {
    nombre: 'Juan',
    apellido: 'Pérez',
    dni: nextDni(),
    fechaNacimiento: '1990-05-10',
    sexo: 'Masculino',
    ...overrides,
  };
}

export function donacionInput(donanteId: string, overrides: Record<string, unknown> = {}) {
  return {
    donanteId,
    numero: nextNumero(),
    fecha: TODAY,
    hora: '10:30',
    plasmaCovid: false,
    sv: NORMAL_SV,
    tipoBolsa: 'Bolsa Doble',
    loteBolsa: 'L-1',
    ...overrides,
  };
}

export function ok<T>(res: GqlResult<T>): T {
  if (!res.data || res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data;
}

export const codeOf = (res: GqlResult) => res.errors?.[0]?.extensions?.code;

/** Registers a servicio and fills it through the API. */
export async function seedWorld(server: TestServer, label: string): Promise<World> {
  const username = `adm_${label}_${uniq()}`;
  const nombre = `Servicio ${label} ${uniq()}`;
  const admin = await registerServicio(server, { username, nombre, password: PASSWORD });
  const t = admin.token;
  ok(await server.gql(AVANZAR_CONTADOR, { ultimo: NUMEROS_EMITIDOS }, t));
  const apellido = `Apellido${label}${uniq()}`;
  const d1 = ok(
    await server.gql<{ createDonante: { id: string; dni: string } }>(
      CREATE_DONANTE,
      { input: donanteInput({ apellido, nombre: `Nombre${label}` }) },
      t,
    ),
  ).createDonante;
  const d2 = ok(
    await server.gql<{ createDonante: { id: string } }>(
      CREATE_DONANTE,
      { input: donanteInput({ apellido: `${apellido}B` }) },
      t,
    ),
  ).createDonante;
  const d3 = ok(
    await server.gql<{ createDonante: { id: string } }>(
      CREATE_DONANTE,
      { input: donanteInput({ apellido: `${apellido}C` }) },
      t,
    ),
  ).createDonante;
  ok(await server.gql(`mutation ($id: ID!) { deleteDonante(id: $id) }`, { id: d3.id }, t));
  const don = ok(
    await server.gql<{ createDonacion: { id: string; numero: number } }>(
      CREATE_DONACION,
      { input: donacionInput(d1.id) },
      t,
    ),
  ).createDonacion;
  const don2 = ok(
    await server.gql<{ createDonacion: { id: string } }>(
      CREATE_DONACION,
      { input: donacionInput(d2.id, { fecha: addDays(TODAY, -100) }) },
      t,
    ),
  ).createDonacion;
  ok(await server.gql(`mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`, { id: don2.id }, t));
  // A donation of its own donor, split by the administrator: its components in quarantine.
  const d4 = ok(
    await server.gql<{ createDonante: { id: string } }>(
      CREATE_DONANTE,
      { input: donanteInput({ apellido: `${apellido}D` }) },
      t,
    ),
  ).createDonante;
  const don4 = ok(
    await server.gql<{ createDonacion: { id: string } }>(CREATE_DONACION, { input: donacionInput(d4.id) }, t),
  ).createDonacion;
  const [componente] = ok(
    await server.gql<{ fraccionarDonacion: { id: string; codigo: string }[] }>(
      `mutation ($id: ID!) { fraccionarDonacion(donacionId: $id) { id codigo } }`,
      { id: don4.id },
      t,
    ),
  ).fraccionarDonacion;
  const reaccionId = ok(
    await server.gql<{ registrarReaccion: { reacciones: { id: string }[] } }>(
      `mutation ($id: ID!, $r: ReaccionInput!) { registrarReaccion(donacionId: $id, reaccion: $r) { reacciones { id } } }`,
      {
        id: don.id,
        r: { tipo: 'HEMATOMA', severidad: 'LEVE', hora: '10:45', tratamiento: `Hielo ${label}` },
      },
      t,
    ),
  ).registrarReaccion.reacciones[0].id;

  // A visit in progress of a donor of its own (so no other donation of the fixtures waits on it),
  // and the visit recorded with donacionId.
  const dV = ok(
    await server.gql<{ createDonante: { id: string } }>(
      CREATE_DONANTE,
      { input: donanteInput({ apellido: `${apellido}V` }) },
      t,
    ),
  ).createDonante;
  const visita = ok(
    await server.gql<{ iniciarVisita: { id: string } }>(
      `mutation ($d: ID!) { iniciarVisita(donanteId: $d) { id } }`,
      { d: dV.id },
      t,
    ),
  ).iniciarVisita;
  const visitaCerrada = ok(
    await server.gql<{ visitas: { items: { id: string }[] } }>(
      `query ($d: ID) { visitas(donanteId: $d) { items { id } } }`,
      { d: d1.id },
      t,
    ),
  ).visitas.items[0];

  const members = {} as World['members'];
  for (const rol of ['ROL_MEDICO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO'] as const) {
    const u = `${rol.slice(4, 7).toLowerCase()}_${label}_${uniq()}`;
    const created = ok(
      await server.gql<{ createIntegrante: { integrante: { id: string } } }>(
        `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
        {
          input: {
            nombre: `Integrante${label}`,
            apellido: `${rol}${label}`,
            username: u,
            password: PASSWORD,
            password2: PASSWORD,
            rol,
            agentecph: true,
          },
        },
        t,
      ),
    ).createIntegrante.integrante;
    const login = ok(
      await server.gql<{ login: { token: string } }>(
        `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
        { input: { username: u, password: PASSWORD } },
      ),
    ).login;
    members[rol] = { id: created.id, username: u, token: login.token, rol };
  }
  // A donor of the call-back list: added by the doctor, for another reason.
  const citacion = ok(
    await server.gql<{ crearCitacion: { id: string } }>(
      `mutation ($d: ID!) { crearCitacion(donanteId: $d, motivo: OTRO, detalle: "Control de hemoglobina") { id } }`,
      { d: d1.id },
      members.ROL_MEDICO.token,
    ),
  ).crearCitacion;
  // A regional network of its own, which the servicio joins.
  const redUser = `red_${label}_${uniq()}`;
  const redToken = ok(
    await server.gql<{ register: { token: string } }>(
      `mutation ($input: RegisterInput!) { register(input: $input) { token } }`,
      {
        input: {
          nombre: `Red ${label}`,
          username: redUser,
          email: `${redUser}@salud.test`,
          password: PASSWORD,
          password2: PASSWORD,
          rol: 'ROL_RED',
        },
      },
    ),
  ).register.token;
  const red = ok(
    await server.gql<{ red: { id: string; codigoInvitacion: string } }>(
      `{ red { id codigoInvitacion } }`,
      {},
      redToken,
    ),
  ).red;
  ok(
    await server.gql(
      `mutation ($c: String!) { unirseARed(codigo: $c) { id } }`,
      { c: red.codigoInvitacion },
      t,
    ),
  );
  const clave = ok(
    await server.gql<{ crearClaveApi: { id: string; secreto: string } }>(
      `mutation ($n: String!) { crearClaveApi(nombre: $n) { id secreto } }`,
      { n: `Tablero ${label}` },
      t,
    ),
  ).crearClaveApi;
  return {
    admin,
    username,
    nombre,
    donanteId: d1.id,
    donanteDni: d1.dni,
    donanteDeletedId: d3.id,
    donacionId: don.id,
    donacionNumero: don.numero,
    donacionDeletedId: don2.id,
    donacionFraccionadaId: don4.id,
    componenteId: componente.id,
    componenteCodigo: componente.codigo,
    reaccionId,
    citacionId: citacion.id,
    visitaId: visita.id,
    visitaDonanteId: dV.id,
    visitaCerradaId: visitaCerrada.id,
    members,
    red: { id: red.id, token: redToken, codigo: red.codigoInvitacion },
    claveApiId: clave.id,
    claveApiSecreto: clave.secreto,
    markers: [
      admin.servicio,
      username,
      nombre,
      apellido,
      // Not the DNI: another servicio may register the same person under its own record.
      d1.id,
      d2.id,
      d3.id,
      don.id,
      don2.id,
      d4.id,
      don4.id,
      componente.id,
      componente.codigo,
      reaccionId,
      citacion.id,
      dV.id,
      visita.id,
      visitaCerrada.id,
      ...Object.values(members).flatMap((m) => [m.id, m.username]),
      clave.id,
      clave.secreto,
      red.id,
      red.codigoInvitacion,
    ],
  };
}

/** Every row that belongs to a servicio, in a stable order: compared before and after an attack. */
export async function snapshot(server: TestServer, servicio: string): Promise<Record<string, unknown[]>> {
  const tables: { table_name: string }[] = await server.dataSource.query(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'servicio_id' ORDER BY table_name`,
  );
  const out: Record<string, unknown[]> = {};
  out.servicio = await server.dataSource.query(`SELECT * FROM servicio WHERE id = $1`, [servicio]);
  for (const { table_name: t } of tables) {
    out[t] = await server.dataSource.query(`SELECT * FROM "${t}" WHERE servicio_id = $1 ORDER BY 1`, [
      servicio,
    ]);
  }
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown[]>;
}

/** The names of every root field of the built schema: `Query.x` and `Mutation.y`. */
export function schemaOperations(): string[] {
  const schema = getSchema(resolvers);
  const out: string[] = [];
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    if (!type) continue;
    for (const name of Object.keys(type.getFields())) out.push(`${type.name}.${name}`);
  }
  return out.sort();
}

export type Call = { query: string; variables?: Record<string, unknown> };

/**
 * How to call each operation, aimed at `target`'s records. The isolation test
 * calls these with the other servicio's token; the role test with the
 * target's own staff. A new operation must be added here.
 */
export function operationCalls(target: World): Record<string, Call> {
  return {
    'Query._service': { query: `{ _service { sdl } }` },
    // What a federation gateway sends: the target's donor, donation and servicio by id.
    'Query._entities': {
      query: `query ($r: [_Any!]!) { _entities(representations: $r) { __typename ... on Donante { id dni apellido } ... on Donacion { id numero donanteId } ... on Servicio { id nombre } } }`,
      variables: {
        r: [
          { __typename: 'Donante', id: target.donanteId },
          { __typename: 'Donacion', id: target.donacionId },
          { __typename: 'Servicio', id: target.admin.servicio },
        ],
      },
    },
    'Query.agentesCph': { query: `{ agentesCph { id nombre apellido username servicioId } }` },
    'Query.medicosFirmantes': { query: `{ medicosFirmantes { id nombre apellido matricula servicioId } }` },
    'Query.contadorEtiquetas': { query: `{ contadorEtiquetas }` },
    'Query.etiquetasSinUsar': {
      query: `{ etiquetasSinUsar(orden: { campo: DONANTE, direccion: DESC }) { total items { numero codigo emitidaPor donante { id dni apellido } } } }`,
    },
    'Query.clavesApi': { query: `{ clavesApi { id nombre prefijo creadaEn ultimoUso revocadaEn } }` },
    'Query.auditoria': {
      query: `query ($f: AuditoriaFilter) { auditoria(filter: $f, orden: { campo: USUARIO }) { total items { id entidad entidadId accion cambios autor personas { id nombre } } } }`,
      variables: { f: { entidad: 'donante', entidadId: target.donanteId } },
    },
    'Query.usuariosAuditoria': { query: `{ usuariosAuditoria { id nombre } }` },
    'Query.verificarAuditoria': { query: `{ verificarAuditoria { ok entradas primeraRota motivo } }` },
    'Query.cabezaAuditoria': { query: `{ cabezaAuditoria { entrada hash } }` },
    'Query.donacion': {
      query: `query ($id: ID!) { donacion(id: $id) { id numero donanteId } }`,
      variables: { id: target.donacionId },
    },
    'Query.donaciones': {
      query: `query ($f: DonacionFilter, $o: DonacionOrden) { donaciones(filter: $f, orden: $o) { total items { id numero donanteId } } }`,
      variables: { f: { numero: target.donacionNumero }, o: { campo: 'APELLIDO', direccion: 'DESC' } },
    },
    'Query.donacionesDeDonante': {
      query: `query ($id: ID!) { donacionesDeDonante(donanteId: $id) { id numero } }`,
      variables: { id: target.donanteId },
    },
    'Query.donante': {
      query: `query ($id: ID!) { donante(id: $id) { id dni apellido } }`,
      variables: { id: target.donanteId },
    },
    'Query.donantes': {
      query: `query ($f: DonanteFilter, $o: DonanteOrden) { donantes(filter: $f, orden: $o) { total items { id dni apellido } } }`,
      variables: { f: { dni: target.donanteDni }, o: { campo: 'ULTIMA_DONACION', direccion: 'DESC' } },
    },
    'Query.duplicadosDonantes': {
      query: `query ($o: Int, $l: Int) { duplicadosDonantes(offset: $o, limit: $l) { total items { motivo a { id dni } b { id dni } } } }`,
      variables: { o: 0, l: 20 },
    },
    'Query.pendientesDecision': {
      query: `query ($p: PageInput, $o: PendienteOrden) { pendientesDecision(page: $p, orden: $o) { total items { donanteId dni nombre apellido donacionId numero } } }`,
      variables: { p: { offset: 0, limit: 20 }, o: { campo: 'DONANTE' } },
    },
    'Query.indicadores': {
      query: `query ($d: String!, $h: String!) { indicadores(desde: $d, hasta: $h, agrupacion: MES) { donaciones donantesDistintos serie { periodo donaciones } } }`,
      variables: { d: addDays(TODAY, -365), h: TODAY },
    },
    'Query.red': { query: `{ red { id nombre codigoInvitacion miembros { id nombre } } }` },
    'Query.indicadoresRed': {
      query: `query ($d: String!, $h: String!) { indicadoresRed(desde: $d, hasta: $h) { total { donaciones } porServicio { servicio { id nombre } indicadores { donaciones } } } }`,
      variables: { d: addDays(TODAY, -365), h: TODAY },
    },
    // A code no network has: refused as such, whoever may join (joining is by design a share).
    'Mutation.unirseARed': {
      query: `mutation ($c: String!) { unirseARed(codigo: $c) { id } }`,
      variables: { c: 'NINGUNARED00' },
    },
    'Mutation.salirDeRed': { query: `mutation { salirDeRed { id } }` },
    'Mutation.renovarCodigoInvitacion': {
      query: `mutation { renovarCodigoInvitacion { id codigoInvitacion miembros { id nombre } } }`,
    },
    // A servicio that is no network's member: refused as such, whoever may remove members.
    'Query.consultasRed': {
      query: `{ consultasRed { servicio { id } consultas inusual } }`,
    },
    'Mutation.aprobarNombreMiembro': {
      query: `mutation ($id: ID!) { aprobarNombreMiembro(servicioId: $id, nombre: "Hospital") { id } }`,
      variables: { id: '00000000-0000-4000-8000-000000000000' },
    },
    'Mutation.quitarMiembroDeRed': {
      query: `mutation ($id: ID!) { quitarMiembroDeRed(servicioId: $id) { id miembros { id } } }`,
      variables: { id: '00000000-0000-4000-8000-000000000000' },
    },
    'Query.integrante': {
      query: `query ($id: ID!) { integrante(id: $id) { id username } }`,
      variables: { id: target.members.ROL_MEDICO.id },
    },
    'Query.integrantes': { query: `{ integrantes { id username servicioId } }` },
    'Query.me': { query: `{ me { id username servicioId servicio { id nombre } } }` },
    'Query.planillas': { query: `{ planillas { fileName } }` },
    'Query.servicio': { query: `{ servicio { id nombre } }` },
    'Query.visitasNoApto': {
      query: `query ($id: ID!) { visitasNoApto(donanteId: $id) { id fecha motivo } }`,
      variables: { id: target.donanteId },
    },
    // The target's donation has no deferral: refused as such, whoever may lift one.
    'Mutation.levantarDiferimiento': {
      query: `mutation ($d: ID!, $o: ID!, $m: String!) { levantarDiferimiento(donanteId: $d, origenId: $o, motivo: $m) { id } }`,
      variables: { d: target.donanteId, o: target.donacionId, m: 'Decisión médica' },
    },
    // Without a deferral: it stops no later donation of the shared fixtures.
    'Mutation.registrarNoApto': {
      query: `mutation ($input: NoAptoInput!) { registrarNoApto(input: $input) { id } }`,
      variables: {
        input: {
          donanteId: target.donanteId,
          fecha: TODAY,
          hora: '08:00',
          motivo: 'Entrevista',
          diferimientoDias: 0,
        },
      },
    },
    // The norm itself: changes nothing of the servicio's rules.
    'Mutation.updateReglasDonacion': {
      query: `mutation ($input: ReglasDonacionInput!) { updateReglasDonacion(input: $input) { id } }`,
      variables: { input: { semanasEntreDonaciones: 8, limiteAnualHombres: 4, limiteAnualMujeres: 3 } },
    },
    // The caller's own label format: a label printer's size.
    'Mutation.updateFormatoEtiquetas': {
      query: `mutation ($input: FormatoEtiquetasInput!) { updateFormatoEtiquetas(input: $input) { id etiquetaFormato } }`,
      variables: { input: { formato: 'IMPRESORA', anchoMm: 62, altoMm: 29 } },
    },
    // The caller's own laboratory panel: the national screening and NAT HIV.
    'Mutation.updatePanelResultados': {
      query: `mutation ($m: [MarcadorAdicional!]!) { updatePanelResultados(marcadores: $m) { id marcadoresAdicionales } }`,
      variables: { m: ['NAT_HIV'] },
    },
    // The caller's own screening thresholds: stricter than the spec, as many services use.
    'Mutation.updateUmbralesTamizaje': {
      query: `mutation ($input: UmbralesTamizajeInput!) { updateUmbralesTamizaje(input: $input) { id umbralesTamizaje { hbMinMujer } } }`,
      variables: { input: { hbMinMujer: 12.5, hbMinHombre: 13.5 } },
    },
    // Moves the caller's own counter forward (once: a second call with the same number is refused).
    'Mutation.avanzarContadorEtiquetas': {
      query: AVANZAR_CONTADOR,
      variables: { ultimo: 2 * NUMEROS_EMITIDOS },
    },
    // A new name each call: the same name twice is refused while the first key is active.
    'Mutation.crearClaveApi': {
      query: `mutation ($n: String!) { crearClaveApi(nombre: $n) { id nombre prefijo secreto } }`,
      variables: { n: `Tablero ${uniq()}` },
    },
    'Mutation.revocarClaveApi': {
      query: `mutation ($id: ID!) { revocarClaveApi(id: $id) { id revocadaEn } }`,
      variables: { id: target.claveApiId },
    },
    'Mutation.changePassword': {
      query: `mutation ($input: PasswordChangeInput!) { changePassword(input: $input) { message } }`,
      // Wrong current password: never changes anything, whoever calls it.
      variables: {
        input: { oldPassword: 'no-es-la-clave', newPassword: 'otra-clave-1', newPassword2: 'otra-clave-1' },
      },
    },
    'Mutation.createDonacion': {
      query: CREATE_DONACION,
      variables: { input: donacionInput(target.donanteId) },
    },
    'Mutation.createDonante': {
      // The target's DNI: in another servicio it is free and must not collide or leak.
      query: CREATE_DONANTE,
      variables: { input: donanteInput({ dni: target.donanteDni }) },
    },
    'Mutation.createIntegrante': {
      query: `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id servicioId } } }`,
      variables: {
        input: {
          nombre: 'Nuevo',
          apellido: 'Integrante',
          username: `nuevo_${uniq()}`,
          password: PASSWORD,
          password2: PASSWORD,
          rol: 'ROL_TECNICO',
        },
      },
    },
    'Mutation.deleteDonacion': {
      query: `mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`,
      variables: { id: target.donacionId },
    },
    'Mutation.deleteDonante': {
      query: `mutation ($id: ID!) { deleteDonante(id: $id) }`,
      variables: { id: target.donanteId },
    },
    'Mutation.deleteIntegrante': {
      query: `mutation ($id: ID!) { deleteIntegrante(id: $id) { message } }`,
      variables: { id: target.members.ROL_TECNICO.id },
    },
    // The deleted donor as the one to merge away: refused (NOT_FOUND), so nothing is ever merged.
    'Mutation.fusionarDonantes': {
      query: `mutation ($c: ID!, $e: ID!) { fusionarDonantes(conservarId: $c, eliminarId: $e) { donacionesMovidas avisos donante { id } } }`,
      variables: { c: target.donanteId, e: target.donanteDeletedId },
    },
    'Mutation.registrarPersonasDistintas': {
      query: `mutation ($a: ID!, $b: ID!) { registrarPersonasDistintas(donanteAId: $a, donanteBId: $b, motivo: "Otra persona") }`,
      variables: { a: target.donanteId, b: target.donanteDeletedId },
    },
    'Mutation.login': {
      query: `mutation ($input: LoginInput!) { login(input: $input) { token usuario { id servicioId } } }`,
      variables: { input: { username: target.username, password: 'clave-equivocada' } },
    },
    'Mutation.nextEtiquetaNumero': { query: `mutation { nextEtiquetaNumero }` },
    'Mutation.register': {
      query: `mutation ($input: RegisterInput!) { register(input: $input) { usuario { id servicioId } } }`,
      // The target's username: already taken, so nothing is created and nothing leaks.
      variables: {
        input: {
          nombre: 'Otro',
          username: target.username,
          email: 'otro@hospital.test',
          password: PASSWORD,
          password2: PASSWORD,
        },
      },
    },
    'Mutation.restaurarDonacion': {
      query: `mutation ($id: ID!) { restaurarDonacion(id: $id) { id } }`,
      variables: { id: target.donacionDeletedId },
    },
    'Mutation.restaurarDonante': {
      query: `mutation ($id: ID!) { restaurarDonante(id: $id) { id } }`,
      variables: { id: target.donanteDeletedId },
    },
    'Mutation.updateDonante': {
      query: `mutation ($id: ID!, $input: DonanteInput!) { updateDonante(id: $id, input: $input) { id } }`,
      variables: { id: target.donanteId, input: donanteInput({ apellido: 'Cambiado' }) },
    },
    'Mutation.updateIntegrante': {
      query: `mutation ($id: ID!, $input: IntegranteUpdateInput!) { updateIntegrante(id: $id, input: $input) { message } }`,
      variables: { id: target.members.ROL_MEDICO.id, input: { nombre: 'Cambiado', apellido: 'Cambiado' } },
    },
    // The password the member already has: a call that gets through only ends their sessions.
    'Mutation.setIntegrantePassword': {
      query: `mutation ($id: ID!, $input: IntegrantePasswordInput!) { setIntegrantePassword(id: $id, input: $input) { message integrante { id } } }`,
      variables: {
        id: target.members.ROL_ADMINISTRATIVO.id,
        input: { newPassword: PASSWORD, newPassword2: PASSWORD },
      },
    },
    'Mutation.updateOpciones': {
      query: `mutation ($input: OpcionesInput!) { updateOpciones(input: $input) { servicio { id nombre } } }`,
      variables: { input: { nombre: 'Nombre cambiado' } },
    },
    // A non-reactive screening: it defers no one. The repeat and the confirmatory step of a marker
    // never reactive are refused as out of order (BAD_USER_INPUT), after the role is checked.
    'Mutation.registrarTamizaje': {
      query: `mutation ($id: ID!, $input: TamizajeInput!) { registrarTamizaje(donacionId: $id, input: $input) { id } }`,
      variables: { id: target.donacionId, input: { marcador: 'HTLV', estado: 'NO_REACTIVO', fecha: TODAY } },
    },
    'Mutation.registrarReaccion': {
      query: `mutation ($id: ID!, $r: ReaccionInput!) { registrarReaccion(donacionId: $id, reaccion: $r) { id reacciones { id } } }`,
      variables: {
        id: target.donacionId,
        r: { tipo: 'VASOVAGAL_SIN_PERDIDA_CONCIENCIA', severidad: 'LEVE', hora: '11:00' },
      },
    },
    'Mutation.updateReaccion': {
      query: `mutation ($id: ID!, $r: ReaccionInput!) { updateReaccion(id: $id, reaccion: $r) { id reacciones { id tipo } } }`,
      variables: { id: target.reaccionId, r: { tipo: 'HEMATOMA', severidad: 'MODERADA', hora: '10:45' } },
    },
    'Mutation.registrarRepeticion': {
      query: `mutation ($id: ID!, $input: RepeticionInput!) { registrarRepeticion(donacionId: $id, input: $input) { id } }`,
      variables: {
        id: target.donacionId,
        input: { marcador: 'HTLV', primera: 'NO_REACTIVO', segunda: 'NO_REACTIVO', fecha: TODAY },
      },
    },
    // The target is not flagged: refused as out of order (BAD_USER_INPUT), after the role is checked.
    'Mutation.registrarRetipificacion': {
      query: `mutation ($id: ID!) { registrarRetipificacion(donacionId: $id, abo: "O", rh: "POSITIVO") { id } }`,
      variables: { id: target.donacionId },
    },
    'Mutation.registrarConfirmatorio': {
      query: `mutation ($id: ID!, $input: ConfirmatorioInput!) { registrarConfirmatorio(donacionId: $id, input: $input) { id } }`,
      variables: {
        id: target.donacionId,
        input: { marcador: 'HTLV', resultado: 'NEGATIVO', tecnica: 'WB', fecha: TODAY, laboratorio: 'Ref' },
      },
    },
    // Components: the target's split donation and one of its units, in quarantine. Each call is
    // refused after the role is checked (already split, results missing, 'Otro' without a text,
    // the facility code fixed once units exist), so none uses the unit up.
    'Query.componentes': {
      query: `query ($f: FiltroComponentes) { componentes(filtro: $f) { total items { id codigo } } }`,
      variables: { f: { codigo: target.componenteCodigo } },
    },
    'Query.componentePorCodigo': {
      query: `query ($c: String!) { componentePorCodigo(codigo: $c) { id codigo faltaParaLiberar } }`,
      variables: { c: target.componenteCodigo },
    },
    'Query.donacionesPorFraccionar': {
      query: `{ donacionesPorFraccionar { id identificadorUnidad fraccionable } }`,
    },
    'Query.vidaUtilComponentes': { query: `{ vidaUtilComponentes { tipo dias } }` },
    'Mutation.fraccionarDonacion': {
      query: `mutation ($id: ID!) { fraccionarDonacion(donacionId: $id) { id } }`,
      variables: { id: target.donacionFraccionadaId },
    },
    'Mutation.liberarComponente': {
      query: `mutation ($id: ID!) { liberarComponente(id: $id) { id estado } }`,
      variables: { id: target.componenteId },
    },
    'Mutation.liberarComponentes': {
      query: `mutation ($ids: [ID!]!) { liberarComponentes(ids: $ids) { liberados { id } rechazados { motivos } } }`,
      variables: { ids: [target.componenteId] },
    },
    'Mutation.descartarComponente': {
      query: `mutation ($id: ID!) { descartarComponente(id: $id, motivo: OTRO) { id estado } }`,
      variables: { id: target.componenteId },
    },
    'Mutation.updateVidaUtilComponente': {
      query: `mutation { updateVidaUtilComponente(tipo: PLAQUETAS, dias: 5) { tipo dias } }`,
    },
    // Stock, dispatch and transfers: the target's unit is in quarantine, so it neither leaves nor
    // comes back; its id stands for a dispatch it never had (missing for everyone).
    'Query.stock': { query: `{ stock { tipo abo rh cantidad proximoVencimiento porVencer } }` },
    'Query.unidadesEnStock': {
      query: `query ($f: FiltroStock) { unidadesEnStock(filtro: $f) { total items { id codigo servicioOrigen } } }`,
      variables: { f: { tipo: 'GLOBULOS_ROJOS' } },
    },
    'Query.unidadPorCodigo': {
      query: `query ($c: String!) { unidadPorCodigo(codigo: $c) { id codigo estado servicioOrigen } }`,
      variables: { c: target.componenteCodigo },
    },
    'Query.avisoVencimiento': { query: `{ avisoVencimiento { tipo dias } }` },
    'Mutation.updateAvisoVencimiento': {
      query: `mutation { updateAvisoVencimiento(tipo: PLAQUETAS, dias: 2) { tipo dias } }`,
    },
    'Query.stockRed': { query: `{ stockRed { servicio tipo abo rh cantidad } }` },
    'Query.despachos': { query: `{ despachos { id destinoNombre unidades { unidad { id codigo } } } }` },
    'Query.despacho': {
      query: `query ($id: ID!) { despacho(id: $id) { id unidades { unidad { id codigo } } } }`,
      variables: { id: target.componenteId },
    },
    'Query.componentesEnTransito': { query: `{ componentesEnTransito { id codigo } }` },
    'Query.trayectoriaUnidad': {
      query: `query ($c: String!) { trayectoriaUnidad(codigo: $c) { despachoId origen destinoNombre } }`,
      variables: { c: target.componenteCodigo },
    },
    'Mutation.despacharComponentes': {
      query: `mutation ($ids: [ID!]!) { despacharComponentes(ids: $ids, destino: { tipo: HOSPITAL, nombre: "Hospital" }) { id } }`,
      variables: { ids: [target.componenteId] },
    },
    'Mutation.devolverComponente': {
      query: `mutation ($id: ID!) { devolverComponente(id: $id, cadenaFrio: true) { id estado } }`,
      variables: { id: target.componenteId },
    },
    'Mutation.registrarDestinoFinal': {
      query: `mutation ($id: ID!) { registrarDestinoFinal(id: $id, destino: TRANSFUNDIDO) { id estado } }`,
      variables: { id: target.componenteId },
    },
    'Mutation.recibirComponente': {
      query: `mutation ($c: String!) { recibirComponente(codigo: $c) { id estado } }`,
      variables: { c: target.componenteCodigo },
    },
    // Look-back: the target opened none; its unit's id stands for one (missing for everyone).
    'Query.trazabilidades': {
      query: `{ trazabilidades(todas: true) { id servicio unidades { codigo servicio destino } } }`,
    },
    'Query.trazabilidad': {
      query: `query ($id: ID!) { trazabilidad(id: $id) { id unidades { codigo } } }`,
      variables: { id: target.componenteId },
    },
    'Query.ventanaTrazabilidad': { query: `{ ventanaTrazabilidad }` },
    'Mutation.updateVentanaTrazabilidad': { query: `mutation { updateVentanaTrazabilidad(meses: 12) }` },
    'Mutation.registrarNotificacion': {
      query: `mutation ($id: ID!) { registrarNotificacion(id: $id, input: { notificado: "Hospital", medio: TELEFONO }) { id } }`,
      variables: { id: target.componenteId },
    },
    'Mutation.cerrarTrazabilidad': {
      query: `mutation ($id: ID!) { cerrarTrazabilidad(id: $id) { id abierta } }`,
      variables: { id: target.componenteId },
    },
    'Query.trazabilidadesRed': { query: `{ trazabilidadesRed { servicio abiertas suprimido } }` },
    'Query.miembrosRed': { query: `{ miembrosRed { id nombre } }` },
    // The registers of today: the caller's own discards and dispatches.
    'Query.registroDescartes': {
      query: `query ($d: String!) { registroDescartes(desde: $d, hasta: $d) { total items { componenteId codigo descartadoPor } } }`,
      variables: { d: TODAY },
    },
    'Query.registroDespachos': {
      query: `query ($d: String!) { registroDespachos(desde: $d, hasta: $d) { total items { id destinoNombre unidades { codigo } } } }`,
      variables: { d: TODAY },
    },
    // The network's request: the target is the network's only member, so a request is refused
    // (two members needed); an answer to the unit's id finds no request.
    'Query.solicitudesTraslado': { query: `{ solicitudesTraslado { id origen destino cantidad estado } }` },
    'Mutation.solicitarTraslado': {
      query: `mutation ($o: ID!) { solicitarTraslado(input: { origenId: $o, destinoId: $o, tipo: GLOBULOS_ROJOS, abo: "O", rh: "NEGATIVO", cantidad: 2 }) { id } }`,
      variables: { o: target.admin.servicio },
    },
    'Mutation.responderSolicitudTraslado': {
      query: `mutation ($id: ID!) { responderSolicitudTraslado(id: $id, acepta: true) { id estado } }`,
      variables: { id: target.componenteId },
    },
    'Mutation.updateCodigoInstalacion': {
      query: `mutation { updateCodigoInstalacion(codigo: "Q0001") { id codigoInstalacion } }`,
    },
    // The call-back list: the target's open citación. The doctor's steps are sent without their
    // required text (refused as such after the role is checked), so the citación stays open.
    'Query.citaciones': {
      query: `query ($f: FiltroCitaciones) { citaciones(filtro: $f) { total items { id donanteId motivo detalle motivoTexto } } }`,
      variables: { f: { abiertas: true } },
    },
    'Query.citacion': {
      query: `query ($id: ID!) { citacion(id: $id) { id motivo detalle intentos { id } donante { id dni } } }`,
      variables: { id: target.citacionId },
    },
    'Mutation.crearCitacion': {
      query: `mutation ($d: ID!) { crearCitacion(donanteId: $d, motivo: OTRO, detalle: "") { id } }`,
      variables: { d: target.donanteId },
    },
    'Mutation.registrarIntentoCitacion': {
      query: `mutation ($id: ID!, $i: IntentoCitacionInput!) { registrarIntentoCitacion(id: $id, intento: $i) { id } }`,
      variables: { id: target.citacionId, i: { fecha: TODAY, medio: 'TELEFONO', resultado: 'No contesta' } },
    },
    'Mutation.registrarCitaCitacion': {
      query: `mutation ($id: ID!, $f: String!) { registrarCitaCitacion(id: $id, fecha: $f) { id estado } }`,
      variables: { id: target.citacionId, f: addDays(TODAY, 7) },
    },
    'Mutation.registrarAsistenciaCitacion': {
      query: `mutation ($id: ID!) { registrarAsistenciaCitacion(id: $id, informado: "") { id } }`,
      variables: { id: target.citacionId },
    },
    'Mutation.cerrarCitacion': {
      query: `mutation ($id: ID!) { cerrarCitacion(id: $id, motivo: "") { id } }`,
      variables: { id: target.citacionId },
    },
    // Visits: the target's visit in progress, each step sent with what is refused after the role
    // (no answers, a signature without its witness, no reason), so it stays in progress; leaving is
    // aimed at the visit that already ended; the questionnaire's change is an empty one.
    'Query.visitas': {
      query: `query ($d: ID) { visitas(donanteId: $d) { total items { id donanteId respuestas { valor } } } }`,
      variables: { d: target.donanteId },
    },
    'Query.visita': {
      query: `query ($id: ID!) { visita(id: $id) { id donanteId estado donante { id dni } } }`,
      variables: { id: target.visitaId },
    },
    'Query.cuestionario': { query: `{ cuestionario { id clave texto } }` },
    'Mutation.updateCuestionario': {
      query: `mutation { updateCuestionario(preguntas: []) { id } }`,
    },
    // The donor whose visit is in progress: refused as such, so no second visit opens.
    'Mutation.iniciarVisita': {
      query: `mutation ($d: ID!) { iniciarVisita(donanteId: $d) { id } }`,
      variables: { d: target.visitaDonanteId },
    },
    'Mutation.responderEntrevista': {
      query: `mutation ($v: ID!) { responderEntrevista(visitaId: $v, respuestas: []) { id } }`,
      variables: { v: target.visitaId },
    },
    'Mutation.confirmarEntrevista': {
      query: `mutation ($v: ID!) { confirmarEntrevista(visitaId: $v) { id } }`,
      variables: { v: target.visitaId },
    },
    'Mutation.registrarFirmas': {
      query: `mutation ($v: ID!) { registrarFirmas(visitaId: $v, input: { declaracionFirmada: true, consentimientoFirmado: false }) { id } }`,
      variables: { v: target.visitaId },
    },
    'Mutation.cerrarVisitaNoApto': {
      query: `mutation ($v: ID!) { cerrarVisitaNoApto(visitaId: $v, input: { motivo: "" }) { id } }`,
      variables: { v: target.visitaId },
    },
    'Mutation.abandonarVisita': {
      query: `mutation ($v: ID!) { abandonarVisita(visitaId: $v) { id } }`,
      variables: { v: target.visitaCerradaId },
    },
    // Without a text: refused as such after the role, so the target's donation keeps no report.
    'Mutation.registrarInformePostDonacion': {
      query: `mutation ($id: ID!, $i: InformePostdonacionInput!) { registrarInformePostDonacion(donacionId: $id, informe: $i) { id } }`,
      variables: { id: target.donacionId, i: { informante: 'DONANTE', fecha: TODAY, descripcion: '' } },
    },
    'Mutation.updateResultadosDonacion': {
      query: `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
      variables: { id: target.donacionId, input: { abo: 'AB', rh: 'NEGATIVO' } },
    },
  };
}
