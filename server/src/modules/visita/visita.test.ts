/**
 * Visits against a real Postgres, over GraphQL and REST: the default questionnaire is the blank
 * form's; arrival, interview, a doctor's confirmation, signatures and the donation from the
 * visit; a deferring answer ends the visit 'No apto' with its deferral and a donation that day is
 * refused over both APIs; confidential answers are read only by ROL_MEDICO; every attendance is a
 * visit (a donation or a 'No apto' recorded without one makes it). The rules are unit-tested in
 * domain/entrevista.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { addDays, todayIso } from '../../domain/dates';
import { PREGUNTAS_PREDONACION } from '../../domain/entrevista';
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
const RESPUESTA = `preguntaId orden texto tipo confidencial valor difiere motivoCodigo`;
const VISITA = `id donanteId fecha hora estado declaracionFirmada testigoDeclaracion consentimientoFirmado
  testigoConsentimiento donacionId donacionNumero noAptoId motivoNoApto recibidoPor entrevistador confirmadaPor
  respuestas { ${RESPUESTA} } diferimiento { dias definitivo motivo }`;
const PREGUNTA = `id clave texto tipo confidencial orden activa difiereSi diferimientoDias definitivo motivoCodigo`;

type Respuesta = {
  preguntaId: string;
  texto: string;
  confidencial: boolean;
  valor: string | null;
  difiere: boolean | null;
  motivoCodigo: string | null;
};
type Visita = {
  id: string;
  donanteId: string;
  estado: string;
  donacionId: string | null;
  donacionNumero: number | null;
  noAptoId: string | null;
  motivoNoApto: string | null;
  recibidoPor: string | null;
  confirmadaPor: string | null;
  respuestas: Respuesta[];
  diferimiento: { dias: number; definitivo: boolean; motivo: string } | null;
};
type Pregunta = {
  id: string;
  clave: string;
  texto: string;
  tipo: string;
  confidencial: boolean;
  orden: number;
  activa: boolean;
  difiereSi: string | null;
  diferimientoDias: number;
  definitivo: boolean;
  motivoCodigo: string | null;
};

let server: TestServer;
let admin: Session;
let medico: Session;
let tecnico: Session;
let administrativo: Session;
let numeroSeq = 0;
let dniSeq = 45_000_000;

const error = (res: GqlResult) => ({
  code: res.errors?.[0].extensions?.code,
  message: res.errors?.[0].message,
});

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server);
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, admin.token));
  medico = await registerMember(server, admin, 'ROL_MEDICO');
  tecnico = await registerMember(server, admin, 'ROL_TECNICO');
  administrativo = await registerMember(server, admin, 'ROL_ADMINISTRATIVO');
});
afterAll(() => server.close());

async function donante(servicio = admin.servicio): Promise<string> {
  const id = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario)
     VALUES ($1, $2, 'Juana', 'Gómez', $3, '1990-05-10', 'Femenino', 'Buenos Aires', 'Argentina', 'Si')`,
    [id, servicio, String((dniSeq += 1))],
  );
  return id;
}

const cuestionario = async (s: Session = tecnico): Promise<Pregunta[]> =>
  ok(await server.gql<{ cuestionario: Pregunta[] }>(`{ cuestionario { ${PREGUNTA} } }`, {}, s.token))
    .cuestionario;

const iniciar = (donanteId: string, s: Session = administrativo) =>
  server.gql<{ iniciarVisita: Visita }>(
    `mutation ($d: ID!) { iniciarVisita(donanteId: $d) { ${VISITA} } }`,
    { d: donanteId },
    s.token,
  );

/** An answer to every active question that does not defer, but `difieren` (clave -> its deferring answer). */
async function respuestas(difieren: string[] = []): Promise<{ preguntaId: string; valor: string }[]> {
  return (await cuestionario())
    .filter((p) => p.activa)
    .map((p) => {
      const valor =
        p.tipo !== 'SI_NO'
          ? p.tipo === 'NUMERO'
            ? '1'
            : p.tipo === 'FECHA'
              ? TODAY
              : 'nada'
          : difieren.includes(p.clave)
            ? p.difiereSi!
            : p.difiereSi === 'SI'
              ? 'NO'
              : 'SI';
      return { preguntaId: p.id, valor };
    });
}

