/**
 * Laboratory results per marker over both APIs against a real Postgres: each state and step
 * (screening, repeat in duplicate, confirmatory, both outcomes), who may take the decisions they
 * lead to, the spec's boolean `serologia` as a view of them, and the audit trail. The rules are
 * unit-tested in domain/resultados.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { addDays, todayIso } from '../../domain/dates';
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

jest.setTimeout(90_000);

const TODAY = todayIso();

const RESULTADOS_FIELDS = `id serologia { hiv hepB hepC vdrl brucelosis chagas htlv } serologiaConfirmada
  anticuerposIrregulares anticuerpo
  resultados { marcador nombre estado tecnica fecha registradoPor repeticion1 repeticion2 repeticionFecha
    confirmatorioResultado confirmatorioTecnica confirmatorioLaboratorio confirmatorioFecha etapa signo }`;
const GET = `query ($id: ID!) { donacion(id: $id) { ${RESULTADOS_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: ResultadosDonacionInput!) {
  updateResultadosDonacion(id: $id, input: $input) { message donacion { ${RESULTADOS_FIELDS} } }
}`;
const TAMIZAJE = `mutation ($id: ID!, $input: TamizajeInput!) {
  registrarTamizaje(donacionId: $id, input: $input) { ${RESULTADOS_FIELDS} }
}`;
const REPETICION = `mutation ($id: ID!, $input: RepeticionInput!) {
  registrarRepeticion(donacionId: $id, input: $input) { ${RESULTADOS_FIELDS} }
}`;
const CONFIRMATORIO = `mutation ($id: ID!, $input: ConfirmatorioInput!) {
  registrarConfirmatorio(donacionId: $id, input: $input) { ${RESULTADOS_FIELDS} }
}`;
const ELEGIBILIDAD = `query ($id: ID!) { donante(id: $id) {
  elegibilidad { puedeDonar diferimientos { origenId tipo texto } }
} }`;
const LEVANTAR = `mutation ($donanteId: ID!, $origenId: ID!, $motivo: String!) {
  levantarDiferimiento(donanteId: $donanteId, origenId: $origenId, motivo: $motivo) { id puedeDonar }
}`;

type Resultado = {
  marcador: string;
  estado: string;
  tecnica: string | null;
  fecha: string | null;
  registradoPor: string | null;
  repeticion1: string | null;
  repeticion2: string | null;
  confirmatorioResultado: string | null;
  etapa: string;
  signo: string;
};
type DonacionResultados = {
  id: string;
  serologia: Record<string, boolean> | null;
  serologiaConfirmada: boolean;
  anticuerposIrregulares: string;
  anticuerpo: string | null;
  resultados: Resultado[];
};

let server: TestServer;
let admin: Session;
let medico: Session;
let tecnico: Session;
let numeroSeq = 0;
let dniSeq = 41_000_000;

const errorsOf = (res: GqlResult) => res.errors?.[0].extensions?.errors;
const codeOf = (res: GqlResult) => res.errors?.[0].extensions?.code;

const member = (rol: string): Promise<Session> => registerMember(server, admin, rol);

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server);
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, admin.token));
  medico = await member('ROL_MEDICO');
  tecnico = await member('ROL_TECNICO');
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
          fecha: TODAY,
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

const leer = async (id: string) =>
  ok(await server.gql<{ donacion: DonacionResultados }>(GET, { id }, admin.token)).donacion;
const leerCon = async (id: string, token = admin.token) =>
  ok(await server.gql<{ donacion: DonacionResultados }>(GET, { id }, token)).donacion;
const de = (d: DonacionResultados, marcador: string) => d.resultados.find((r) => r.marcador === marcador)!;
const tamizaje = (id: string, input: Record<string, unknown>, token = tecnico.token) =>
  server.gql<{ registrarTamizaje: DonacionResultados }>(TAMIZAJE, { id, input }, token);
const repeticion = (id: string, input: Record<string, unknown>, token = tecnico.token) =>
  server.gql<{ registrarRepeticion: DonacionResultados }>(REPETICION, { id, input }, token);
const confirmatorio = (id: string, input: Record<string, unknown>, token = tecnico.token) =>
  server.gql<{ registrarConfirmatorio: DonacionResultados }>(CONFIRMATORIO, { id, input }, token);
const elegibilidad = async (donanteId: string) =>
  ok(
    await server.gql<{
      donante: {
        elegibilidad: {
          puedeDonar: boolean;
          diferimientos: { origenId: string; tipo: string; texto: string }[];
        };
      };
    }>(ELEGIBILIDAD, { id: donanteId }, admin.token),
  ).donante.elegibilidad;

const REACTIVO_HIV = { marcador: 'HIV', estado: 'REACTIVO', tecnica: 'ELISA 4ta gen', fecha: TODAY };
const CONFIRMA = (resultado: string) => ({
  marcador: 'HIV',
  resultado,
  tecnica: 'Western blot',
  fecha: TODAY,
  laboratorio: 'Laboratorio de referencia',
});

/** A donation whose HIV screening was reactive and repeated reactive. */
async function repetidamenteReactiva() {
  const d = await donacion();
  ok(await tamizaje(d.id, REACTIVO_HIV));
  ok(await repeticion(d.id, { marcador: 'HIV', primera: 'REACTIVO', segunda: 'NO_REACTIVO', fecha: TODAY }));
  return d;
}

