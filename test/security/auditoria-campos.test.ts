/**
 * Every key an audit entry can hold is shown in words. A servicio does everything the product
 * audits (donors and their CPH data, donations and results, a reactive result lifted, 'No apto'
 * visits, a merge, restores, staff and passwords, options, rules, the label format and numbers,
 * API keys, a network joined, looked up through, renamed and left), and then every entry written
 * reads, through the Auditoría screen's own function (domain/campos.ts cambiosAuditoria), with
 * no field left as its stored key ('hb', 'diferimientoDias', 'origenId'...).
 */
import { addDays } from '../../server/src/domain/dates';
import { cambiosAuditoria, campoLabel } from '../../server/src/domain/campos';
import { registerServicio, startTestServer, TestServer } from '../../server/src/test-utils/harness';
import {
  CREATE_DONACION,
  CREATE_DONANTE,
  donacionInput,
  donanteInput,
  nextDni,
  ok,
  PASSWORD,
  seedWorld,
  TODAY,
  World,
} from './fixtures';

jest.setTimeout(120_000);

let server: TestServer;
let a: World;
let b: World;

type Entrada = { entidad: string; accion: string; cambios: Record<string, unknown> };

const gql = async <T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown>,
  token: string,
) => ok(await server.gql<T>(query, variables, token));

