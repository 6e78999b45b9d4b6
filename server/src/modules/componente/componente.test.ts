/**
 * Components against a real Postgres over GraphQL: the default split per bag, expiry per type and
 * the servicio's shelf-life bounds, release refused for each missing or blocking item and accepted
 * when all hold, a reactive result discarding every undispatched unit in the same transaction
 * (also racing 20 releases), who may release, unit identifiers across servicios, and the audit.
 * The rules themselves are unit-tested in domain/componentes.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { addDays, todayIso } from '../../domain/dates';
import { caracterControlIso7064 } from '../../domain/etiquetas';
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

const CAMPOS = `id codigo codigoProducto tipo estado volumen producidoEn venceEn vencido faltaParaLiberar
  motivoDescarte detalleDescarte liberadoPor liberadoEn descartadoEn donacion { id numero }`;
const FRACCIONAR = `mutation ($id: ID!, $c: [ComponenteInput!]) { fraccionarDonacion(donacionId: $id, componentes: $c) { ${CAMPOS} } }`;
const LIBERAR = `mutation ($id: ID!) { liberarComponente(id: $id) { ${CAMPOS} } }`;
const LIBERAR_VARIOS = `mutation ($ids: [ID!]!) { liberarComponentes(ids: $ids) {
  liberados { id estado } rechazados { componente { id estado } motivos } } }`;
const DESCARTAR = `mutation ($id: ID!, $m: MotivoDescarte!, $d: String) { descartarComponente(id: $id, motivo: $m, detalle: $d) { ${CAMPOS} } }`;
const POR_CODIGO = `query ($c: String!) { componentePorCodigo(codigo: $c) { id codigo } }`;
const DONACION = `query ($id: ID!) { donacion(id: $id) { id identificadorUnidad fraccionable componentes { ${CAMPOS} } } }`;
const VIDA_UTIL = `mutation ($t: TipoComponente!, $d: Int!) { updateVidaUtilComponente(tipo: $t, dias: $d) { tipo dias minimo maximo } }`;
const SEROLOGIA_NEGATIVA = {
  hiv: false,
  hepB: false,
  hepC: false,
  vdrl: false,
  brucelosis: false,
  chagas: false,
  htlv: false,
};

type C = {
  id: string;
  codigo: string;
  codigoProducto: string;
  tipo: string;
  estado: string;
  volumen: number;
  producidoEn: string;
  venceEn: string;
  vencido: boolean;
  faltaParaLiberar: string[];
  motivoDescarte: string | null;
  detalleDescarte: string | null;
  liberadoPor: string | null;
  liberadoEn: string | null;
  descartadoEn: string | null;
  donacion: { id: string; numero: number };
};

let server: TestServer;
let admin: Session;
let medico: Session;
let tecnico: Session;
let administrativo: Session;
let otro: Session;
let numeroSeq = 0;
let dniSeq = 43_000_000;

const codeOf = (res: GqlResult) => res.errors?.[0].extensions?.code;
const msgsOf = (res: GqlResult) => res.errors?.[0].extensions?.errors?.map((e) => e.msg) ?? [];

const member = (rol: string, de: Session = admin): Promise<Session> => registerMember(server, de, rol);

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server);
  otro = await registerServicio(server);
  for (const s of [admin, otro])
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, s.token));
  medico = await member('ROL_MEDICO');
  tecnico = await member('ROL_TECNICO');
  administrativo = await member('ROL_ADMINISTRATIVO');
});
afterAll(() => server.close());

type Opciones = {
  tipoBolsa?: string;
  aferesis?: boolean;
  plasmaCovid?: boolean;
  fecha?: string;
  hora?: string;
  numero?: number;
  de?: Session;
  donanteId?: string;
};

async function donante(de: Session = admin): Promise<string> {
  const donanteId = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario)
     VALUES ($1, $2, 'Juan', 'Pérez', $3, '1990-05-10', 'Masculino', 'Buenos Aires', 'Argentina', 'Si')`,
    [donanteId, de.servicio, String((dniSeq += 1))],
  );
  return donanteId;
}

/** A donation of a new donor (today, 10:00, Bolsa Doble unless told), no results. */
async function donacion(o: Opciones = {}): Promise<{ id: string; donanteId: string; numero: number }> {
  const de = o.de ?? admin;
  const donanteId = o.donanteId ?? (await donante(de));
  const numero = o.numero ?? (numeroSeq += 1);
  const res = ok(
    await server.gql<{ createDonacion: { id: string } }>(
      `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
      {
        input: {
          donanteId,
          numero,
          fecha: o.fecha ?? TODAY,
          hora: o.hora ?? '10:00',
          tipoBolsa: o.tipoBolsa ?? 'Bolsa Doble',
          loteBolsa: 'L1',
          donacionAferesis: o.aferesis ?? false,
          plasmaCovid: o.plasmaCovid ?? false,
        },
      },
      de.token,
    ),
  );
  return { id: res.createDonacion.id, donanteId, numero };
}

const resultados = (id: string, input: Record<string, unknown>, token = tecnico.token) =>
  server.gql(
    `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
    { id, input },
    token,
  );

/** Group, factor and the seven markers non-reactive. */
async function completa(id: string): Promise<void> {
  ok(await resultados(id, { abo: 'O', rh: 'POSITIVO', serologia: SEROLOGIA_NEGATIVA }));
}

const fraccionar = async (
  id: string,
  componentes?: { tipo: string; volumen: number }[],
  token = tecnico.token,
) =>
  ok(await server.gql<{ fraccionarDonacion: C[] }>(FRACCIONAR, { id, c: componentes }, token))
    .fraccionarDonacion;
const liberar = (id: string, token = tecnico.token) =>
  server.gql<{ liberarComponente: C }>(LIBERAR, { id }, token);
const componentesDe = async (donacionId: string) =>
  ok(await server.gql<{ donacion: { componentes: C[] } }>(DONACION, { id: donacionId }, admin.token)).donacion
    .componentes;
const tamizajeReactivo = (id: string, marcador = 'HIV', token = tecnico.token) =>
  server.gql(
    `mutation ($id: ID!, $input: TamizajeInput!) { registrarTamizaje(donacionId: $id, input: $input) { id } }`,
    { id, input: { marcador, estado: 'REACTIVO', fecha: TODAY, tecnica: 'ELISA' } },
    token,
  );

const DIA_MS = 86_400_000;
const extraccion = (fecha: string, hora: string) => new Date(`${fecha}T${hora}:00-03:00`).getTime();

describe('fraccionamiento', () => {
  it('Bolsa Doble gives red cells and fresh frozen plasma, in quarantine, with identifiers', async () => {
    const d = await donacion();
    const cs = await fraccionar(d.id);
    expect(cs.map((c) => [c.tipo, c.codigoProducto, c.estado, c.volumen])).toEqual([
      ['GLOBULOS_ROJOS', 'GR1', 'CUARENTENA', 280],
      ['PLASMA_FRESCO_CONGELADO', 'PF1', 'CUARENTENA', 250],
    ]);
    const leida = ok(
      await server.gql<{ donacion: { identificadorUnidad: string; fraccionable: boolean } }>(
        DONACION,
        { id: d.id },
        admin.token,
      ),
    ).donacion;
    expect(leida.fraccionable).toBe(false);
    for (const c of cs) {
      expect(c.codigo.startsWith(leida.identificadorUnidad.slice(0, -1))).toBe(true);
      expect(c.codigo).toMatch(/^9\d{4}\d{2}\d{6}(GR1|PF1).$/);
      expect(caracterControlIso7064(c.codigo.slice(0, -1))).toBe(c.codigo.slice(-1));
    }
    // Once per donation.
    const otra = await server.gql(FRACCIONAR, { id: d.id }, tecnico.token);
    expect(msgsOf(otra)).toEqual([MSG.donacionYaFraccionada]);
  });

  it('Bolsa Triple adds platelets; an apheresis gives what it collected', async () => {
    const triple = await fraccionar((await donacion({ tipoBolsa: 'Bolsa Triple' })).id);
    expect(triple.map((c) => c.tipo)).toEqual(['GLOBULOS_ROJOS', 'PLASMA_FRESCO_CONGELADO', 'PLAQUETAS']);
    const plaquetas = await fraccionar((await donacion({ aferesis: true })).id);
    expect(plaquetas.map((c) => [c.tipo, c.volumen])).toEqual([['PLAQUETAS', 250]]);
    const plasma = await fraccionar((await donacion({ aferesis: true, plasmaCovid: true })).id);
    expect(plasma.map((c) => c.tipo)).toEqual(['PLASMA_FRESCO_CONGELADO']);
  });

  it('staff may choose another split the bag allows (cryoprecipitate from plasma), never one it does not', async () => {
    const cs = await fraccionar((await donacion()).id, [
      { tipo: 'GLOBULOS_ROJOS', volumen: 300 },
      { tipo: 'CRIOPRECIPITADO', volumen: 20 },
    ]);
    expect(cs.map((c) => [c.codigoProducto, c.volumen])).toEqual([
      ['GR1', 300],
      ['CR1', 20],
    ]);
    const d = await donacion();
    const sinPlaquetas = await server.gql(
      FRACCIONAR,
      { id: d.id, c: [{ tipo: 'PLAQUETAS', volumen: 50 }] },
      tecnico.token,
    );
    expect(codeOf(sinPlaquetas)).toBe('BAD_USER_INPUT');
    expect(msgsOf(sinPlaquetas)).toEqual([MSG.componenteNoPermitido('plaquetas', 'La Bolsa Doble')]);
    const volumen = await server.gql(
      FRACCIONAR,
      { id: d.id, c: [{ tipo: 'GLOBULOS_ROJOS', volumen: 5 }] },
      tecnico.token,
    );
    expect(msgsOf(volumen)).toEqual([MSG.volumenFueraDeRango(100, 500)]);
    const dos = await server.gql(
      FRACCIONAR,
      {
        id: d.id,
        c: [
          { tipo: 'GLOBULOS_ROJOS', volumen: 280 },
          { tipo: 'GLOBULOS_ROJOS', volumen: 280 },
        ],
      },
      tecnico.token,
    );
    expect(msgsOf(dos)).toEqual([MSG.componenteRepetido('glóbulos rojos')]);
    // Nothing was written by the refusals.
    expect(await componentesDe(d.id)).toEqual([]);
  });

  it('an apheresis may give two units of a type (a double dose), never three', async () => {
    const dosis = await fraccionar((await donacion({ aferesis: true })).id, [
      { tipo: 'PLAQUETAS', volumen: 250 },
      { tipo: 'PLAQUETAS', volumen: 230 },
    ]);
    expect(dosis.map((c) => [c.codigoProducto, c.volumen])).toEqual([
      ['PQ1', 250],
      ['PQ2', 230],
    ]);
    const d = await donacion({ aferesis: true });
    const tres = await server.gql(
      FRACCIONAR,
      {
        id: d.id,
        c: [
          { tipo: 'PLAQUETAS', volumen: 250 },
          { tipo: 'PLAQUETAS', volumen: 250 },
          { tipo: 'PLAQUETAS', volumen: 250 },
        ],
      },
      tecnico.token,
    );
    expect(codeOf(tres)).toBe('BAD_USER_INPUT');
    expect(msgsOf(tres)).toEqual([MSG.componenteRepetido('plaquetas', 2)]);
    expect(MSG.componenteRepetido('plaquetas', 2)).toBe('La donación no da más de 2 unidades de plaquetas');
    expect(await componentesDe(d.id)).toEqual([]);
  });

  it('only doctors, technicians and the administrator split; the office staff reads', async () => {
    const d = await donacion();
    const res = await server.gql(FRACCIONAR, { id: d.id }, administrativo.token);
    expect(codeOf(res)).toBe('FORBIDDEN');
    expect(await fraccionar(d.id, undefined, admin.token)).toHaveLength(2);
    expect(await componentesDe(d.id)).toHaveLength(2);
  });
});

describe('vencimiento y vida útil', () => {
  it('expiry is the collection plus each type shelf life (defaults 42, 365, 5)', async () => {
    const d = await donacion({ tipoBolsa: 'Bolsa Triple', hora: '08:30' });
    const cs = await fraccionar(d.id);
    const desde = extraccion(TODAY, '08:30');
    const dias = Object.fromEntries(
      cs.map((c) => [c.tipo, (new Date(c.venceEn).getTime() - desde) / DIA_MS]),
    );
    expect(dias).toEqual({ GLOBULOS_ROJOS: 42, PLASMA_FRESCO_CONGELADO: 365, PLAQUETAS: 5 });
    expect(cs.every((c) => !c.vencido)).toBe(true);
  });

  it('the administrator sets a shelf life within the bounds; outside them, or anyone else, is refused', async () => {
    const s = await registerServicio(server);
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 100) }`, {}, s.token));
    const fuera = await server.gql(VIDA_UTIL, { t: 'GLOBULOS_ROJOS', d: 50 }, s.token);
    expect(msgsOf(fuera)).toEqual([MSG.vidaUtilFueraDeRango(1, 49)]);
    expect(msgsOf(await server.gql(VIDA_UTIL, { t: 'PLAQUETAS', d: 0 }, s.token))).toEqual([
      MSG.vidaUtilFueraDeRango(1, 7),
    ]);
    expect(codeOf(await server.gql(VIDA_UTIL, { t: 'PLAQUETAS', d: 3 }, medico.token))).toBe('FORBIDDEN');
    const vidas = ok(
      await server.gql<{ updateVidaUtilComponente: { tipo: string; dias: number }[] }>(
        VIDA_UTIL,
        { t: 'GLOBULOS_ROJOS', d: 35 },
        s.token,
      ),
    ).updateVidaUtilComponente;
    expect(vidas.find((v) => v.tipo === 'GLOBULOS_ROJOS')?.dias).toBe(35);
    const leidas = ok(
      await server.gql<{ vidaUtilComponentes: { tipo: string; dias: number; fuente: string }[] }>(
        `{ vidaUtilComponentes { tipo dias fuente } }`,
        {},
        s.token,
      ),
    ).vidaUtilComponentes;
    expect(leidas.map((v) => [v.tipo, v.dias])).toEqual([
      ['GLOBULOS_ROJOS', 35],
      ['PLASMA_FRESCO_CONGELADO', 365],
      ['PLAQUETAS', 5],
      ['CRIOPRECIPITADO', 365],
    ]);
    expect(leidas[0].fuente).toContain('42 días');
    const d = await donacion({ de: s, hora: '10:00' });
    const [gr] = await fraccionar(d.id, [{ tipo: 'GLOBULOS_ROJOS', volumen: 280 }], s.token);
    expect((new Date(gr.venceEn).getTime() - extraccion(TODAY, '10:00')) / DIA_MS).toBe(35);
    // Another servicio keeps the default.
    const [suyo] = await fraccionar((await donacion()).id, [{ tipo: 'GLOBULOS_ROJOS', volumen: 280 }]);
    expect((new Date(suyo.venceEn).getTime() - extraccion(TODAY, '10:00')) / DIA_MS).toBe(42);
  });
});

describe('liberación', () => {
  it('is accepted when everything holds, by a technician; the audit names who', async () => {
    const d = await donacion();
    const [gr] = await fraccionar(d.id);
    await completa(d.id);
    const [leido] = await componentesDe(d.id);
    expect(leido.faltaParaLiberar).toEqual([]);
    const liberado = ok(await liberar(gr.id)).liberarComponente;
    expect(liberado.estado).toBe('LIBERADO');
    expect(liberado.liberadoPor).toBe('Ana ROL_TECNICO');
    expect(liberado.liberadoEn).not.toBeNull();
    const again = await liberar(gr.id, medico.token);
    expect(msgsOf(again)).toEqual([MSG.componenteYaLiberado]);
    const audit = await server.dataSource.query(
      `SELECT accion, cambios FROM auditoria WHERE entidad = 'componente' AND entidad_id = $1 ORDER BY id`,
      [gr.id],
    );
    expect(audit.map((a: { accion: string }) => a.accion)).toEqual(['crear', 'editar']);
    expect(audit[1].cambios).toMatchObject({ estado: ['CUARENTENA', 'LIBERADO'], liberadoPor: tecnico.uid });
  });

  it('is refused without the ABO group', async () => {
    const d = await donacion();
    const [gr] = await fraccionar(d.id);
    ok(await resultados(d.id, { rh: 'POSITIVO', serologia: SEROLOGIA_NEGATIVA }));
    const res = await liberar(gr.id);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(msgsOf(res)).toEqual([MSG.faltaAbo]);
    expect((await componentesDe(d.id))[0]).toMatchObject({
      estado: 'CUARENTENA',
      faltaParaLiberar: [MSG.faltaAbo],
    });
  });

  it('is refused without the Rh factor', async () => {
    const d = await donacion();
    const [gr] = await fraccionar(d.id);
    ok(await resultados(d.id, { abo: 'A', serologia: SEROLOGIA_NEGATIVA }));
    expect(msgsOf(await liberar(gr.id))).toEqual([MSG.faltaRh]);
  });

  it('is refused while any of the seven markers is not tested, naming each', async () => {
    const d = await donacion();
    const [gr] = await fraccionar(d.id);
    ok(await resultados(d.id, { abo: 'A', rh: 'NEGATIVO' }));
    const nada = await liberar(gr.id);
    expect(msgsOf(nada)).toEqual(
      ['HIV', 'Hepatitis B', 'Hepatitis C', 'VDRL', 'Brucelosis', 'Chagas', 'HTLV'].map((m) =>
        MSG.faltaSerologia(m),
      ),
    );
    // Six of seven screened non-reactive: Chagas is missing.
    for (const marcador of ['HIV', 'HBSAG', 'ANTI_HBC', 'HCV', 'HTLV', 'SIFILIS', 'BRUCELOSIS'])
      ok(
        await server.gql(
          `mutation ($id: ID!, $input: TamizajeInput!) { registrarTamizaje(donacionId: $id, input: $input) { id } }`,
          { id: d.id, input: { marcador, estado: 'NO_REACTIVO', fecha: TODAY } },
          tecnico.token,
        ),
      );
    expect(msgsOf(await liberar(gr.id))).toEqual([MSG.faltaSerologia('Chagas')]);
  });

  it('is refused for a reactive marker: the unit was discarded when the result was recorded', async () => {
    const d = await donacion();
    const [gr] = await fraccionar(d.id);
    ok(
      await resultados(d.id, {
        abo: 'A',
        rh: 'POSITIVO',
        serologia: { ...SEROLOGIA_NEGATIVA, chagas: true },
      }),
    );
    const res = await liberar(gr.id, medico.token);
    expect(msgsOf(res)).toEqual([MSG.componenteDescartado]);
    expect((await componentesDe(d.id)).map((c) => [c.estado, c.motivoDescarte])).toEqual([
      ['DESCARTADO', 'SEROLOGIA_REACTIVA'],
      ['DESCARTADO', 'SEROLOGIA_REACTIVA'],
    ]);
  });

  it('is refused while the donor has a deferral that forbids the unit (a report after the donation)', async () => {
    const d = await donacion();
    const [gr] = await fraccionar(d.id);
    await completa(d.id);
    // The doctor records a definitive deferral at a later interview (a post-donation report).
    ok(
      await server.gql(
        `mutation ($input: NoAptoInput!) { registrarNoApto(input: $input) { id } }`,
        {
          input: {
            donanteId: d.donanteId,
            fecha: TODAY,
            hora: '12:00',
            motivo: 'Informe posdonación',
            diferimientoDias: 0,
            definitivo: true,
          },
        },
        medico.token,
      ),
    );
    const res = await liberar(gr.id);
    expect(msgsOf(res)).toHaveLength(1);
    expect(msgsOf(res)[0]).toMatch(/^Donante diferido: /);
    expect(msgsOf(res)[0]).toContain('Informe posdonación');
  });

  it('is refused once expired, with the day it expired', async () => {
    const d = await donacion();
    const [, pf] = await fraccionar(d.id);
    await completa(d.id);
    await server.dataSource.query(
      `UPDATE componente SET vence_en = now() - interval '1 hour' WHERE id = $1`,
      [pf.id],
    );
    const res = await liberar(pf.id);
    expect(msgsOf(res)).toHaveLength(1);
    expect(msgsOf(res)[0]).toMatch(/^Vencido el \d{2}\/\d{2}\/\d{4}$/);
  });

  it('is refused to the administrator and the office staff: only doctors and technicians release', async () => {
    const d = await donacion();
    const [gr] = await fraccionar(d.id);
    await completa(d.id);
    for (const s of [admin, administrativo]) {
      const res = await liberar(gr.id, s.token);
      expect(codeOf(res)).toBe('FORBIDDEN');
    }
    expect(ok(await liberar(gr.id, medico.token)).liberarComponente.estado).toBe('LIBERADO');
  });

  it('liberarComponentes releases all it can and answers the rest with their reasons', async () => {
    const lista = await donacion();
    const buenas = await fraccionar(lista.id);
    await completa(lista.id);
    const falta = await donacion();
    const [malo] = await fraccionar(falta.id, [{ tipo: 'GLOBULOS_ROJOS', volumen: 280 }]);
    const res = ok(
      await server.gql<{
        liberarComponentes: {
          liberados: { id: string }[];
          rechazados: { componente: { id: string }; motivos: string[] }[];
        };
      }>(LIBERAR_VARIOS, { ids: [...buenas.map((c) => c.id), malo.id] }, medico.token),
    ).liberarComponentes;
    expect(res.liberados.map((c) => c.id).sort()).toEqual(buenas.map((c) => c.id).sort());
    expect(res.rechazados).toHaveLength(1);
    expect(res.rechazados[0].componente.id).toBe(malo.id);
    expect(res.rechazados[0].motivos).toContain(MSG.faltaAbo);
  });
});

describe('serología reactiva', () => {
  it('a reactive result recorded after release discards every undispatched unit, in the same transaction', async () => {
    const d = await donacion({ tipoBolsa: 'Bolsa Triple' });
    const cs = await fraccionar(d.id);
    await completa(d.id);
    ok(await liberar(cs[0].id));
    // One unit already left the bank: it stays dispatched.
    await server.dataSource.query(`UPDATE componente SET estado = 'DESPACHADO' WHERE id = $1`, [cs[2].id]);
    ok(await tamizajeReactivo(d.id, 'HCV'));
    const despues = await componentesDe(d.id);
    expect(despues.map((c) => [c.codigoProducto, c.estado, c.motivoDescarte])).toEqual([
      ['GR1', 'DESCARTADO', 'SEROLOGIA_REACTIVA'],
      ['PF1', 'DESCARTADO', 'SEROLOGIA_REACTIVA'],
      ['PQ1', 'DESPACHADO', null],
    ]);
    // The result's entry and the discards' committed together, by the one who recorded the result.
    const [{ n }] = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM auditoria WHERE entidad = 'componente' AND usuario_id = $1
         AND cambios->>'motivoDescarte' IS NOT NULL AND entidad_id = ANY($2::text[])`,
      [tecnico.uid, cs.map((c) => c.id)],
    );
    expect(n).toBe(2);
  });

  it('a refused change of the results never brings a discarded unit back', async () => {
    const d = await donacion();
    await fraccionar(d.id);
    await completa(d.id);
    // Clearing a reactive marker's deferral is a doctor's decision: the technician's change is refused.
    ok(await tamizajeReactivo(d.id));
    const res = await resultados(d.id, { serologia: SEROLOGIA_NEGATIVA });
    expect(codeOf(res)).toBe('FORBIDDEN');
    expect((await componentesDe(d.id)).every((c) => c.estado === 'DESCARTADO')).toBe(true);
  });

  it('a donation split after a reactive result was recorded gives units discarded at once', async () => {
    const d = await donacion();
    ok(await tamizajeReactivo(d.id, 'SIFILIS'));
    const cs = await fraccionar(d.id);
    expect(cs.map((c) => [c.codigoProducto, c.estado, c.motivoDescarte])).toEqual([
      ['GR1', 'DESCARTADO', 'SEROLOGIA_REACTIVA'],
      ['PF1', 'DESCARTADO', 'SEROLOGIA_REACTIVA'],
    ]);
  });

  it('20 concurrent releases racing a reactive result never leave a unit released', async () => {
    for (let vuelta = 0; vuelta < 3; vuelta += 1) {
      const d = await donacion({ tipoBolsa: 'Bolsa Triple' });
      const cs = await fraccionar(d.id);
      await completa(d.id);
      const ids = cs.map((c) => c.id);
      const intentos = Array.from({ length: 20 }, (_, i) =>
        liberar(ids[i % ids.length], i % 2 ? medico.token : tecnico.token),
      );
      const reactivo = tamizajeReactivo(d.id, 'HIV');
      const [res] = await Promise.all([reactivo, ...intentos]);
      expect(res.errors).toBeUndefined();
      const despues = await componentesDe(d.id);
      expect(despues.map((c) => c.estado)).toEqual(['DESCARTADO', 'DESCARTADO', 'DESCARTADO']);
      expect(despues.every((c) => c.motivoDescarte === 'SEROLOGIA_REACTIVA')).toBe(true);
      // The audit tells the same story: at most one release per unit, and a discard after it.
      for (const id of ids) {
        const entradas: { cambios: { estado?: [string, string] } }[] = await server.dataSource.query(
          `SELECT cambios FROM auditoria WHERE entidad = 'componente' AND entidad_id = $1 AND accion = 'editar' ORDER BY id`,
          [id],
        );
        const pasos = entradas.map((e) => e.cambios.estado?.join('>'));
        expect([['CUARENTENA>DESCARTADO'], ['CUARENTENA>LIBERADO', 'LIBERADO>DESCARTADO']]).toContainEqual(
          pasos,
        );
      }
    }
  });
});