// The figures below read the rows, not only the answers.
const filas = (id: string) =>
  server.dataSource.query(`SELECT marcador, estado FROM resultado WHERE donacion_id = $1 ORDER BY marcador`, [
    id,
  ]);

describe('the panel and not tested', () => {
  it('lists the national screening not tested on a donation never loaded, with no boolean view', async () => {
    const d = await donacion();
    const leida = await leer(d.id);
    expect(leida.serologia).toBeNull();
    expect(leida.resultados.map((r) => r.marcador)).toEqual([
      'HIV',
      'HBSAG',
      'ANTI_HBC',
      'HCV',
      'HTLV',
      'CHAGAS',
      'SIFILIS',
      'BRUCELOSIS',
    ]);
    expect(leida.resultados.every((r) => r.estado === 'NO_REALIZADO' && r.signo === 'sin realizar')).toBe(
      true,
    );
    expect(leida.anticuerposIrregulares).toBe('');
    expect(await filas(d.id)).toEqual([]);
  });

  it('keeps a marker not tested apart while the others are non-reactive', async () => {
    const d = await donacion();
    ok(await tamizaje(d.id, { marcador: 'HCV', estado: 'NO_REACTIVO', tecnica: 'ELISA', fecha: TODAY }));
    const leida = await leer(d.id);
    expect(de(leida, 'HCV')).toMatchObject({
      estado: 'NO_REACTIVO',
      signo: '(-)',
      tecnica: 'ELISA',
      fecha: TODAY,
    });
    expect(de(leida, 'HCV').registradoPor).toBe(tecnico.uid);
    expect(de(leida, 'HIV')).toMatchObject({ estado: 'NO_REALIZADO', etapa: 'SIN_REALIZAR' });
    // The spec's view: booleans; not tested reads false there.
    expect(leida.serologia).toMatchObject({ hepC: false, hiv: false });
    const [{ serologia_realizada }] = await server.dataSource.query(
      `SELECT serologia_realizada FROM donacion WHERE id = $1`,
      [d.id],
    );
    expect(serologia_realizada).toEqual(['hepC']);
  });

  it('records an indeterminate result, printed as indeterminado, awaiting its repeat', async () => {
    const d = await donacion();
    const r = ok(
      await tamizaje(d.id, { marcador: 'CHAGAS', estado: 'INDETERMINADO', tecnica: 'HAI', fecha: TODAY }),
    );
    expect(de(r.registrarTamizaje, 'CHAGAS')).toMatchObject({ etapa: 'REPETIR', signo: 'indeterminado' });
    expect(r.registrarTamizaje.serologia?.chagas).toBe(true);
  });
});