beforeAll(async () => {
  server = await startTestServer();
  a = await seedWorld(server, 'Campos');
  b = await seedWorld(server, 'Vecino');
  const t = a.admin.token;
  const medico = a.members.ROL_MEDICO.token;

  // A donor's every field and its CPH data changed.
  await gql(
    `mutation ($id: ID!, $input: DonanteInput!) { updateDonante(id: $id, input: $input) { id } }`,
    {
      id: a.donanteId,
      input: donanteInput({
        dni: a.donanteDni,
        nombre: 'Otro',
        apellido: 'Nombre',
        fechaNacimiento: '1980-01-02',
        sexo: 'Femenino',
        domActual: 'Calle',
        domActualAltura: '12',
        domActualPiso: '3',
        domActualDepto: 'B',
        localidadActual: 'Lugar',
        ProvinciaActual: 'Córdoba',
        domDni: 'Otra 1',
        localidadDni: 'Otro',
        codPostal: '5000',
        telefono: '351 1',
        telefono2: '351 2',
        email: 'a@b.test',
        lugarNacimiento: 'Allí',
        ProvinciaNacimiento: 'Salta',
        nacionalidad: 'Chilena',
        ocupacion: 'Docente',
        convocado: true,
        donacionAferesis: true,
        donacionAnterior: true,
        esVoluntario: 'No',
        cph: {
          establecimientoLaboral: 'Escuela',
          telefonoLaboral: '1',
          emailLaboral: 'e@b.test',
          contacto1: { Nombre: 'A', Apellido: 'B', Telefono: '2', Relacion: 'Hija', Email: 'c@b.test' },
          contacto2: { Nombre: 'C', Apellido: 'D', Telefono: '3', Relacion: 'Hijo', Email: 'd@b.test' },
        },
      }),
    },
    t,
  );
  // A reactive result and its exclusion, by a doctor, then lifted with a reason.
  await gql(
    `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
    {
      id: a.donacionId,
      input: {
        abo: 'A',
        rh: 'NEGATIVO',
        serologia: { hiv: true },
        exclusionDefinitiva: 'Temporal',
        exclusionTiempo: 30,
        exclusionCodigo: 'X1',
      },
    },
    medico,
  );
  await gql(
    `mutation ($d: ID!, $o: ID!, $m: String!) { levantarDiferimiento(donanteId: $d, origenId: $o, motivo: $m) { id } }`,
    { d: a.donanteId, o: a.donacionId, m: 'Falso positivo confirmado' },
    medico,
  );
  // 'No apto' visits with every vital sign, one for good.
  const otro = (await gql<{ createDonante: { id: string } }>(CREATE_DONANTE, { input: donanteInput() }, t))
    .createDonante;
  for (const definitivo of [false, true]) {
    await gql(
      `mutation ($input: NoAptoInput!) { registrarNoApto(input: $input) { id } }`,
      {
        input: {
          donanteId: otro.id,
          fecha: TODAY,
          hora: '08:00',
          motivo: 'Hemoglobina baja',
          diferimientoDias: definitivo ? undefined : 30,
          definitivo,
          sv: { tas: 100, tad: 60, fc: 70, peso: 60, temp: 36.5, hb: 11, hto: 33 },
        },
      },
      medico,
    );
  }
  // Two records with the same digits told apart, then two records of one person merged.
  const dni = nextDni();
  const x = (
    await gql<{ createDonante: { id: string } }>(CREATE_DONANTE, { input: donanteInput({ dni }) }, t)
  ).createDonante;
  const y = (
    await gql<{ createDonante: { id: string } }>(
      CREATE_DONANTE,
      { input: donanteInput({ dni: `${dni}X` }) },
      t,
    )
  ).createDonante;
  await gql(
    `mutation ($a: ID!, $b: ID!) { registrarPersonasDistintas(donanteAId: $a, donanteBId: $b, motivo: "Pasaporte") }`,
    { a: x.id, b: y.id },
    t,
  );
  const z = (await gql<{ createDonante: { id: string } }>(CREATE_DONANTE, { input: donanteInput() }, t))
    .createDonante;
  await gql(CREATE_DONACION, { input: donacionInput(z.id, { fecha: addDays(TODAY, -200) }) }, t);
  await gql(
    `mutation ($c: ID!, $e: ID!) { fusionarDonantes(conservarId: $c, eliminarId: $e) { donacionesMovidas } }`,
    { c: x.id, e: z.id },
    t,
  );
  // Restores of a deleted donor and a deleted donation.
  await gql(`mutation ($id: ID!) { restaurarDonante(id: $id) { id } }`, { id: a.donanteDeletedId }, t);
  await gql(`mutation ($id: ID!) { restaurarDonacion(id: $id) { id } }`, { id: a.donacionDeletedId }, t);
  // Staff: edited, a password set, deleted; the administrator's own password changed.
  const m = a.members.ROL_ADMINISTRATIVO;
  await gql(
    `mutation ($id: ID!, $input: IntegranteUpdateInput!) { updateIntegrante(id: $id, input: $input) { message } }`,
    {
      id: m.id,
      input: {
        nombre: 'N',
        apellido: 'A',
        matricula: 'MP 1',
        email: 'm@b.test',
        telefono: '1',
        agentecph: false,
        rol: 'ROL_TECNICO',
      },
    },
    t,
  );
  await gql(
    `mutation ($id: ID!, $input: IntegrantePasswordInput!) { setIntegrantePassword(id: $id, input: $input) { message } }`,
    { id: m.id, input: { newPassword: 'otra-clave-2', newPassword2: 'otra-clave-2' } },
    t,
  );
  await gql(`mutation ($id: ID!) { deleteIntegrante(id: $id) { message } }`, { id: m.id }, t);
  await gql(
    `mutation ($input: PasswordChangeInput!) { changePassword(input: $input) { message } }`,
    { input: { oldPassword: PASSWORD, newPassword: 'clave-nueva-9', newPassword2: 'clave-nueva-9' } },
    t,
  );
  // Options, rules, the label format and numbers, an API key revoked.
  const admin2 = (
    await gql<{ login: { token: string } }>(
      `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
      { input: { username: a.username, password: 'clave-nueva-9' } },
      '',
    )
  ).login.token;
  await gql(
    `mutation ($input: OpcionesInput!) { updateOpciones(input: $input) { message } }`,
    { input: { nombre: a.nombre, direccion: 'Calle 1', email: 'h@b.test', telefono: '1' } },
    admin2,
  );
  await gql(
    `mutation ($input: ReglasDonacionInput!) { updateReglasDonacion(input: $input) { id } }`,
    { input: { semanasEntreDonaciones: 10, limiteAnualHombres: 3, limiteAnualMujeres: 2 } },
    admin2,
  );
  await gql(
    `mutation ($input: FormatoEtiquetasInput!) { updateFormatoEtiquetas(input: $input) { id } }`,
    { input: { formato: 'IMPRESORA', anchoMm: 62, altoMm: 29 } },
    admin2,
  );
  await gql(`mutation { updatePanelResultados(marcadores: [NAT_HIV]) { id } }`, {}, admin2);
  // Components: a shelf life and a facility code set; a unit released, one discarded by hand and
  // the released one discarded by a reactive result.
  await gql(`mutation { updateVidaUtilComponente(tipo: PLAQUETAS, dias: 4) { dias } }`, {}, admin2);
  const sinUnidades = await registerServicio(server);
  await gql(
    `mutation ($c: String!) { updateCodigoInstalacion(codigo: $c) { id } }`,
    { c: `K${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}` },
    sinUnidades.token,
  );
  await gql(
    `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
    {
      id: a.donacionFraccionadaId,
      input: {
        abo: 'O',
        rh: 'POSITIVO',
        serologia: {
          hiv: false,
          hepB: false,
          hepC: false,
          vdrl: false,
          brucelosis: false,
          chagas: false,
          htlv: false,
        },
      },
    },
    medico,
  );
  await gql(`mutation ($id: ID!) { liberarComponente(id: $id) { id } }`, { id: a.componenteId }, medico);
  const unidades = (
    await gql<{ donacion: { componentes: { id: string }[] } }>(
      `query ($id: ID!) { donacion(id: $id) { componentes { id } } }`,
      { id: a.donacionFraccionadaId },
      medico,
    )
  ).donacion.componentes;
  await gql(
    `mutation ($id: ID!) { descartarComponente(id: $id, motivo: OTRO, detalle: "Etiqueta ilegible") { id } }`,
    { id: unidades.find((u) => u.id !== a.componenteId)!.id },
    medico,
  );
  await gql(
    `mutation ($id: ID!, $input: TamizajeInput!) { registrarTamizaje(donacionId: $id, input: $input) { id } }`,
    { id: a.donacionFraccionadaId, input: { marcador: 'HIV', estado: 'REACTIVO', fecha: TODAY } },
    medico,
  );
  await gql(`mutation ($d: ID) { nextEtiquetaNumero(donanteId: $d) }`, { d: y.id }, admin2);
  await gql(`mutation ($id: ID!) { revocarClaveApi(id: $id) { id } }`, { id: a.claveApiId }, admin2);
  // The network: B joins A's, A's records are looked up from B, A's name is approved, B is removed.
  await gql(`mutation { salirDeRed { id } }`, {}, b.admin.token);
  await gql(`mutation ($c: String!) { unirseARed(codigo: $c) { id } }`, { c: a.red.codigo }, b.admin.token);
  const gemelo = (
    await gql<{ createDonante: { id: string } }>(
      CREATE_DONANTE,
      { input: donanteInput({ dni: a.donanteDni }) },
      b.admin.token,
    )
  ).createDonante;
  await server.gql(CREATE_DONACION, { input: donacionInput(gemelo.id) }, b.admin.token);
  await gql(
    `mutation ($id: ID!) { aprobarNombreMiembro(servicioId: $id, nombre: "Hospital Vecino") { id } }`,
    { id: b.admin.servicio },
    a.red.token,
  );
  await gql(`mutation { renovarCodigoInvitacion { id } }`, {}, a.red.token);
  await gql(
    `mutation ($id: ID!) { quitarMiembroDeRed(servicioId: $id) { id } }`,
    { id: b.admin.servicio },
    a.red.token,
  );
});
afterAll(() => server.close());

/** A field as stored: an identifier starting in lower case ('hb', 'diferimientoDias', 'clave_api'). */
const CLAVE_CRUDA = /^[a-z][A-Za-z0-9_]*$/;

test('every field of every audit entry reads in words, never as its stored key', async () => {
  const entradas: Entrada[] = await server.dataSource.query(
    `SELECT entidad, accion, cambios FROM auditoria ORDER BY id`,
  );
  const tipos = new Set(entradas.map((e) => `${e.entidad} ${e.accion}`));
  // The scenario reached every kind of entry the product writes.
  for (const tipo of [
    'donante crear',
    'donante editar',
    'donante eliminar',
    'donante restaurar',
    'donante fusionar',
    'donante levantar',
    'donacion crear',
    'donacion editar',
    'donacion eliminar',
    'donacion restaurar',
    'visita_no_apto crear',
    'usuario crear',
    'usuario editar',
    'usuario clave',
    'usuario eliminar',
    'servicio crear',
    'servicio editar',
    'red crear',
    'red editar',
    'red consultar',
    'etiqueta crear',
    'etiqueta editar',
    'clave_api crear',
    'clave_api revocar',
    'componente crear',
    'componente editar',
  ]) {
    expect({ tipo, escrito: tipos.has(tipo) }).toEqual({ tipo, escrito: true });
  }
  const crudas = new Set<string>();
  for (const e of entradas) {
    for (const linea of cambiosAuditoria(e.entidad, e.accion, e.cambios)) {
      for (const parte of linea.campo.split(' · ')) {
        if (CLAVE_CRUDA.test(parte)) crudas.add(`${e.entidad}.${parte} (${e.accion})`);
      }
    }
  }
  expect([...crudas].sort()).toEqual([]);
});

test('the keys named in the complaint read as the forms call them', () => {
  expect(campoLabel('visita_no_apto', 'hb')).toBe('Hemoglobina');
  expect(campoLabel('visita_no_apto', 'tad')).toBe('TAD');
  expect(campoLabel('visita_no_apto', 'diferimientoDias')).toBe('Diferir por');
  expect(campoLabel('donante', 'origenId')).toBe('Registro de origen');
  expect(
    cambiosAuditoria('visita_no_apto', 'crear', {
      hb: [null, 11],
      tad: [null, 60],
      diferimientoDias: [null, 30],
      definitivo: [null, false],
    }).map((c) => `${c.campo}: ${c.despues}`),
  ).toEqual(['Hemoglobina: 11 g/dl', 'TAD: 60 mmHg', 'Diferir por: 30 días', 'Diferimiento definitivo: No']);
  expect(
    cambiosAuditoria('donante', 'levantar', { origen: 'donacion', motivo: 'Falso positivo' }).map(
      (c) => `${c.campo}: ${c.despues}`,
    ),
  ).toEqual(['Origen del diferimiento: Donación', 'Motivo: Falso positivo']);
});
