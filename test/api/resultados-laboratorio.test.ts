/**
 * The laboratory's steps over REST (POST /api/donacion/:id/tamizaje, /repeticion, /confirmatorio,
 * /retipificacion): the same input rules and services as the GraphQL mutations, the donation
 * record with its per-marker results in the answer. The steps' rules are tested with GraphQL in
 * server/src/modules/donacion/resultados.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { MSG } from '../../server/src/domain/messages';
import { MARCADORES_NACIONALES } from '../../server/src/domain/resultados';
import {
  registerServicio,
  Session,
  startTestServer,
  TestServer,
  ok,
} from '../../server/src/test-utils/harness';
import { compacta, iso } from './helpers';

jest.setTimeout(90_000);

type Resultado = Record<string, unknown> & { marcador: string; estado: string; etapa: string };
type Answer = Record<string, unknown> & { _id: string; resultados: Resultado[]; errors?: unknown };

let server: TestServer;
let admin: Session;
let medico: string;
let tecnico: string;
let tecnicoUid: string;
let numeroSeq = 0;
let dniSeq = 52_000_000;

/** A member of `servicio` (by its admin's token) with `rol`, signed in: their token and id. */
async function member(rol: string, adminToken = admin.token): Promise<{ token: string; uid: string }> {
  const username = `${rol.slice(4).toLowerCase()}_${randomUUID().slice(0, 8)}`;
  const creado = ok(
    await server.gql<{ createIntegrante: { integrante: { id: string } } }>(
      `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
      {
        input: {
          nombre: 'Ana',
          apellido: rol,
          username,
          password: 'clave-segura',
          password2: 'clave-segura',
          rol,
        },
      },
      adminToken,
    ),
  );
  const login = ok(
    await server.gql<{ login: { token: string } }>(
      `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
      { input: { username, password: 'clave-segura' } },
    ),
  );
  return { token: login.login.token, uid: creado.createIntegrante.integrante.id };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server);
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, admin.token));
  medico = (await member('ROL_MEDICO')).token;
  ({ token: tecnico, uid: tecnicoUid } = await member('ROL_TECNICO'));
});
afterAll(() => server.close());

/** A donor with one donation of today, no results loaded. */
async function donacion(): Promise<{ id: string; donanteId: string }> {
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
          fecha: iso(0),
          hora: '10:00',
          tipoBolsa: 'Bolsa Doble',
          loteBolsa: 'L1',
        },
      },
      admin.token,
    ),
  );
  return { id: res.createDonacion.id, donanteId };
}

const post = (path: string, body: unknown, token = tecnico) => server.rest<Answer>('POST', path, body, token);

const filas = (id: string) =>
  server.dataSource.query(
    `SELECT marcador, estado, tecnica, fecha::text AS fecha, repeticion1, repeticion2,
       confirmatorio_resultado AS "confirmatorioResultado", confirmatorio_laboratorio AS "confirmatorioLaboratorio"
     FROM resultado WHERE donacion_id = $1 ORDER BY marcador`,
    [id],
  );
const donacionFila = async (id: string) =>
  (
    await server.dataSource.query(
      `SELECT abo, rh, serologia, grupo_discordante AS "grupoDiscordante",
         grupo_retipificado_por AS "grupoRetipificadoPor" FROM donacion WHERE id = $1`,
      [id],
    )
  )[0];
const de = (a: Answer, marcador: string) => a.resultados.find((r) => r.marcador === marcador)!;

const TAMIZAJE = { marcador: 'HIV', estado: 'REACTIVO', tecnica: 'ELISA', fecha: compacta(0) };
const REPETICION = { marcador: 'HIV', primera: 'REACTIVO', segunda: 'REACTIVO', fecha: iso(0) };
const CONFIRMATORIO = {
  marcador: 'HIV',
  resultado: 'NEGATIVO',
  tecnica: 'Western blot',
  fecha: iso(0),
  laboratorio: 'Laboratorio de referencia',
};

/** A donation flagged for a blood group that differs from the donor's earlier donations. */
async function discordante(): Promise<string> {
  const d = await donacion();
  await server.dataSource.query(
    `UPDATE donacion SET abo = 'A', rh = 'POSITIVO', grupo_discordante = true WHERE id = $1`,
    [d.id],
  );
  return d.id;
}