describe("the spec's booleans", () => {
  it('a boolean written is a screening of today; hepB is HBsAg and anti-HBc; they read back the same', async () => {
    const d = await donacion();
    const r = ok(
      await server.gql<{ updateResultadosDonacion: { donacion: DonacionResultados } }>(
        UPDATE,
        { id: d.id, input: { serologia: { hepB: true, vdrl: false } } },
        tecnico.token,
      ),
    ).updateResultadosDonacion.donacion;
    expect(r.serologia).toEqual({
      hiv: false,
      hepB: true,
      hepC: false,
      vdrl: false,
      brucelosis: false,
      chagas: false,
      htlv: false,
    });
    expect(de(r, 'HBSAG')).toMatchObject({
      estado: 'REACTIVO',
      fecha: TODAY,
      etapa: 'REPETIR',
      signo: '(+)',
    });
    expect(de(r, 'ANTI_HBC')).toMatchObject({ estado: 'REACTIVO', fecha: TODAY });
    expect(de(r, 'HIV')).toMatchObject({ estado: 'NO_REACTIVO', fecha: TODAY, signo: '(-)' });
    // REST reads the same booleans back as the spec's JSON string.
    const rest = await server.rest<[{ serologia: string }]>(
      'GET',
      `/donacion/${d.id}`,
      undefined,
      admin.token,
    );
    expect(JSON.parse(rest.body[0].serologia)).toEqual(r.serologia);
  });

  it('hepB reads reactive when either HBsAg or anti-HBc is', async () => {
    const d = await donacion();
    for (const marcador of ['HIV', 'HBSAG', 'HCV', 'HTLV', 'CHAGAS', 'SIFILIS', 'BRUCELOSIS'])
      ok(await tamizaje(d.id, { marcador, estado: 'NO_REACTIVO', fecha: TODAY }));
    expect((await leer(d.id)).serologia?.hepB).toBe(false);
    ok(await tamizaje(d.id, { marcador: 'ANTI_HBC', estado: 'REACTIVO', fecha: TODAY }));
    expect((await leer(d.id)).serologia?.hepB).toBe(true);
  });

  it('REST writes the JSON string as screenings of today; an unchanged marker keeps its tests', async () => {
    const d = await donacion();
    ok(
      await tamizaje(d.id, {
        marcador: 'HIV',
        estado: 'NO_REACTIVO',
        tecnica: 'ELISA',
        fecha: addDays(TODAY, -1),
      }),
    );
    const res = await server.rest<{ donacion: { serologia: string }; message: string }>(
      'PUT',
      `/donacion/${d.id}/donante/${d.donanteId}`,
      { serologia: '{"hiv":false,"chagas":true}' },
      tecnico.token,
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.donacion.serologia)).toMatchObject({ hiv: false, chagas: true, hepC: false });
    const leida = await leer(d.id);
    // HIV was already non-reactive: its technique and date stay.
    expect(de(leida, 'HIV')).toMatchObject({
      estado: 'NO_REACTIVO',
      tecnica: 'ELISA',
      fecha: addDays(TODAY, -1),
    });
    expect(de(leida, 'CHAGAS')).toMatchObject({ estado: 'REACTIVO', fecha: TODAY, tecnica: null });
  });

  it('records irregular antibodies, with the antibody when positive', async () => {
    const d = await donacion();
    const sin = await server.gql(
      UPDATE,
      { id: d.id, input: { anticuerposIrregulares: 'POSITIVO' } },
      tecnico.token,
    );
    expect(errorsOf(sin)).toEqual([{ field: 'anticuerpo', msg: MSG.anticuerpoRequerido }]);
    const r = ok(
      await server.gql<{ updateResultadosDonacion: { donacion: DonacionResultados } }>(
        UPDATE,
        { id: d.id, input: { anticuerposIrregulares: 'POSITIVO', anticuerpo: 'anti-K' } },
        tecnico.token,
      ),
    ).updateResultadosDonacion.donacion;
    expect(r).toMatchObject({ anticuerposIrregulares: 'POSITIVO', anticuerpo: 'anti-K' });
    const mal = await server.gql(
      UPDATE,
      { id: d.id, input: { anticuerposIrregulares: 'QUIZAS' } },
      tecnico.token,
    );
    expect(errorsOf(mal)).toEqual([{ field: 'anticuerposIrregulares', msg: MSG.valorNoPermitido }]);
  });
});

