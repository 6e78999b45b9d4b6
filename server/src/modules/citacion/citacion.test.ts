/**
 * The call-back list and post-donation reports against a real Postgres, over GraphQL and REST: a
 * reactive result puts the donor on the list (once), a confirmatory negative closes it, a
 * confirmed positive turns it into one to tell the donor; attempts, appointment, attendance and
 * closure; the reason, what was told and the referral only for a doctor; a post-donation report
 * discards the donation's units not dispatched. The rules are unit-tested in
 * domain/citacion.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { todayIso } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import {
  GqlResult,
  registerMember,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
  ok,
} from '../../test-utils/harness';

jest.setTimeout(120_000);

const TODAY = todayIso();
const CAMPOS = `id donanteId donacionId motivo detalle motivoTexto estado cita informado derivacion motivoCierre
  intentos { fecha medio resultado registradoPor } donante { id citacionPendiente }`;
const LISTA = `query ($f: FiltroCitaciones) { citaciones(filtro: $f, page: { limit: 100 }) { total items { ${CAMPOS} } } }`;
const SEROLOGIA_NEGATIVA = {
  hiv: false,
  hepB: false,
  hepC: false,
  vdrl: false,
  brucelosis: false,
  chagas: false,
  htlv: false,
};

type Cit = {
  id: string;
  donanteId: string;
  donacionId: string | null;
  motivo: string | null;
  detalle: string | null;
  motivoTexto: string;
  estado: string;
  cita: string | null;
  informado: string | null;
  derivacion: string | null;
  motivoCierre: string | null;
  intentos: { fecha: string; medio: string; resultado: string | null; registradoPor: string | null }[];
  donante: { id: string; citacionPendiente: boolean };
};

let server: TestServer;
let admin: Session;
let medico: Session;
let tecnico: Session;
let administrativo: Session;
let numeroSeq = 0;
let dniSeq = 44_000_000;

const codeOf = (res: GqlResult) => res.errors?.[0].extensions?.code;

const member = (rol: string): Promise<Session> => registerMember(server, admin, rol);

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server);
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, admin.token));
  medico = await member('ROL_MEDICO');
  tecnico = await member('ROL_TECNICO');
  administrativo = await member('ROL_ADMINISTRATIVO');
});
afterAll(() => server.close());

async function donacion(tipoBolsa = 'Bolsa Doble'): Promise<{ id: string; donanteId: string }> {
  const donanteId = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario)
     VALUES ($1, $2, 'Juan', 'Pérez', $3, '1990-05-10', 'Masculino', 'Buenos Aires', 'Argentina', 'Si')`,
    [donanteId, admin.servicio, String((dniSeq += 1))],
  );
  const res = ok(
    await server.gql<{ createDonacion: { id: string } }>(
      `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
      {
        input: {
          donanteId,
          numero: (numeroSeq += 1),
          fecha: TODAY,
          hora: '10:00',
          tipoBolsa,
          loteBolsa: 'L1',
          donacionAferesis: false,
          plasmaCovid: false,
        },
      },
      admin.token,
    ),
  );
  return { id: res.createDonacion.id, donanteId };
}

const paso = (query: string, input: Record<string, unknown>, token = tecnico.token) =>
  server.gql(query, input, token).then(ok);
const reactivo = (id: string, marcador = 'HIV') =>
  paso(
    `mutation ($id: ID!, $input: TamizajeInput!) { registrarTamizaje(donacionId: $id, input: $input) { id } }`,
    { id, input: { marcador, estado: 'REACTIVO', fecha: TODAY, tecnica: 'ELISA' } },
  );
const repeticion = (id: string, marcador = 'HIV') =>
  paso(
    `mutation ($id: ID!, $input: RepeticionInput!) { registrarRepeticion(donacionId: $id, input: $input) { id } }`,
    { id, input: { marcador, primera: 'REACTIVO', segunda: 'REACTIVO', fecha: TODAY, tecnica: 'ELISA' } },
  );
const confirmatorio = (id: string, resultado: string, marcador = 'HIV') =>
  paso(
    `mutation ($id: ID!, $input: ConfirmatorioInput!) { registrarConfirmatorio(donacionId: $id, input: $input) { id } }`,
    {
      id,
      input: { marcador, resultado, tecnica: 'Western blot', fecha: TODAY, laboratorio: 'Referencia' },
    },
  );

async function citacionesDe(donanteId: string, token = medico.token): Promise<Cit[]> {
  const { citaciones } = ok(await server.gql<{ citaciones: { items: Cit[] } }>(LISTA, { f: {} }, token));
  return citaciones.items.filter((c) => c.donanteId === donanteId);
}

describe('automatic entries from the laboratory results', () => {
  it('a reactive result puts the donor on the list once; a confirmatory negative closes it', async () => {
    const d = await donacion();
    await reactivo(d.id);
    await reactivo(d.id, 'HCV');
    let [c, ...otras] = await citacionesDe(d.donanteId);
    expect(otras).toEqual([]);
    expect(c).toMatchObject({
      motivo: 'RESULTADO_REACTIVO_CONFIRMATORIO',
      donacionId: d.id,
      estado: 'PENDIENTE',
      donante: { id: d.donanteId, citacionPendiente: true },
    });
    // The repeats and the confirmatory negatives of both markers: closed, with that reason.
    for (const m of ['HIV', 'HCV']) await repeticion(d.id, m);
    await confirmatorio(d.id, 'NEGATIVO', 'HIV');
    expect((await citacionesDe(d.donanteId))[0].estado).toBe('PENDIENTE');
    await confirmatorio(d.id, 'NEGATIVO', 'HCV');
    [c, ...otras] = await citacionesDe(d.donanteId);
    expect(otras).toEqual([]);
    expect(c).toMatchObject({
      estado: 'CERRADA',
      motivoCierre: MSG.cierreConfirmatorioNegativo,
      donante: { citacionPendiente: false },
    });
    // Audited in the results' transaction: the opening and the closure.
    const entradas = await server.dataSource.query(
      `SELECT accion, cambios FROM auditoria WHERE entidad = 'citacion' AND entidad_id = $1 ORDER BY id`,
      [c.id],
    );
    expect(entradas.map((e: { accion: string }) => e.accion)).toEqual(['crear', 'editar']);
  });

  it('a confirmed positive turns the call into one to tell the donor', async () => {
    const d = await donacion();
    await reactivo(d.id);
    await repeticion(d.id);
    await confirmatorio(d.id, 'POSITIVO');
    const cs = await citacionesDe(d.donanteId);
    expect(cs.map((c) => [c.motivo, c.estado])).toEqual([['RESULTADO_CONFIRMADO', 'PENDIENTE']]);
  });

  it('the spec booleans written reactive open it too, and written back negative close it', async () => {
    const d = await donacion();
    const booleanos = (serologia: Record<string, boolean>) =>
      paso(
        `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
        { id: d.id, input: { serologia } },
        medico.token,
      );
    await booleanos({ ...SEROLOGIA_NEGATIVA, chagas: true });
    expect((await citacionesDe(d.donanteId)).map((c) => c.estado)).toEqual(['PENDIENTE']);
    // A doctor's correction: a milder deferral takes a reason (the lift), given in the input.
    ok(
      await server.gql(
        `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
        { id: d.id, input: { serologia: SEROLOGIA_NEGATIVA, motivo: 'Error de carga' } },
        medico.token,
      ),
    );
    expect((await citacionesDe(d.donanteId)).map((c) => [c.estado, c.motivoCierre])).toEqual([
      ['CERRADA', MSG.cierreSinReactivo],
    ]);
  });
});

describe('the reason is a doctor’s', () => {
  it('other roles see only that a call is due, over GraphQL and REST', async () => {
    const d = await donacion();
    await reactivo(d.id);
    const [delMedico] = await citacionesDe(d.donanteId);
    for (const s of [admin, tecnico, administrativo]) {
      const [c] = await citacionesDe(d.donanteId, s.token);
      expect(c).toMatchObject({
        id: delMedico.id,
        motivo: null,
        detalle: null,
        donacionId: null,
        motivoTexto: MSG.citacionPendiente,
        estado: 'PENDIENTE',
      });
      const lista = await server.rest<{ items: Record<string, unknown>[] }>(
        'GET',
        '/citacion?abiertas=true&limit=100',
        undefined,
        s.token,
      );
      expect(lista.status).toBe(200);
      const propia = lista.body.items.find((i) => i.id === delMedico.id);
      expect(propia).toMatchObject({ motivo: null, donacionId: null, motivoTexto: MSG.citacionPendiente });
      const una = await server.rest<Record<string, unknown>>(
        'GET',
        `/citacion/${delMedico.id}`,
        undefined,
        s.token,
      );
      expect(una.body).toMatchObject({ motivo: null, detalle: null, informado: null });
    }
    const rest = await server.rest<Record<string, unknown>>(
      'GET',
      `/citacion/${delMedico.id}`,
      undefined,
      medico.token,
    );
    expect(rest.body).toMatchObject({ motivo: 'RESULTADO_REACTIVO_CONFIRMATORIO', donacionId: d.id });
  });

  it('attempts and appointments by anyone; attendance and closure by a doctor only', async () => {
    const d = await donacion();
    const creada = ok(
      await server.gql<{ crearCitacion: Cit }>(
        `mutation ($d: ID!) { crearCitacion(donanteId: $d, motivo: OTRO, detalle: "Hemoglobina baja") { ${CAMPOS} } }`,
        { d: d.donanteId },
        medico.token,
      ),
    ).crearCitacion;
    expect(creada).toMatchObject({ motivo: 'OTRO', detalle: 'Hemoglobina baja', estado: 'PENDIENTE' });
    const id = creada.id;
    const intento = await server.gql<{ registrarIntentoCitacion: Cit }>(
      `mutation ($id: ID!, $i: IntentoCitacionInput!) { registrarIntentoCitacion(id: $id, intento: $i) { ${CAMPOS} } }`,
      { id, i: { fecha: TODAY, medio: 'TELEFONO', resultado: 'No contesta' } },
      administrativo.token,
    );
    expect(ok(intento).registrarIntentoCitacion).toMatchObject({
      detalle: null,
      intentos: [
        {
          fecha: TODAY,
          medio: 'TELEFONO',
          resultado: 'No contesta',
          registradoPor: 'Ana ROL_ADMINISTRATIVO',
        },
      ],
    });
    const rest = await server.rest('POST', `/citacion/${id}/cita`, { fecha: TODAY }, administrativo.token);
    expect(rest).toMatchObject({ status: 200, body: { estado: 'CITADO', cita: TODAY } });
    // Another role may not record the attendance nor close it (403 / FORBIDDEN), nothing changes.
    expect(
      (await server.rest('POST', `/citacion/${id}/cerrar`, { motivo: 'Listo' }, administrativo.token)).status,
    ).toBe(403);
    expect(
      codeOf(
        await server.gql(
          `mutation ($id: ID!) { cerrarCitacion(id: $id, motivo: "Listo") { id } }`,
          { id },
          admin.token,
        ),
      ),
    ).toBe('FORBIDDEN');
    const asistio = await server.rest(
      'POST',
      `/citacion/${id}/asistencia`,
      { informado: 'Se le explicó el valor', derivacion: 'Clínica médica' },
      medico.token,
    );
    expect(asistio).toMatchObject({
      status: 200,
      body: { estado: 'ASISTIO', informado: 'Se le explicó el valor', derivacion: 'Clínica médica' },
    });
    const cerrada = ok(
      await server.gql<{ cerrarCitacion: Cit }>(
        `mutation ($id: ID!) { cerrarCitacion(id: $id, motivo: "Informado y derivado") { ${CAMPOS} } }`,
        { id },
        medico.token,
      ),
    ).cerrarCitacion;
    expect(cerrada).toMatchObject({ estado: 'CERRADA', donante: { citacionPendiente: false } });
    // Closed: nothing more (a clear Spanish error, no change).
    const tarde = await server.rest('POST', `/citacion/${id}/cita`, { fecha: TODAY }, medico.token);
    expect(tarde).toMatchObject({ status: 400, body: { errors: [{ msg: MSG.citacionCerrada }] } });
  });
});

describe('post-donation information', () => {
  it('blocks the units not dispatched, keeps the text from other roles, and is the doctor’s or the administrator’s', async () => {
    const d = await donacion('Bolsa Triple');
    ok(
      await server.gql(
        `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
        { id: d.id, input: { abo: 'O', rh: 'POSITIVO', serologia: SEROLOGIA_NEGATIVA } },
        tecnico.token,
      ),
    );
    const unidades = ok(
      await server.gql<{ fraccionarDonacion: { id: string; tipo: string }[] }>(
        `mutation ($id: ID!) { fraccionarDonacion(donacionId: $id) { id tipo } }`,
        { id: d.id },
        tecnico.token,
      ),
    ).fraccionarDonacion;
    const [gr, pf, pq] = unidades.map((u) => u.id);
    ok(
      await server.gql(
        `mutation ($id: ID!) { liberarComponente(id: $id) { id } }`,
        { id: gr },
        tecnico.token,
      ),
    );
    ok(
      await server.gql(
        `mutation ($id: ID!) { liberarComponente(id: $id) { id } }`,
        { id: pq },
        tecnico.token,
      ),
    );
    // Dispatch is another module's: the unit is marked dispatched as it would leave.
    await server.dataSource.query(`UPDATE componente SET estado = 'DESPACHADO' WHERE id = $1`, [pq]);

    const informe = { informante: 'DONANTE', fecha: TODAY, descripcion: 'Fiebre y diarrea al día siguiente' };
    expect(
      (await server.rest('POST', `/donacion/${d.id}/informe-postdonacion`, informe, tecnico.token)).status,
    ).toBe(403);
    const malo = await server.rest(
      'POST',
      `/donacion/${d.id}/informe-postdonacion`,
      { ...informe, descripcion: ' ' },
      medico.token,
    );
    expect(malo).toMatchObject({
      status: 400,
      body: { errors: [{ msg: MSG.requerido, param: 'descripcion' }] },
    });
    const res = await server.rest('POST', `/donacion/${d.id}/informe-postdonacion`, informe, medico.token);
    expect(res).toMatchObject({
      status: 200,
      body: { componentesBloqueados: 2, descripcion: informe.descripcion },
    });

    const estados = await server.dataSource.query(
      `SELECT id, estado, motivo_descarte FROM componente WHERE donacion_id = $1`,
      [d.id],
    );
    const de = (id: string) => estados.find((e: { id: string }) => e.id === id);
    expect([de(gr), de(pf), de(pq)].map((e) => [e.estado, e.motivo_descarte])).toEqual([
      ['DESCARTADO', 'INFORME_POSTDONACION'],
      ['DESCARTADO', 'INFORME_POSTDONACION'],
      ['DESPACHADO', null],
    ]);

    const LEER = `query ($id: ID!) { donacion(id: $id) { informesPostDonacion { informante fecha descripcion componentesBloqueados registradoPor } } }`;
    const delAdministrativo = ok(
      await server.gql<{ donacion: { informesPostDonacion: Record<string, unknown>[] } }>(
        LEER,
        { id: d.id },
        administrativo.token,
      ),
    ).donacion.informesPostDonacion;
    expect(delAdministrativo).toEqual([
      {
        informante: 'DONANTE',
        fecha: TODAY,
        descripcion: null,
        componentesBloqueados: 2,
        registradoPor: 'Ana ROL_MEDICO',
      },
    ]);
    const delAdmin = ok(
      await server.gql<{ donacion: { informesPostDonacion: Record<string, unknown>[] } }>(
        LEER,
        { id: d.id },
        admin.token,
      ),
    ).donacion.informesPostDonacion;
    expect(delAdmin[0].descripcion).toBe(informe.descripcion);
    expect(
      codeOf(
        await server.gql(
          `mutation ($id: ID!, $i: InformePostdonacionInput!) { registrarInformePostDonacion(donacionId: $id, informe: $i) { id } }`,
          { id: d.id, i: informe },
          administrativo.token,
        ),
      ),
    ).toBe('FORBIDDEN');
  });
});