describe('descarte', () => {
  it('by hand with a coded reason; Otro needs a text; a discarded unit stays discarded', async () => {
    const d = await donacion();
    const [gr, pf] = await fraccionar(d.id);
    const sinTexto = await server.gql(DESCARTAR, { id: gr.id, m: 'OTRO' }, tecnico.token);
    expect(msgsOf(sinTexto)).toEqual([MSG.detalleDescarteRequerido]);
    const hecho = ok(
      await server.gql<{ descartarComponente: C }>(
        DESCARTAR,
        { id: gr.id, m: 'OTRO', d: 'Etiqueta ilegible' },
        tecnico.token,
      ),
    ).descartarComponente;
    expect(hecho).toMatchObject({
      estado: 'DESCARTADO',
      motivoDescarte: 'OTRO',
      detalleDescarte: 'Etiqueta ilegible',
    });
    expect(msgsOf(await server.gql(DESCARTAR, { id: gr.id, m: 'HEMOLIZADO' }, tecnico.token))).toEqual([
      MSG.componenteDescartado,
    ]);
    expect(codeOf(await server.gql(DESCARTAR, { id: pf.id, m: 'HEMOLIZADO' }, administrativo.token))).toBe(
      'FORBIDDEN',
    );
    expect(
      ok(await server.gql<{ descartarComponente: C }>(DESCARTAR, { id: pf.id, m: 'BOLSA_ROTA' }, admin.token))
        .descartarComponente.estado,
    ).toBe('DESCARTADO');
  });

  it('a donation with units not discarded is not deleted; its group is not changed under released units', async () => {
    const d = await donacion();
    const [gr, pf] = await fraccionar(d.id);
    await completa(d.id);
    ok(await liberar(gr.id));
    const borrar = await server.gql(
      `mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`,
      { id: d.id },
      admin.token,
    );
    expect(msgsOf(borrar)).toEqual([MSG.donacionConComponentes]);
    const grupo = await resultados(d.id, { abo: 'A' }, medico.token);
    expect(msgsOf(grupo)).toEqual([MSG.grupoConComponentesLiberados]);
    for (const c of [gr, pf])
      ok(await server.gql(DESCARTAR, { id: c.id, m: 'CONTROL_CALIDAD' }, tecnico.token));
    ok(await server.gql(`mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`, { id: d.id }, admin.token));
  });
});