describe('the laboratory steps over REST', () => {
  it('screening, repeat and confirmatory answer the donation with its results, and write them', async () => {
    const d = await donacion();
    const tamizaje = await post(`/donacion/${d.id}/tamizaje`, TAMIZAJE);
    expect(tamizaje.status).toBe(200);
    expect(tamizaje.body).toMatchObject({ _id: d.id, uid: d.donanteId });
    // One result per marker of the panel, the national screening when the servicio added no NAT.
    expect(tamizaje.body.resultados.map((r) => r.marcador)).toEqual([...MARCADORES_NACIONALES]);
    expect(de(tamizaje.body, 'HIV')).toMatchObject({
      nombre: 'HIV 1/2',
      estado: 'REACTIVO',
      etapa: 'REPETIR',
      signo: '(+)',
      tecnica: 'ELISA',
      fecha: iso(0),
      registradoPor: tecnicoUid,
      repeticion1: null,
    });
    expect(de(tamizaje.body, 'HCV')).toMatchObject({ estado: 'NO_REALIZADO', etapa: 'SIN_REALIZAR' });
    expect(JSON.parse(tamizaje.body.serologia as string)).toMatchObject({ hiv: true });
    expect(await filas(d.id)).toEqual([
      {
        marcador: 'HIV',
        estado: 'REACTIVO',
        tecnica: 'ELISA',
        fecha: iso(0),
        repeticion1: null,
        repeticion2: null,
        confirmatorioResultado: null,
        confirmatorioLaboratorio: null,
      },
    ]);

    const repeticion = await post(`/donacion/${d.id}/repeticion`, REPETICION);
    expect(repeticion.status).toBe(200);
    expect(de(repeticion.body, 'HIV')).toMatchObject({
      repeticion1: 'REACTIVO',
      repeticion2: 'REACTIVO',
      repeticionFecha: iso(0),
      etapa: 'REPETIDAMENTE_REACTIVO',
    });
    expect(await filas(d.id)).toMatchObject([{ repeticion1: 'REACTIVO', repeticion2: 'REACTIVO' }]);

    const confirmatorio = await post(`/donacion/${d.id}/confirmatorio`, CONFIRMATORIO);
    expect(confirmatorio.status).toBe(200);
    expect(de(confirmatorio.body, 'HIV')).toMatchObject({
      confirmatorioResultado: 'NEGATIVO',
      confirmatorioLaboratorio: 'Laboratorio de referencia',
      etapa: 'CONFIRMADO_NEGATIVO',
    });
    expect(await filas(d.id)).toMatchObject([
      { confirmatorioResultado: 'NEGATIVO', confirmatorioLaboratorio: 'Laboratorio de referencia' },
    ]);
  });

  it('a NAT marker the servicio added is part of the panel in the answer', async () => {
    const d = await donacion();
    await server.dataSource.query(`UPDATE servicio SET marcadores_adicionales = '{NAT_HIV}' WHERE id = $1`, [
      admin.servicio,
    ]);
    try {
      const res = await post(`/donacion/${d.id}/tamizaje`, {
        marcador: 'NAT_HIV',
        estado: 'NO_REACTIVO',
        fecha: iso(0),
      });
      expect(res.status).toBe(200);
      expect(res.body.resultados.map((r) => r.marcador)).toEqual([...MARCADORES_NACIONALES, 'NAT_HIV']);
      expect(de(res.body, 'NAT_HIV')).toMatchObject({ estado: 'NO_REACTIVO', etapa: 'NO_REACTIVO' });
    } finally {
      await server.dataSource.query(`UPDATE servicio SET marcadores_adicionales = '{}' WHERE id = $1`, [
        admin.servicio,
      ]);
    }
  });

  it('a doctor or a technician re-types a flagged donation: the group is kept and the flag ends', async () => {
    const id = await discordante();
    const res = await post(`/donacion/${id}/retipificacion`, { abo: 'o', rh: '+' }, medico);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: id, abo: 'O', rh: 'POSITIVO', grupoYFactor: 'O+' });
    expect(res.body.resultados).toHaveLength(MARCADORES_NACIONALES.length);
    expect(await donacionFila(id)).toMatchObject({ abo: 'O', rh: 'POSITIVO', grupoDiscordante: false });
    expect((await donacionFila(id)).grupoRetipificadoPor).toEqual(expect.any(String));
  });
});