describe('screening, repeat and confirmatory', () => {
  it('a reactive screening asks for a repeat and holds the donor; a repeat non-reactive clears it', async () => {
    const d = await donacion();
    const r = ok(await tamizaje(d.id, REACTIVO_HIV)).registrarTamizaje;
    expect(de(r, 'HIV')).toMatchObject({ estado: 'REACTIVO', etapa: 'REPETIR', signo: '(+)' });
    expect((await elegibilidad(d.donanteId)).puedeDonar).toBe(false);
    // A technician records the repeat: negative in duplicate is the laboratory's finding.
    const rep = ok(
      await repeticion(d.id, {
        marcador: 'HIV',
        primera: 'NO_REACTIVO',
        segunda: 'NO_REACTIVO',
        fecha: TODAY,
      }),
    ).registrarRepeticion;
    expect(de(rep, 'HIV')).toMatchObject({ etapa: 'NO_REACTIVO', signo: '(-)', repeticion1: 'NO_REACTIVO' });
    expect(rep.serologia?.hiv).toBe(false);
    expect((await elegibilidad(d.donanteId)).diferimientos).toEqual([]);
  });

  it('repeatedly reactive defers the donor and asks for the confirmatory test', async () => {
    const d = await repetidamenteReactiva();
    const leida = await leer(d.id);
    expect(de(leida, 'HIV')).toMatchObject({ etapa: 'REPETIDAMENTE_REACTIVO', signo: '(+)' });
    const e = await elegibilidad(d.donanteId);
    expect(e.puedeDonar).toBe(false);
    expect(e.diferimientos).toEqual([expect.objectContaining({ origenId: d.id, tipo: 'Pendiente' })]);
  });

  it('a confirmatory positive makes the deferral definitive: no one lifts it', async () => {
    const d = await repetidamenteReactiva();
    const r = ok(await confirmatorio(d.id, CONFIRMA('POSITIVO'))).registrarConfirmatorio;
    expect(r.serologiaConfirmada).toBe(true);
    expect(de(r, 'HIV')).toMatchObject({ etapa: 'CONFIRMADO_POSITIVO', confirmatorioResultado: 'POSITIVO' });
    const e = await elegibilidad(d.donanteId);
    expect(e.diferimientos).toEqual([expect.objectContaining({ origenId: d.id, tipo: 'Definitiva' })]);
    for (const token of [medico.token, admin.token]) {
      const lift = await server.gql(
        LEVANTAR,
        { donanteId: d.donanteId, origenId: d.id, motivo: 'Error' },
        token,
      );
      expect(lift.errors?.[0].message).toBe(MSG.confirmadoNoSeLevanta);
    }
    // Nor by writing the boolean back to negative.
    const back = await server.gql(
      UPDATE,
      { id: d.id, input: { serologia: { hiv: false }, motivo: 'Corrección' } },
      medico.token,
    );
    expect(back.errors?.[0].message).toBe(MSG.confirmadoNoSeLevanta);
    expect((await leer(d.id)).serologiaConfirmada).toBe(true);
    // The lists say so too: the donation's deferral is definitive, and no longer awaits a doctor.
    const lista = ok(
      await server.gql<{ donacion: { diferimiento: { tipo: string } | null } }>(
        `query ($id: ID!) { donacion(id: $id) { diferimiento { tipo } } }`,
        { id: d.id },
        medico.token,
      ),
    );
    expect(lista.donacion.diferimiento?.tipo).toBe('Definitiva');
    const cola = ok(
      await server.gql<{ pendientesDecision: { items: { donacionId: string }[] } }>(
        `{ pendientesDecision { items { donacionId } } }`,
        {},
        medico.token,
      ),
    );
    expect(cola.pendientesDecision.items.map((p) => p.donacionId)).not.toContain(d.id);
  });

  it('a confirmatory negative lets a doctor, and only a doctor, end the deferral', async () => {
    const d = await repetidamenteReactiva();
    const r = ok(await confirmatorio(d.id, CONFIRMA('NEGATIVO'))).registrarConfirmatorio;
    expect(de(r, 'HIV')).toMatchObject({ etapa: 'CONFIRMADO_NEGATIVO' });
    expect(r.serologiaConfirmada).toBe(false);
    // Still deferred, awaiting a doctor.
    expect((await elegibilidad(d.donanteId)).diferimientos).toEqual([
      expect.objectContaining({ origenId: d.id, tipo: 'Pendiente' }),
    ]);
    for (const token of [tecnico.token, admin.token]) {
      const lift = await server.gql(
        LEVANTAR,
        { donanteId: d.donanteId, origenId: d.id, motivo: 'Negativo' },
        token,
      );
      expect(codeOf(lift)).toBe('FORBIDDEN');
    }
    ok(
      await server.gql(
        LEVANTAR,
        { donanteId: d.donanteId, origenId: d.id, motivo: 'Confirmatorio negativo' },
        medico.token,
      ),
    );
    expect((await elegibilidad(d.donanteId)).diferimientos).toEqual([]);
  });

  it('refuses a step out of order or malformed, with the reason, and changes nothing', async () => {
    const d = await donacion();
    // No repeat of a screening not reactive.
    const sinReactivo = await repeticion(d.id, {
      marcador: 'HIV',
      primera: 'REACTIVO',
      segunda: 'REACTIVO',
      fecha: TODAY,
    });
    expect(errorsOf(sinReactivo)).toEqual([{ field: 'marcador', msg: MSG.repeticionNoCorresponde }]);
    ok(await tamizaje(d.id, REACTIVO_HIV));
    const antes = await leer(d.id);
    const casos: [GqlResult, { field: string; msg: string }[]][] = [
      [
        await confirmatorio(d.id, CONFIRMA('POSITIVO')),
        [{ field: 'marcador', msg: MSG.confirmatorioNoCorresponde }],
      ],
      [
        await tamizaje(d.id, { marcador: 'NAT_HIV', estado: 'REACTIVO', fecha: TODAY }),
        [{ field: 'marcador', msg: MSG.marcadorFueraDelPanel }],
      ],
      [
        await tamizaje(d.id, { marcador: 'HIV', estado: 'REACTIVO', fecha: addDays(TODAY, 1) }),
        [{ field: 'fecha', msg: MSG.resultadoFechaFutura }],
      ],
      [
        await tamizaje(d.id, { marcador: 'HIV', estado: 'POSITIVO', fecha: TODAY }),
        [{ field: 'estado', msg: MSG.valorNoPermitido }],
      ],
      [
        await tamizaje(d.id, { marcador: 'HIV', estado: 'REACTIVO' }),
        [{ field: 'fecha', msg: MSG.requerido }],
      ],
      [
        await repeticion(d.id, {
          marcador: 'HIV',
          primera: 'REACTIVO',
          segunda: 'NO_REALIZADO',
          fecha: TODAY,
        }),
        [{ field: 'segunda', msg: MSG.valorNoPermitido }],
      ],
    ];
    for (const [res, errores] of casos) {
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(errorsOf(res)).toEqual(errores);
    }
    const sinLab = await repeticion(d.id, {
      marcador: 'HIV',
      primera: 'REACTIVO',
      segunda: 'REACTIVO',
      fecha: TODAY,
    });
    ok(sinLab);
    const falta = await confirmatorio(d.id, { ...CONFIRMA('POSITIVO'), laboratorio: ' ', tecnica: '' });
    expect(errorsOf(falta)).toEqual([
      { field: 'tecnica', msg: MSG.requerido },
      { field: 'laboratorio', msg: MSG.requerido },
    ]);
    expect(de(await leer(d.id), 'HIV').confirmatorioResultado).toBeNull();
    expect(de(antes, 'HIV').repeticion1).toBeNull();
    // A screening already repeated is not written over.
    const otra = await tamizaje(d.id, { marcador: 'HIV', estado: 'NO_REACTIVO', fecha: TODAY }, medico.token);
    expect(errorsOf(otra)).toEqual([{ field: 'estado', msg: MSG.resultadoYaRepetido }]);
  });

  it('a technician cannot clear a reactive screening by writing it again', async () => {
    const d = await donacion();
    ok(await tamizaje(d.id, REACTIVO_HIV));
    const tec = await tamizaje(d.id, { ...REACTIVO_HIV, estado: 'NO_REACTIVO' });
    expect(codeOf(tec)).toBe('FORBIDDEN');
    expect(de(await leer(d.id), 'HIV').estado).toBe('REACTIVO');
  });

  it('a servicio with NAT in its panel records it, and a reactive NAT makes its marker reactive', async () => {
    const d = await donacion();
    await server.dataSource.query(`UPDATE servicio SET marcadores_adicionales = '{NAT_HIV}' WHERE id = $1`, [
      admin.servicio,
    ]);
    try {
      const r = ok(
        await tamizaje(d.id, { marcador: 'NAT_HIV', estado: 'REACTIVO', fecha: TODAY }),
      ).registrarTamizaje;
      expect(r.resultados.map((x) => x.marcador)).toContain('NAT_HIV');
      expect(r.serologia?.hiv).toBe(true);
    } finally {
      await server.dataSource.query(`UPDATE servicio SET marcadores_adicionales = '{}' WHERE id = $1`, [
        admin.servicio,
      ]);
    }
  });

  it('audits every step in words', async () => {
    const d = await repetidamenteReactiva();
    ok(await confirmatorio(d.id, CONFIRMA('POSITIVO')));
    const entradas = await server.dataSource.query(
      `SELECT usuario_id, cambios FROM auditoria WHERE entidad = 'donacion' AND entidad_id = $1 AND accion = 'editar'
        ORDER BY id`,
      [d.id],
    );
    expect(entradas).toHaveLength(3);
    expect(entradas.every((e: { usuario_id: string }) => e.usuario_id === tecnico.uid)).toBe(true);
    expect(entradas[0].cambios.resultados).toEqual([
      'HIV 1/2: Sin realizar',
      `HIV 1/2: Reactivo (ELISA 4ta gen, ${TODAY.split('-').reverse().join('/')})`,
    ]);
    expect(entradas[1].cambios.resultados[1]).toContain('Repetición: Reactivo, No reactivo');
    expect(entradas[2].cambios.resultados[1]).toContain(
      'Confirmatorio: Positivo (Western blot, Laboratorio de referencia',
    );
    expect(entradas[2].cambios.serologiaConfirmada).toEqual([false, true]);
  });

  it("another servicio's donation is not found", async () => {
    const d = await donacion();
    const otro = await registerServicio(server);
    const res = await tamizaje(d.id, REACTIVO_HIV, otro.token);
    expect(codeOf(res)).toBe('NOT_FOUND');
    expect(await filas(d.id)).toEqual([]);
    expect(leerCon).toBeDefined();
  });
});