describe('auditoría', () => {
  it("a donation number's trail lists its components' entries, in words", async () => {
    const d = await donacion();
    const [gr] = await fraccionar(d.id);
    ok(await server.gql(DESCARTAR, { id: gr.id, m: 'HEMOLIZADO' }, tecnico.token));
    const trail = ok(
      await server.gql<{ auditoria: { items: { accion: string; entidad: string; entidadId: string }[] } }>(
        `query ($f: AuditoriaFilter) { auditoria(filter: $f, page: { limit: 100 }) { items { accion entidad entidadId } } }`,
        { f: { numero: String(d.numero) } },
        admin.token,
      ),
    ).auditoria.items;
    const deGr = trail
      .filter((e) => e.entidad === 'componente' && e.entidadId === gr.id)
      .map((e) => e.accion);
    expect(deGr.sort()).toEqual(['crear', 'editar']);
    expect(trail.filter((e) => e.entidad === 'componente')).toHaveLength(3);
  });
});

describe('identificadores de unidad', () => {
  it('differ between two servicios for the same label number, and each finds only its own', async () => {
    const numero = 900_001;
    const a = await donacion({ numero });
    const b = await donacion({ numero, de: otro });
    const [ca] = await fraccionar(a.id);
    const [cb] = await fraccionar(b.id, undefined, otro.token);
    expect(ca.codigo).not.toBe(cb.codigo);
    expect(ca.codigo.slice(5, -1)).toBe(cb.codigo.slice(5, -1));
    const leer = (codigo: string, token = admin.token) =>
      server.gql<{ componentePorCodigo: { id: string } | null }>(POR_CODIGO, { c: codigo }, token);
    expect(ok(await leer(ca.codigo)).componentePorCodigo?.id).toBe(ca.id);
    expect(ok(await leer(cb.codigo)).componentePorCodigo).toBeNull();
    // As printed, grouped with blanks or hyphens.
    const agrupado = `${ca.codigo.slice(0, 5)} ${ca.codigo.slice(5, 7)}-${ca.codigo.slice(7, 13)} ${ca.codigo.slice(13, -1)} ${ca.codigo.slice(-1)}`;
    expect(ok(await leer(agrupado.toLowerCase())).componentePorCodigo?.id).toBe(ca.id);
  });

  it('a wrong check character is refused', async () => {
    const [c] = await fraccionar((await donacion()).id);
    const control = c.codigo.slice(-1);
    const otroControl = control === 'A' ? 'B' : 'A';
    const res = await server.gql(POR_CODIGO, { c: c.codigo.slice(0, -1) + otroControl }, admin.token);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(msgsOf(res)).toEqual([MSG.codigoUnidadControl]);
    expect(msgsOf(await server.gql(POR_CODIGO, { c: 'hola' }, admin.token))).toEqual([
      MSG.codigoUnidadInvalido,
    ]);
  });

  it('the facility code: a FIN set by the administrator, unique, fixed once units exist', async () => {
    const s = await registerServicio(server);
    const t = await registerServicio(server);
    const CODIGO = `mutation ($c: String!) { updateCodigoInstalacion(codigo: $c) { codigoInstalacion } }`;
    const antes = ok(
      await server.gql<{ servicio: { codigoInstalacion: string } }>(
        `{ servicio { codigoInstalacion } }`,
        {},
        s.token,
      ),
    ).servicio.codigoInstalacion;
    expect(antes).toMatch(/^9\d{4}$/);
    expect(msgsOf(await server.gql(CODIGO, { c: '91234' }, s.token))).toEqual([
      MSG.codigoInstalacionInvalido,
    ]);
    const fin = `Z${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    expect(
      ok(
        await server.gql<{ updateCodigoInstalacion: { codigoInstalacion: string } }>(
          CODIGO,
          { c: fin.toLowerCase() },
          s.token,
        ),
      ).updateCodigoInstalacion.codigoInstalacion,
    ).toBe(fin);
    expect(msgsOf(await server.gql(CODIGO, { c: fin }, t.token))).toEqual([MSG.codigoInstalacionEnUso]);
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 10) }`, {}, s.token));
    const [c] = await fraccionar((await donacion({ de: s, numero: 5 })).id, undefined, s.token);
    expect(c.codigo.startsWith(`${fin}${TODAY.slice(2, 4)}000005GR1`)).toBe(true);
    expect(msgsOf(await server.gql(CODIGO, { c: 'Y0001' }, s.token))).toEqual([
      MSG.codigoInstalacionConComponentes,
    ]);
    expect(codeOf(await server.gql(CODIGO, { c: 'Y0002' }, medico.token))).toBe('FORBIDDEN');
  });
});