const responder = (visitaId: string, r: { preguntaId: string; valor: string }[], s: Session = tecnico) =>
  server.gql<{ responderEntrevista: Visita }>(
    `mutation ($v: ID!, $r: [RespuestaInput!]!) { responderEntrevista(visitaId: $v, respuestas: $r) { ${VISITA} } }`,
    { v: visitaId, r },
    s.token,
  );
const confirmar = (visitaId: string, s: Session = medico) =>
  server.gql<{ confirmarEntrevista: Visita }>(
    `mutation ($v: ID!) { confirmarEntrevista(visitaId: $v) { ${VISITA} } }`,
    { v: visitaId },
    s.token,
  );
const firmar = (visitaId: string, s: Session = tecnico) =>
  server.gql<{ registrarFirmas: Visita }>(
    `mutation ($v: ID!, $i: FirmasInput!) { registrarFirmas(visitaId: $v, input: $i) { ${VISITA} } }`,
    {
      v: visitaId,
      i: {
        declaracionFirmada: true,
        testigoDeclaracion: 'Lic. Ana Ruiz',
        consentimientoFirmado: true,
        testigoConsentimiento: 'Lic. Ana Ruiz',
      },
    },
    s.token,
  );
const visita = async (id: string, s: Session) =>
  ok(
    await server.gql<{ visita: Visita }>(
      `query ($id: ID!) { visita(id: $id) { ${VISITA} } }`,
      { id },
      s.token,
    ),
  ).visita;

const donar = (donanteId: string, visitaId?: string | null, s: Session = tecnico) =>
  server.gql<{ createDonacion: { id: string; numero: number } }>(
    `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id numero } }`,
    {
      input: {
        donanteId,
        numero: (numeroSeq += 1),
        fecha: TODAY,
        hora: '10:00',
        tipoBolsa: 'Bolsa Doble',
        loteBolsa: 'L1',
        donacionAferesis: false,
        plasmaCovid: false,
        ...(visitaId ? { visitaId } : {}),
      },
    },
    s.token,
  );

describe('the questionnaire', () => {
  it('starts as the blank interview form, in its order, with its deferrals', async () => {
    const preguntas = await cuestionario(administrativo);
    expect(preguntas.map((p) => p.texto)).toEqual(PREGUNTAS_PREDONACION.map((p) => p.texto));
    expect(preguntas.map(({ id: _id, ...p }) => p)).toEqual(PREGUNTAS_PREDONACION.map((p) => ({ ...p })));
    // Read again, it is the same questions (filled once).
    expect((await cuestionario(medico)).map((p) => p.id)).toEqual(preguntas.map((p) => p.id));
  });

  it('is changed by a doctor or the administrator only, audited; a past answer keeps its question', async () => {
    const visitaId = ok(await iniciar(await donante())).iniciarVisita.id;
    ok(await responder(visitaId, await respuestas()));
    const antes = await cuestionario();
    const entrada = antes.map(
      ({ id, texto, tipo, confidencial, activa, difiereSi, diferimientoDias, definitivo, motivoCodigo }) => ({
        id,
        texto,
        tipo,
        confidencial,
        activa,
        difiereSi,
        diferimientoDias,
        definitivo,
        motivoCodigo,
      }),
    );
    const update = (preguntas: unknown[], s: Session) =>
      server.gql<{ updateCuestionario: Pregunta[] }>(
        `mutation ($p: [PreguntaCuestionarioInput!]!) { updateCuestionario(preguntas: $p) { ${PREGUNTA} } }`,
        { p: preguntas },
        s.token,
      );
    const cambiada = [
      { ...entrada[0], texto: '¿Se siente bien hoy?' },
      ...entrada.slice(1),
      { texto: '¿Cuántas horas durmió?', tipo: 'NUMERO', confidencial: false, activa: true },
    ];
    for (const s of [tecnico, administrativo])
      expect(error(await update(cambiada, s)).code).toBe('FORBIDDEN');
    expect(
      error(await update([{ ...entrada[0], difiereSi: 'NO', diferimientoDias: 0 }], medico)).message,
    ).toBe(MSG.enteroEntre(1, 365));
    const despues = ok(await update(cambiada, medico)).updateCuestionario;
    expect(despues[0].texto).toBe('¿Se siente bien hoy?');
    expect(despues.at(-1)).toMatchObject({ clave: 'U01', tipo: 'NUMERO', orden: 30, activa: true });
    const [entry] = await server.dataSource.query(
      `SELECT cambios FROM auditoria WHERE servicio_id = $1 AND entidad = 'cuestionario' ORDER BY id DESC LIMIT 1`,
      [admin.servicio],
    );
    expect(Object.keys(entry.cambios).sort()).toEqual(['P01', 'U01']);
    expect((await visita(visitaId, medico)).respuestas[0].texto).toBe('¿Se siente bien de salud hoy?');
    // Back as it was (the new question deactivated), for the other tests.
    const restaurada = ok(await update(entrada, admin)).updateCuestionario;
    expect(restaurada.filter((p) => p.activa).map((p) => p.texto)).toEqual(
      PREGUNTAS_PREDONACION.map((p) => p.texto),
    );
  });
});