describe('blood group against history', () => {
  const GRUPO = `mutation ($id: ID!, $input: ResultadosDonacionInput!) {
    updateResultadosDonacion(id: $id, input: $input) { donacion { abo rh grupoDiscordante grupoMotivo grupoConfirmadoPor } }
  }`;
  const RETIPIFICAR = `mutation ($id: ID!, $abo: String!, $rh: String!) {
    registrarRetipificacion(donacionId: $id, abo: $abo, rh: $rh) { abo rh grupoDiscordante grupoRetipificadoPor }
  }`;
  type Grupo = { abo: string; rh: string; grupoDiscordante: boolean; grupoMotivo: string | null };

  /** A second donation of the same donor, with the first typed O POSITIVO. */
  async function conHistoria(): Promise<{ primera: string; segunda: string; donanteId: string }> {
    const d = await donacion();
    ok(await server.gql(GRUPO, { id: d.id, input: { abo: 'O', rh: 'POSITIVO' } }, tecnico.token));
    await server.dataSource.query(`UPDATE donacion SET fecha = fecha - 70 WHERE id = $1`, [d.id]);
    const res = ok(
      await server.gql<{ createDonacion: { id: string } }>(
        `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
        {
          input: {
            donanteId: d.donanteId,
            numero: (numeroSeq += 1),
            fecha: TODAY,
            hora: '11:00',
            tipoBolsa: 'Bolsa Doble',
            loteBolsa: 'L2',
          },
        },
        admin.token,
      ),
    );
    return { primera: d.id, segunda: res.createDonacion.id, donanteId: d.donanteId };
  }

  it('the same group saves as always; a different one asks a doctor or technician to confirm, and flags', async () => {
    const h = await conHistoria();
    ok(await server.gql(GRUPO, { id: h.segunda, input: { abo: 'O', rh: 'POSITIVO' } }, tecnico.token));
    const [{ numero }] = await server.dataSource.query(`SELECT numero FROM donacion WHERE id = $1`, [
      h.primera,
    ]);
    const distinto = await server.gql(
      GRUPO,
      { id: h.segunda, input: { abo: 'A', rh: 'POSITIVO' } },
      tecnico.token,
    );
    expect(errorsOf(distinto)).toEqual([
      {
        field: 'abo',
        msg: MSG.grupoDiscordante(
          'O+',
          `donación N° ${numero} del ${addDays(TODAY, -70).split('-').reverse().join('/')}`,
        ),
      },
    ]);
    const administrativo = await member('ROL_ADMINISTRATIVO');
    for (const token of [administrativo.token, admin.token]) {
      const res = await server.gql(
        GRUPO,
        {
          id: h.segunda,
          input: { abo: 'A', rh: 'POSITIVO', confirmarGrupo: true, motivoGrupo: 'Tipificado dos veces' },
        },
        token,
      );
      expect(res.errors?.[0].message).toBe(MSG.soloMedicoTecnicoGrupo);
    }
    const sinMotivo = await server.gql(
      GRUPO,
      { id: h.segunda, input: { abo: 'A', rh: 'POSITIVO', confirmarGrupo: true } },
      medico.token,
    );
    expect(errorsOf(sinMotivo)?.[0].field).toBe('motivoGrupo');
    const [{ abo }] = await server.dataSource.query(`SELECT abo FROM donacion WHERE id = $1`, [h.segunda]);
    expect(abo).toBe('O');
    const confirmada = ok(
      await server.gql<{ updateResultadosDonacion: { donacion: Grupo & { grupoConfirmadoPor: string } } }>(
        GRUPO,
        {
          id: h.segunda,
          input: { abo: 'A', rh: 'POSITIVO', confirmarGrupo: true, motivoGrupo: 'Tipificado dos veces' },
        },
        medico.token,
      ),
    ).updateResultadosDonacion.donacion;
    expect(confirmada).toMatchObject({
      abo: 'A',
      grupoDiscordante: true,
      grupoMotivo: 'Tipificado dos veces',
      grupoConfirmadoPor: medico.uid,
    });
    // A repeat typing confirms one value and ends the flag; only a doctor or a technician records it.
    const porAdmin = await server.gql(RETIPIFICAR, { id: h.segunda, abo: 'O', rh: 'POSITIVO' }, admin.token);
    expect(codeOf(porAdmin)).toBe('FORBIDDEN');
    const retipificada = ok(
      await server.gql<{ registrarRetipificacion: Grupo & { grupoRetipificadoPor: string } }>(
        RETIPIFICAR,
        { id: h.segunda, abo: 'O', rh: 'POSITIVO' },
        tecnico.token,
      ),
    ).registrarRetipificacion;
    expect(retipificada).toMatchObject({
      abo: 'O',
      grupoDiscordante: false,
      grupoRetipificadoPor: tecnico.uid,
    });
    const otra = await server.gql(RETIPIFICAR, { id: h.segunda, abo: 'O', rh: 'POSITIVO' }, tecnico.token);
    expect(errorsOf(otra)).toEqual([{ field: 'abo', msg: MSG.retipificacionNoCorresponde }]);
    const auditado = await server.dataSource.query(
      `SELECT cambios FROM auditoria WHERE entidad_id = $1 AND cambios ? 'grupoDiscordante' ORDER BY id`,
      [h.segunda],
    );
    expect(
      auditado.map((a: { cambios: { grupoDiscordante: unknown } }) => a.cambios.grupoDiscordante),
    ).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it('compares with the donations at another member of the network, naming only its servicio and date', async () => {
    const username = `red_${randomUUID().slice(0, 8)}`;
    const red = ok(
      await server.gql<{ register: { token: string } }>(
        `mutation ($input: RegisterInput!) { register(input: $input) { token } }`,
        {
          input: {
            nombre: `Red ${username}`,
            username,
            email: `${username}@salud.example`,
            password: 'clave-segura',
            password2: 'clave-segura',
            rol: 'ROL_RED',
          },
        },
      ),
    );
    const codigo = ok(
      await server.gql<{ red: { codigoInvitacion: string } }>(
        `{ red { codigoInvitacion } }`,
        {},
        red.register.token,
      ),
    ).red.codigoInvitacion;
    const otro = await registerServicio(server);
    for (const s of [admin, otro])
      ok(
        await server.gql(`mutation ($c: String!) { unirseARed(codigo: $c) { id } }`, { c: codigo }, s.token),
      );
    try {
      const [{ dni }] = await server.dataSource.query(
        `SELECT d.dni FROM donante d JOIN donacion x ON x.donante_id = d.id WHERE x.id = $1`,
        [(await donacion()).id],
      );
      // The same DNI at the other member, bled 70 days ago, typed B NEGATIVO.
      const ajeno = randomUUID();
      await server.dataSource.query(
        `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
           nacionalidad, es_voluntario)
         VALUES ($1, $2, 'Juan', 'Pérez', $3, '1990-05-10', 'Masculino', 'Buenos Aires', 'Argentina', 'Si')`,
        [ajeno, otro.servicio, dni],
      );
      await server.dataSource.query(
        `INSERT INTO donacion (id, servicio_id, donante_id, numero, fecha, hora, lote_bolsa, abo, rh)
         VALUES (gen_random_uuid(), $1, $2, 1, $3, '09:00', 'L', 'B', 'NEGATIVO')`,
        [otro.servicio, ajeno, addDays(TODAY, -70)],
      );
      const [{ id }] = await server.dataSource.query(
        `SELECT x.id FROM donacion x JOIN donante d ON d.id = x.donante_id WHERE d.dni = $1 AND x.servicio_id = $2`,
        [dni, admin.servicio],
      );
      const res = await server.gql(GRUPO, { id, input: { abo: 'A', rh: 'POSITIVO' } }, tecnico.token);
      const [{ nombre }] = await server.dataSource.query(
        `SELECT coalesce(nombre_en_red, nombre) AS nombre FROM servicio WHERE id = $1`,
        [otro.servicio],
      );
      const fecha = addDays(TODAY, -70).split('-').reverse().join('/');
      expect(errorsOf(res)).toEqual([
        { field: 'abo', msg: MSG.grupoDiscordante('registrado', `donación del ${fecha} en ${nombre}`) },
      ]);
      const confirmada = ok(
        await server.gql<{ updateResultadosDonacion: { donacion: Grupo } }>(
          GRUPO,
          { id, input: { abo: 'A', rh: 'POSITIVO', confirmarGrupo: true, motivoGrupo: 'Muestra nueva' } },
          medico.token,
        ),
      );
      expect(confirmada.updateResultadosDonacion.donacion.grupoDiscordante).toBe(true);
    } finally {
      for (const s of [admin, otro]) await server.gql(`mutation { salirDeRed { id } }`, {}, s.token);
    }
  });
});