describe('lista', () => {
  it('lists the servicio components newest first, by type, state and day', async () => {
    const d = await donacion({ fecha: addDays(TODAY, -1) });
    const cs = await fraccionar(d.id);
    const page = ok(
      await server.gql<{ componentes: { total: number; items: { id: string; tipo: string }[] } }>(
        `query ($f: FiltroComponentes) { componentes(filtro: $f, page: { limit: 100 }) { total items { id tipo } } }`,
        { f: { tipo: 'PLASMA_FRESCO_CONGELADO', estado: 'CUARENTENA', desde: TODAY, hasta: TODAY } },
        admin.token,
      ),
    ).componentes;
    expect(page.items.every((c) => c.tipo === 'PLASMA_FRESCO_CONGELADO')).toBe(true);
    expect(page.items.map((c) => c.id)).toContain(cs[1].id);
    const ajena = ok(
      await server.gql<{ componentes: { items: { id: string }[] } }>(
        `query ($f: FiltroComponentes) { componentes(filtro: $f) { items { id } } }`,
        { f: { codigo: cs[0].codigo } },
        otro.token,
      ),
    ).componentes;
    expect(ajena.items).toEqual([]);
    const mal = await server.gql(
      `query { componentes(filtro: { desde: "ayer" }) { total } }`,
      {},
      admin.token,
    );
    expect(msgsOf(mal)).toEqual([MSG.fechaInvalida]);
  });

  it('donacionesPorFraccionar lists the day donations not split yet', async () => {
    const dia = addDays(TODAY, -3);
    const a = await donacion({ fecha: dia });
    const b = await donacion({ fecha: dia });
    await fraccionar(a.id);
    const lista = ok(
      await server.gql<{ donacionesPorFraccionar: { id: string; fraccionable: boolean }[] }>(
        `query ($f: String) { donacionesPorFraccionar(fecha: $f) { id fraccionable } }`,
        { f: dia },
        admin.token,
      ),
    ).donacionesPorFraccionar;
    expect(lista.map((x) => x.id)).toContain(b.id);
    expect(lista.map((x) => x.id)).not.toContain(a.id);
    expect(lista.every((x) => x.fraccionable)).toBe(true);
  });
});