describe('a visit from arrival to donation', () => {
  it('records arrival, interview, the confirmation, the signatures, then the donation from it', async () => {
    const donanteId = await donante();
    const v = ok(await iniciar(donanteId)).iniciarVisita;
    expect(v).toMatchObject({
      donanteId,
      estado: 'EN_CURSO',
      respuestas: [],
      recibidoPor: expect.any(String),
    });
    expect(error(await iniciar(donanteId, tecnico)).message).toBe(MSG.visitaEnCurso);
    // A donation without the visit is refused while it is in progress (the interview comes first).
    expect(error(await donar(donanteId)).message).toBe(MSG.visitaEnCursoDonacion);
    expect(error(await donar(donanteId, v.id)).message).toBe(MSG.entrevistaSinConfirmar);
    expect(error(await confirmar(v.id)).message).toBe(MSG.entrevistaSinRespuestas);

    const incompletas = (await respuestas()).slice(1);
    expect(error(await responder(v.id, incompletas)).message).toBe(MSG.requerido);
    const respondida = ok(await responder(v.id, await respuestas())).responderEntrevista;
    expect(respondida.respuestas).toHaveLength(29);
    expect(respondida.diferimiento).toBeNull();

    for (const s of [tecnico, administrativo, admin])
      expect(error(await confirmar(v.id, s)).code).toBe('FORBIDDEN');
    const confirmada = ok(await confirmar(v.id)).confirmarEntrevista;
    expect(confirmada).toMatchObject({ estado: 'EN_CURSO', confirmadaPor: expect.any(String) });
    expect(error(await responder(v.id, await respuestas())).message).toBe(MSG.entrevistaYaConfirmada);

    expect(error(await donar(donanteId, v.id)).message).toBe(MSG.visitaSinFirmas);
    ok(await firmar(v.id));
    const otro = await donante();
    expect(error(await donar(otro, v.id)).message).toBe(MSG.visitaDeOtroDonante);
    const { createDonacion } = ok(await donar(donanteId, v.id));
    const terminada = await visita(v.id, tecnico);
    expect(terminada).toMatchObject({
      estado: 'DONACION',
      donacionId: createDonacion.id,
      donacionNumero: createDonacion.numero,
    });
    expect(error(await firmar(v.id)).message).toBe(MSG.visitaCerrada('Donó'));
  });

  it("a deferring answer ends the visit 'No apto' at the doctor's confirmation and refuses a donation over both APIs", async () => {
    const donanteId = await donante();
    const v = ok(await iniciar(donanteId)).iniciarVisita;
    // Fever in the last 2 weeks (P08): 14 days.
    const respondida = ok(await responder(v.id, await respuestas(['P08']))).responderEntrevista;
    expect(respondida.diferimiento).toEqual({
      dias: 14,
      definitivo: false,
      motivo: 'Entrevista predonación: INFECCION_RECIENTE',
    });
    const confirmada = ok(await confirmar(v.id)).confirmarEntrevista;
    expect(confirmada).toMatchObject({
      estado: 'NO_APTO',
      noAptoId: expect.any(String),
      motivoNoApto: 'Entrevista predonación: INFECCION_RECIENTE',
    });
    const [noApto] = await server.dataSource.query(
      `SELECT diferimiento_dias, definitivo, fecha::text AS fecha FROM visita_no_apto WHERE id = $1`,
      [confirmada.noAptoId],
    );
    expect(noApto).toEqual({ diferimiento_dias: 14, definitivo: false, fecha: TODAY });

    const refused = error(await donar(donanteId));
    expect(refused.code).toBe('BAD_USER_INPUT');
    expect(refused.message).toContain('Entrevista predonación: INFECCION_RECIENTE');
    const rest = await server.rest<{ errors?: { msg: string }[] }>(
      'POST',
      '/donacion/',
      {
        servicio: admin.servicio,
        donanteId,
        numero: (numeroSeq += 1),
        fecha: TODAY.replace(/-/g, ''),
        hora: '09:30',
        tipoBolsa: 'Bolsa Doble',
        loteBolsa: 'L-1',
      },
      tecnico.token,
    );
    expect(rest.status).toBe(400);
    expect(rest.body.errors?.[0].msg).toContain('Entrevista predonación: INFECCION_RECIENTE');
    const [{ n }] = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM donacion WHERE donante_id = $1`,
      [donanteId],
    );
    expect(n).toBe(0);
  });

  it('a definitive answer defers for good; the visit ends from the No apto form too, or abandoned', async () => {
    const a = await donante();
    const v = ok(await iniciar(a)).iniciarVisita;
    ok(await responder(v.id, await respuestas(['P15'])));
    expect(ok(await confirmar(v.id)).confirmarEntrevista.estado).toBe('NO_APTO');
    const [noApto] = await server.dataSource.query(
      `SELECT n.definitivo FROM visita_no_apto n JOIN visita v ON v.no_apto_id = n.id WHERE v.id = $1`,
      [v.id],
    );
    expect(noApto.definitivo).toBe(true);

    const b = await donante();
    const w = ok(await iniciar(b)).iniciarVisita;
    const cerrada = ok(
      await server.gql<{ cerrarVisitaNoApto: Visita }>(
        `mutation ($v: ID!, $i: CierreNoAptoInput!) { cerrarVisitaNoApto(visitaId: $v, input: $i) { ${VISITA} } }`,
        { v: w.id, i: { motivo: 'Hemoglobina baja', sv: { hb: 11 }, diferimientoDias: 30 } },
        tecnico.token,
      ),
    ).cerrarVisitaNoApto;
    expect(cerrada).toMatchObject({ estado: 'NO_APTO', motivoNoApto: 'Hemoglobina baja' });
    expect(error(await donar(b)).message).toContain('Hemoglobina baja');

    const c = await donante();
    const x = ok(await iniciar(c)).iniciarVisita;
    const abandonada = ok(
      await server.gql<{ abandonarVisita: Visita }>(
        `mutation ($v: ID!) { abandonarVisita(visitaId: $v) { estado } }`,
        { v: x.id },
        tecnico.token,
      ),
    ).abandonarVisita;
    expect(abandonada.estado).toBe('ABANDONADA');
    ok(await donar(c));
  });
});

describe('confidential answers', () => {
  it('are read only by ROL_MEDICO: the others see that there is an answer, not its value', async () => {
    const donanteId = await donante();
    const v = ok(await iniciar(donanteId)).iniciarVisita;
    // Injected drugs (P22): confidential, definitive.
    ok(await responder(v.id, await respuestas(['P22'])));
    const deMedico = await visita(v.id, medico);
    const p22 = deMedico.respuestas.find((r) => r.texto.startsWith('¿Usó alguna vez drogas'))!;
    expect(p22).toMatchObject({
      confidencial: true,
      valor: 'SI',
      difiere: true,
      motivoCodigo: 'DROGAS_INYECTABLES',
    });
    expect(deMedico.diferimiento).toMatchObject({
      definitivo: true,
      motivo: 'Entrevista predonación: respuesta confidencial',
    });
    for (const s of [admin, tecnico, administrativo]) {
      const vista = await visita(v.id, s);
      const oculta = vista.respuestas.find((r) => r.preguntaId === p22.preguntaId)!;
      expect(oculta).toMatchObject({ confidencial: true, valor: null, difiere: null, motivoCodigo: null });
      expect(vista.respuestas.filter((r) => r.confidencial).every((r) => r.valor === null)).toBe(true);
      expect(vista.respuestas.filter((r) => !r.confidencial).every((r) => r.valor !== null)).toBe(true);
      expect(vista.diferimiento).toBeNull();
      const { visitas } = ok(
        await server.gql<{ visitas: { items: Visita[] } }>(
          `{ visitas(page: { limit: 100 }) { items { id respuestas { ${RESPUESTA} } } } }`,
          {},
          s.token,
        ),
      );
      const enLista = visitas.items.find((i) => i.id === v.id)!;
      expect(enLista.respuestas.find((r) => r.preguntaId === p22.preguntaId)?.valor).toBeNull();
    }
    // The audit counts the answers, never copies them.
    const entradas = await server.dataSource.query(
      `SELECT cambios::text AS c FROM auditoria WHERE entidad = 'visita' AND entidad_id = $1`,
      [v.id],
    );
    expect(entradas.some((e: { c: string }) => e.c.includes('DROGAS'))).toBe(false);
    // Confirmed, the visit ends 'No apto' for good, its reason not naming the answer.
    expect(ok(await confirmar(v.id)).confirmarEntrevista).toMatchObject({
      estado: 'NO_APTO',
      motivoNoApto: 'Entrevista predonación: respuesta confidencial',
    });
  });
  it('are kept when someone who may not read them answers again without them', async () => {
    const donanteId = await donante();
    const v = ok(await iniciar(donanteId)).iniciarVisita;
    ok(await responder(v.id, await respuestas(['P22'])));
    const p22 = (await cuestionario()).find((p) => p.clave === 'P22')!;
    // The technician corrects the other answers and leaves out the one they cannot see.
    const sinP22 = (await respuestas()).filter((r) => r.preguntaId !== p22.id);
    ok(await responder(v.id, sinP22, tecnico));
    const deMedico = await visita(v.id, medico);
    expect(deMedico.respuestas.find((r) => r.preguntaId === p22.id)).toMatchObject({
      valor: 'SI',
      difiere: true,
    });
    // A doctor who leaves it out is told to answer it: the doctor reads it.
    expect(error(await responder(v.id, sinP22, medico)).code).toBe('BAD_USER_INPUT');
    expect((await visita(v.id, medico)).respuestas.find((r) => r.preguntaId === p22.id)?.valor).toBe('SI');
  });
});

describe('every attendance is a visit', () => {
  it("a donation or a 'No apto' recorded without a visit records one that ended so", async () => {
    const a = await donante();
    const { createDonacion } = ok(await donar(a));
    const b = await donante();
    const { registrarNoApto } = ok(
      await server.gql<{ registrarNoApto: { id: string } }>(
        `mutation ($input: NoAptoInput!) { registrarNoApto(input: $input) { id } }`,
        { input: { donanteId: b, fecha: TODAY, hora: '08:15', motivo: 'TA alta', diferimientoDias: 0 } },
        tecnico.token,
      ),
    );
    const de = async (donanteId: string) =>
      ok(
        await server.gql<{ visitas: { items: Visita[]; total: number } }>(
          `query ($d: ID) { visitas(donanteId: $d) { total items { ${VISITA} } } }`,
          { d: donanteId },
          tecnico.token,
        ),
      ).visitas;
    expect((await de(a)).items).toEqual([
      expect.objectContaining({ estado: 'DONACION', donacionId: createDonacion.id }),
    ]);
    expect((await de(b)).items).toEqual([
      expect.objectContaining({ estado: 'NO_APTO', noAptoId: registrarNoApto.id }),
    ]);
    // The day's list has them.
    const hoy = ok(
      await server.gql<{ visitas: { items: Visita[] } }>(
        `{ visitas(page: { limit: 100 }) { items { id donanteId } } }`,
        {},
        administrativo.token,
      ),
    ).visitas.items.map((v) => v.donanteId);
    expect(hoy).toEqual(expect.arrayContaining([a, b]));
  });

  it("lists a donor's visits of every day, newest first, paginated, and only the caller's servicio's", async () => {
    const donanteId = await donante();
    const { registrarNoApto } = ok(
      await server.gql<{ registrarNoApto: { id: string } }>(
        `mutation ($input: NoAptoInput!) { registrarNoApto(input: $input) { id } }`,
        {
          input: {
            donanteId,
            fecha: addDays(TODAY, -30),
            hora: '08:15',
            motivo: 'TA alta',
            diferimientoDias: 0,
          },
        },
        tecnico.token,
      ),
    );
    const { createDonacion } = ok(await donar(donanteId));
    const abandonada = ok(await iniciar(donanteId)).iniciarVisita;
    ok(
      await server.gql(
        `mutation ($v: ID!) { abandonarVisita(visitaId: $v) { estado } }`,
        { v: abandonada.id },
        tecnico.token,
      ),
    );
    // Earlier days, as if they had been recorded then (a visit is always opened today).
    await server.dataSource.query(`UPDATE visita SET fecha = $2 WHERE donacion_id = $1`, [
      createDonacion.id,
      addDays(TODAY, -5),
    ]);
    await server.dataSource.query(`UPDATE visita SET fecha = $2 WHERE id = $1`, [
      abandonada.id,
      addDays(TODAY, -10),
    ]);
    const abierta = ok(await iniciar(donanteId)).iniciarVisita;
    const de = async (d: string, page: { offset?: number; limit?: number }, s: Session = tecnico) =>
      ok(
        await server.gql<{ visitas: { items: Visita[]; total: number } }>(
          `query ($d: ID, $p: PageInput) { visitas(donanteId: $d, page: $p) { total items { ${VISITA} } } }`,
          { d, p: page },
          s.token,
        ),
      ).visitas;
    const primera = await de(donanteId, { limit: 2 });
    expect(primera.total).toBe(4);
    expect(primera.items).toEqual([
      expect.objectContaining({ id: abierta.id, estado: 'EN_CURSO', recibidoPor: expect.any(String) }),
      expect.objectContaining({ estado: 'DONACION', donacionNumero: createDonacion.numero }),
    ]);
    expect((await de(donanteId, { offset: 2, limit: 2 })).items).toEqual([
      expect.objectContaining({ id: abandonada.id, estado: 'ABANDONADA' }),
      expect.objectContaining({ estado: 'NO_APTO', noAptoId: registrarNoApto.id, motivoNoApto: 'TA alta' }),
    ]);
    // Another servicio gives nothing of this donor; an id that is none is the donor not found.
    const otro = await registerServicio(server);
    expect(await de(donanteId, {}, otro)).toEqual({ total: 0, items: [] });
    const res = await server.gql(`query { visitas(donanteId: "x") { total } }`, {}, tecnico.token);
    expect(error(res)).toEqual({ code: 'NOT_FOUND', message: MSG.donanteNoEncontrado });
  });

  it("another servicio's visits are not found", async () => {
    const otro = await registerServicio(server);
    const v = ok(await iniciar(await donante())).iniciarVisita;
    const res = await server.gql(`query ($id: ID!) { visita(id: $id) { id } }`, { id: v.id }, otro.token);
    expect(error(res)).toEqual({ code: 'NOT_FOUND', message: MSG.visitaNoEncontrada });
    expect(error(await iniciar(await donante(), otro)).message).toBe(MSG.donanteNoEncontrado);
  });
});

describe('REST', () => {
  it('runs the visit and refuses confidential answers to every role but ROL_MEDICO', async () => {
    const donanteId = await donante();
    const creada = await server.rest<VisitaRest>('POST', '/visita', { donanteId }, administrativo.token);
    expect(creada.status).toBe(200);
    const id = creada.body.id;
    const preguntas = await server.rest<Pregunta[]>('GET', '/cuestionario', undefined, tecnico.token);
    expect(preguntas.body.filter((p) => p.activa).map((p) => p.texto)).toEqual(
      PREGUNTAS_PREDONACION.map((p) => p.texto),
    );
    const respuestasRest = preguntas.body
      .filter((p) => p.activa)
      .map((p) => ({
        preguntaId: p.id,
        valor: p.clave === 'P22' ? 'si' : p.difiereSi === 'SI' ? 'no' : 'si',
      }));
    const respondida = await server.rest<VisitaRest>(
      'POST',
      `/visita/${id}/entrevista`,
      { respuestas: respuestasRest },
      tecnico.token,
    );
    expect(respondida.status).toBe(200);
    const p22 = (v: VisitaRest) => v.respuestas.find((r) => r.texto.startsWith('¿Usó alguna vez drogas'))!;
    expect(p22(respondida.body)).toMatchObject({ valor: null, difiere: null, motivoCodigo: null });
    for (const s of [admin, tecnico, administrativo]) {
      const leida = await server.rest<VisitaRest>('GET', `/visita/${id}`, undefined, s.token);
      expect(p22(leida.body)).toMatchObject({ confidencial: true, valor: null, difiere: null });
      const lista = await server.rest<{ items: VisitaRest[] }>(
        'GET',
        `/visita?donanteId=${donanteId}`,
        undefined,
        s.token,
      );
      expect(p22(lista.body.items[0]).valor).toBeNull();
      expect(JSON.stringify(leida.body)).not.toContain('DROGAS_INYECTABLES');
    }
    const deMedico = await server.rest<VisitaRest>('GET', `/visita/${id}`, undefined, medico.token);
    expect(p22(deMedico.body)).toMatchObject({
      valor: 'SI',
      difiere: true,
      motivoCodigo: 'DROGAS_INYECTABLES',
    });

    const noMedico = await server.rest('POST', `/visita/${id}/confirmar`, undefined, tecnico.token);
    expect(noMedico.status).toBe(403);
    const confirmada = await server.rest<VisitaRest>(
      'POST',
      `/visita/${id}/confirmar`,
      undefined,
      medico.token,
    );
    expect(confirmada.body).toMatchObject({
      estado: 'NO_APTO',
      motivoNoApto: 'Entrevista predonación: respuesta confidencial',
    });
    const otra = await server.rest<{ errors: { msg: string }[] }>(
      'POST',
      `/visita/${id}/firmas`,
      { declaracionFirmada: true, consentimientoFirmado: false },
      tecnico.token,
    );
    expect(otra).toEqual({
      status: 400,
      body: { errors: [expect.objectContaining({ msg: MSG.visitaCerrada('No apto') })] },
    });
  });

  it('ends a visit in a donation from POST /donacion with its visitaId', async () => {
    const donanteId = await donante();
    const { id } = (await server.rest<VisitaRest>('POST', '/visita', { donanteId }, tecnico.token)).body;
    ok(await responder(id, await respuestas()));
    expect((await server.rest('POST', `/visita/${id}/confirmar`, undefined, medico.token)).status).toBe(200);
    const firmas = await server.rest<VisitaRest>(
      'POST',
      `/visita/${id}/firmas`,
      {
        declaracionFirmada: true,
        testigoDeclaracion: 'Ana',
        consentimientoFirmado: 'true',
        testigoConsentimiento: 'Ana',
      },
      tecnico.token,
    );
    expect(firmas.body).toMatchObject({ declaracionFirmada: true, consentimientoFirmado: true });
    const res = await server.rest(
      'POST',
      '/donacion/',
      {
        servicio: admin.servicio,
        donanteId,
        visitaId: id,
        numero: (numeroSeq += 1),
        fecha: TODAY.replace(/-/g, ''),
        hora: '09:30',
        tipoBolsa: 'Bolsa Doble',
        loteBolsa: 'L-1',
      },
      tecnico.token,
    );
    expect(res.status).toBe(200);
    const terminada = await server.rest<VisitaRest>('GET', `/visita/${id}`, undefined, tecnico.token);
    expect(terminada.body).toMatchObject({ estado: 'DONACION', donacionNumero: numeroSeq });
  });
});

type VisitaRest = Omit<Visita, 'recibidoPor' | 'confirmadaPor'>;