describe('who may call them', () => {
  it("a network's account gets 403 from every step, and nothing changes", async () => {
    const redUser = `red_${randomUUID().slice(0, 8)}`;
    const red = ok(
      await server.gql<{ register: { token: string } }>(
        `mutation ($input: RegisterInput!) { register(input: $input) { token } }`,
        {
          input: {
            nombre: 'Red Regional',
            username: redUser,
            email: `${redUser}@salud.test`,
            password: 'clave-segura',
            password2: 'clave-segura',
            rol: 'ROL_RED',
          },
        },
      ),
    ).register.token;
    const id = await discordante();
    for (const [paso, body] of [
      ['tamizaje', TAMIZAJE],
      ['repeticion', REPETICION],
      ['confirmatorio', CONFIRMATORIO],
      ['retipificacion', { abo: 'O', rh: 'POSITIVO' }],
    ] as const) {
      const res = await post(`/donacion/${id}/${paso}`, body, red);
      expect({ paso, status: res.status, body: res.body }).toEqual({
        paso,
        status: 403,
        body: { errors: [{ msg: MSG.redSoloIndicadores }] },
      });
    }
    expect(await filas(id)).toEqual([]);
    expect(await donacionFila(id)).toMatchObject({ abo: 'A', grupoDiscordante: true });
  });

  it('only a doctor or a technician re-types: the servicio and an administrative get 403', async () => {
    const id = await discordante();
    const administrativo = (await member('ROL_ADMINISTRATIVO')).token;
    for (const token of [admin.token, administrativo]) {
      const res = await post(`/donacion/${id}/retipificacion`, { abo: 'O', rh: 'POSITIVO' }, token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ errors: [{ msg: MSG.soloMedicoTecnicoGrupo }] });
    }
    expect(await donacionFila(id)).toMatchObject({ abo: 'A', grupoDiscordante: true });
  });

  it("another servicio's donation is not found by any step", async () => {
    const otro = await registerServicio(server);
    const otroMedico = (await member('ROL_MEDICO', otro.token)).token;
    const id = await discordante();
    for (const [paso, body] of [
      ['tamizaje', TAMIZAJE],
      ['repeticion', REPETICION],
      ['confirmatorio', CONFIRMATORIO],
      ['retipificacion', { abo: 'O', rh: 'POSITIVO' }],
    ] as const) {
      const res = await post(`/donacion/${id}/${paso}`, body, otroMedico);
      expect({ paso, status: res.status }).toEqual({ paso, status: 404 });
      expect((res.body.errors as unknown[]).length).toBe(1);
    }
    // Nor a path that is no donation id.
    expect((await post(`/donacion/no-es-un-id/tamizaje`, TAMIZAJE)).status).toBe(404);
    expect(await filas(id)).toEqual([]);
    expect(await donacionFila(id)).toMatchObject({ abo: 'A', grupoDiscordante: true });
  });
});

describe('bad input', () => {
  it('is refused in Spanish, naming the field, and changes nothing', async () => {
    const d = await donacion();
    const casos: [string, unknown, { msg: string; param?: string }[]][] = [
      ['tamizaje', { ...TAMIZAJE, marcador: 'XYZ' }, [{ msg: MSG.marcadorFueraDelPanel, param: 'marcador' }]],
      [
        'tamizaje',
        { ...TAMIZAJE, marcador: 'NAT_HIV' },
        [{ msg: MSG.marcadorFueraDelPanel, param: 'marcador' }],
      ],
      ['tamizaje', { ...TAMIZAJE, estado: { $ne: 1 } }, [{ msg: MSG.valorNoPermitido, param: 'estado' }]],
      ['tamizaje', { ...TAMIZAJE, estado: 'POSITIVO' }, [{ msg: MSG.valorNoPermitido, param: 'estado' }]],
      ['tamizaje', { ...TAMIZAJE, fecha: undefined }, [{ msg: MSG.requerido, param: 'fecha' }]],
      ['tamizaje', { ...TAMIZAJE, fecha: iso(-1) }, [{ msg: MSG.resultadoFechaFutura, param: 'fecha' }]],
      ['tamizaje', [TAMIZAJE], [{ msg: MSG.datosInvalidos }]],
      ['repeticion', REPETICION, [{ msg: MSG.repeticionNoCorresponde, param: 'marcador' }]],
      ['confirmatorio', CONFIRMATORIO, [{ msg: MSG.confirmatorioNoCorresponde, param: 'marcador' }]],
      [
        'confirmatorio',
        { ...CONFIRMATORIO, laboratorio: ' ' },
        [{ msg: MSG.requerido, param: 'laboratorio' }],
      ],
      ['retipificacion', { abo: 'O' }, [{ msg: MSG.requerido, param: 'rh' }]],
      [
        'retipificacion',
        { abo: 'O', rh: 'POSITIVO' },
        [{ msg: MSG.retipificacionNoCorresponde, param: 'abo' }],
      ],
    ];
    for (const [paso, body, errors] of casos) {
      const res = await post(`/donacion/${d.id}/${paso}`, body, medico);
      expect({ paso, body, status: res.status, errors: res.body.errors }).toEqual({
        paso,
        body,
        status: 400,
        errors,
      });
    }
    expect(await filas(d.id)).toEqual([]);
    expect(await donacionFila(d.id)).toMatchObject({ abo: '', serologia: null, grupoDiscordante: false });
  });

  it('a text longer than the GraphQL input allows is refused the same way', async () => {
    const d = await donacion();
    const res = await post(`/donacion/${d.id}/tamizaje`, { ...TAMIZAJE, tecnica: 'x'.repeat(201) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { msg: expect.stringMatching(/tecnica|caracteres/i), param: 'tecnica' },
    ]);
    expect(await filas(d.id)).toEqual([]);
  });
});