describe('indicadores', () => {
  it('count the period produced, released and discarded units per type, the discarded by reason', async () => {
    const s = await registerServicio(server);
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 100) }`, {}, s.token));
    const m = await member('ROL_MEDICO', s);
    const d1 = await donacion({ de: s, tipoBolsa: 'Bolsa Triple' });
    const d2 = await donacion({ de: s });
    const [gr1, pf1, pq1] = await fraccionar(d1.id, undefined, s.token);
    await fraccionar(d2.id, undefined, s.token);
    ok(await resultados(d1.id, { abo: 'A', rh: 'POSITIVO', serologia: SEROLOGIA_NEGATIVA }, m.token));
    ok(await liberar(gr1.id, m.token));
    ok(await liberar(pf1.id, m.token));
    ok(await server.gql(DESCARTAR, { id: pq1.id, m: 'CADENA_FRIO' }, m.token));
    ok(await tamizajeReactivo(d2.id, 'HIV', m.token));
    const leer = async (token: string) =>
      ok(
        await server.gql<{
          indicadores: {
            componentes: {
              tipo: string;
              producidos: number | null;
              liberados: number | null;
              descartados: number | null;
              porMotivo: { motivo: string; cantidad: number | null }[];
            }[];
          };
        }>(
          `query ($d: String!, $h: String!) { indicadores(desde: $d, hasta: $h) {
            componentes { tipo producidos liberados descartados porMotivo { motivo cantidad } } } }`,
          { d: addDays(TODAY, -1), h: TODAY },
          token,
        ),
      ).indicadores.componentes;
    const cs = await leer(s.token);
    const fila = (tipo: string) => {
      const c = cs.find((x) => x.tipo === tipo)!;
      const motivos = Object.fromEntries(
        c.porMotivo.filter((x) => x.cantidad).map((x) => [x.motivo, x.cantidad]),
      );
      return [c.producidos, c.liberados, c.descartados, motivos];
    };
    expect(cs.map((c) => c.tipo)).toEqual([
      'GLOBULOS_ROJOS',
      'PLASMA_FRESCO_CONGELADO',
      'PLAQUETAS',
      'CRIOPRECIPITADO',
    ]);
    expect(fila('GLOBULOS_ROJOS')).toEqual([2, 1, 1, { SEROLOGIA_REACTIVA: 1 }]);
    expect(fila('PLASMA_FRESCO_CONGELADO')).toEqual([2, 1, 1, { SEROLOGIA_REACTIVA: 1 }]);
    expect(fila('PLAQUETAS')).toEqual([1, 0, 1, { CADENA_FRIO: 1 }]);
    expect(fila('CRIOPRECIPITADO')).toEqual([0, 0, 0, {}]);
  });
});