describe('the panel over REST: POST /auth/opciones/panel', () => {
  const panelDe = async (servicio: string) =>
    (
      await server.dataSource.query(`SELECT marcadores_adicionales FROM servicio WHERE id = $1`, [servicio])
    )[0].marcadores_adicionales;

  it('the administrator sets the NAT tests; the answer is the panel, the row and the audit follow', async () => {
    const s = await registerServicio(server);
    const res = await server.rest(
      'POST',
      '/auth/opciones/panel',
      { marcadores: ['nat hbv', 'NAT_HIV'] },
      s.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      marcadoresAdicionales: ['NAT_HIV', 'NAT_HBV'],
      panel: [...MARCADORES_NACIONALES, 'NAT_HIV', 'NAT_HBV'],
    });
    expect(await panelDe(s.servicio)).toEqual(['NAT_HIV', 'NAT_HBV']);
    const [entrada] = await server.dataSource.query(
      `SELECT cambios FROM auditoria WHERE entidad = 'servicio' AND entidad_id = $1 AND cambios ? 'panelResultados'`,
      [s.servicio],
    );
    expect(entrada.cambios.panelResultados).toEqual(['Ninguna', 'NAT HIV, NAT HBV']);
    const vacio = await server.rest(
      'POST',
      '/auth/opciones/panel',
      { uid: s.servicio, marcadores: [] },
      s.token,
    );
    expect(vacio.body).toEqual({ marcadoresAdicionales: [], panel: [...MARCADORES_NACIONALES] });
  });

  it('staff and networks get 403, another servicio 403, bad input a Spanish 400; nothing changes', async () => {
    const s = await registerServicio(server);
    const otro = await registerServicio(server);
    const medicoOtro = (await member('ROL_MEDICO', s.token)).token;
    const res403 = await server.rest('POST', '/auth/opciones/panel', { marcadores: ['NAT_HIV'] }, medicoOtro);
    expect(res403.status).toBe(403);
    const ajeno = await server.rest(
      'POST',
      '/auth/opciones/panel',
      { uid: s.servicio, marcadores: ['NAT_HIV'] },
      otro.token,
    );
    expect(ajeno.status).toBe(403);
    for (const [body, errors] of [
      [
        { marcadores: ['HIV'] },
        [{ msg: MSG.marcadorAdicionalNoPermitido('NAT HIV, NAT HCV, NAT HBV'), param: 'marcadores' }],
      ],
      [
        { marcadores: [{ a: 1 }] },
        [{ msg: MSG.marcadorAdicionalNoPermitido('NAT HIV, NAT HCV, NAT HBV'), param: 'marcadores' }],
      ],
      [{ marcadores: 'NAT_HIV' }, [{ msg: MSG.requerido, param: 'marcadores' }]],
      [{}, [{ msg: MSG.requerido, param: 'marcadores' }]],
    ] as const) {
      const res = await server.rest('POST', '/auth/opciones/panel', body, s.token);
      expect({ body, status: res.status, errors: (res.body as Answer).errors }).toEqual({
        body,
        status: 400,
        errors,
      });
    }
    expect(await panelDe(s.servicio)).toEqual([]);
    expect(await panelDe(otro.servicio)).toEqual([]);
  });
});
