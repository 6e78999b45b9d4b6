/**
 * Components over REST (POST /api/donacion/:id/fraccionar, GET /api/componente,
 * GET /api/componente/codigo/:codigo, POST /api/componente/:id/liberar, /api/componente/liberar,
 * /api/componente/:id/descartar, /api/auth/opciones/vida-util and /codigo-instalacion): the same
 * services as the GraphQL operations, answers as the OpenAPI document says (the harness checks
 * each), refusals as the error list. The rules are tested with GraphQL in
 * server/src/modules/componente/componente.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { identificadorLegible } from '../../server/src/domain/componentes';
import { MSG } from '../../server/src/domain/messages';
import {
  registerMember,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
  ok,
} from '../../server/src/test-utils/harness';
import { iso, msgs } from './helpers';

jest.setTimeout(90_000);

type Componente = {
  id: string;
  codigo: string;
  codigoLegible: string;
  codigoProducto: string;
  tipo: string;
  estado: string;
  faltaParaLiberar: string[];
  motivoDescarte: string | null;
  detalleDescarte: string | null;
};

let server: TestServer;
let admin: Session;
let tecnico: string;
let administrativo: string;
let numeroSeq = 0;
let dniSeq = 63_000_000;

const member = async (rol: string): Promise<string> => (await registerMember(server, admin, rol)).token;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server);
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000) }`, {}, admin.token));
  tecnico = await member('ROL_TECNICO');
  administrativo = await member('ROL_ADMINISTRATIVO');
});
afterAll(() => server.close());

async function donacion(tipoBolsa = 'Bolsa Doble'): Promise<string> {
  const donanteId = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario)
     VALUES ($1, $2, 'Juan', 'Pérez', $3, '1990-05-10', 'Masculino', 'Buenos Aires', 'Argentina', 'Si')`,
    [donanteId, admin.servicio, String((dniSeq += 1))],
  );
  return ok(
    await server.gql<{ createDonacion: { id: string } }>(
      `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
      {
        input: {
          donanteId,
          numero: (numeroSeq += 1),
          fecha: iso(),
          hora: '09:00',
          tipoBolsa,
          loteBolsa: 'L1',
        },
      },
      admin.token,
    ),
  ).createDonacion.id;
}

const negativos = {
  hiv: false,
  hepB: false,
  hepC: false,
  vdrl: false,
  brucelosis: false,
  chagas: false,
  htlv: false,
};

test('split, find by identifier, release and discard: the happy path', async () => {
  const id = await donacion('Bolsa Triple');
  const split = await server.rest<Componente[]>('POST', `/donacion/${id}/fraccionar`, {}, tecnico);
  expect(split.status).toBe(200);
  expect(split.body.map((c) => [c.codigoProducto, c.estado])).toEqual([
    ['GR1', 'CUARENTENA'],
    ['PF1', 'CUARENTENA'],
    ['PQ1', 'CUARENTENA'],
  ]);
  const [gr, pf, pq] = split.body;
  expect(gr.codigoLegible).toBe(identificadorLegible(gr.codigo));
  expect(gr.faltaParaLiberar).toContain(MSG.faltaAbo);

  const encontrado = await server.rest<Componente>(
    'GET',
    `/componente/codigo/${gr.codigoLegible.replace(/ /g, '-')}`,
    undefined,
    administrativo,
  );
  expect(encontrado.status).toBe(200);
  expect(encontrado.body.id).toBe(gr.id);

  ok(
    await server.gql(
      `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
      { id, input: { abo: 'B', rh: 'NEGATIVO', serologia: negativos } },
      tecnico,
    ),
  );
  const uno = await server.rest<Componente>('POST', `/componente/${gr.id}/liberar`, undefined, tecnico);
  expect(uno.status).toBe(200);
  expect(uno.body).toMatchObject({ estado: 'LIBERADO', faltaParaLiberar: [] });

  const descartado = await server.rest<Componente>(
    'POST',
    `/componente/${pq.id}/descartar`,
    { motivo: 'otro', detalle: 'Agregado plaquetario' },
    tecnico,
  );
  expect(descartado.status).toBe(200);
  expect(descartado.body).toMatchObject({
    estado: 'DESCARTADO',
    motivoDescarte: 'OTRO',
    detalleDescarte: 'Agregado plaquetario',
  });

  const varios = await server.rest<{
    liberados: Componente[];
    rechazados: { componente: Componente; motivos: string[] }[];
  }>('POST', '/componente/liberar', { ids: [pf.id, pq.id] }, tecnico);
  expect(varios.status).toBe(200);
  expect(varios.body.liberados.map((c) => c.id)).toEqual([pf.id]);
  expect(varios.body.rechazados).toEqual([
    { componente: expect.objectContaining({ id: pq.id }), motivos: [MSG.componenteDescartado] },
  ]);

  const lista = await server.rest<{ items: Componente[]; total: number }>(
    'GET',
    `/componente?estado=liberado&desde=${iso()}&hasta=${iso()}`,
    undefined,
    administrativo,
  );
  expect(lista.status).toBe(200);
  expect(lista.body.items.map((c) => c.id).sort()).toEqual([gr.id, pf.id].sort());
});

test('refusals answer the error list: each missing item, a wrong check character, a role, an unknown unit', async () => {
  const id = await donacion();
  const [gr] = (
    await server.rest<Componente[]>(
      'POST',
      `/donacion/${id}/fraccionar`,
      { componentes: [{ tipo: 'globulos_rojos', volumen: '300' }] },
      tecnico,
    )
  ).body;
  const falta = await server.rest('POST', `/componente/${gr.id}/liberar`, undefined, tecnico);
  expect(falta.status).toBe(400);
  expect(msgs(falta.body)).toEqual([
    MSG.faltaAbo,
    MSG.faltaRh,
    ...['HIV', 'Hepatitis B', 'Hepatitis C', 'VDRL', 'Brucelosis', 'Chagas', 'HTLV'].map((m) =>
      MSG.faltaSerologia(m),
    ),
  ]);
  const rol = await server.rest('POST', `/componente/${gr.id}/liberar`, undefined, admin.token);
  expect({ status: rol.status, msgs: msgs(rol.body) }).toEqual({
    status: 403,
    msgs: [MSG.soloMedicoTecnicoLibera],
  });
  const control = gr.codigo.slice(-1) === 'A' ? 'B' : 'A';
  const mal = await server.rest(
    'GET',
    `/componente/codigo/${gr.codigo.slice(0, -1)}${control}`,
    undefined,
    tecnico,
  );
  expect({ status: mal.status, msgs: msgs(mal.body) }).toEqual({
    status: 400,
    msgs: [MSG.codigoUnidadControl],
  });
  const nadie = await server.rest(
    'POST',
    `/componente/${randomUUID()}/descartar`,
    { motivo: 'HEMOLIZADO' },
    tecnico,
  );
  expect({ status: nadie.status, msgs: msgs(nadie.body) }).toEqual({
    status: 404,
    msgs: [MSG.componenteNoEncontrado],
  });
  const otraVez = await server.rest('POST', `/donacion/${id}/fraccionar`, undefined, tecnico);
  expect({ status: otraVez.status, msgs: msgs(otraVez.body) }).toEqual({
    status: 400,
    msgs: [MSG.donacionYaFraccionada],
  });
  const tipo = await server.rest(
    'POST',
    `/donacion/${await donacion()}/fraccionar`,
    { componentes: [{ tipo: 'SANGRE', volumen: 300 }] },
    tecnico,
  );
  expect({ status: tipo.status, msgs: msgs(tipo.body) }).toEqual({
    status: 400,
    msgs: [MSG.valorNoPermitido],
  });
  const estado = await server.rest('GET', '/componente?estado=perdido', undefined, tecnico);
  expect({ status: estado.status, msgs: msgs(estado.body) }).toEqual({
    status: 400,
    msgs: [MSG.valorNoPermitido],
  });
});

test('the administrator sets the shelf life and the facility code through /auth/opciones', async () => {
  const s = await registerServicio(server);
  const vida = await server.rest<{ vidaUtil: { tipo: string; dias: number }[] }>(
    'POST',
    '/auth/opciones/vida-util',
    { uid: s.servicio, tipo: 'plaquetas', dias: '4' },
    s.token,
  );
  expect(vida.status).toBe(200);
  expect(vida.body.vidaUtil.find((v) => v.tipo === 'PLAQUETAS')?.dias).toBe(4);
  const fuera = await server.rest(
    'POST',
    '/auth/opciones/vida-util',
    { tipo: 'PLAQUETAS', dias: 8 },
    s.token,
  );
  expect({ status: fuera.status, msgs: msgs(fuera.body) }).toEqual({
    status: 400,
    msgs: [MSG.vidaUtilFueraDeRango(1, 7)],
  });
  const fin = `W${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  const codigo = await server.rest<{ codigoInstalacion: string }>(
    'POST',
    '/auth/opciones/codigo-instalacion',
    { codigo: fin },
    s.token,
  );
  expect(codigo.body).toEqual({ codigoInstalacion: fin });
  const invalido = await server.rest(
    'POST',
    '/auth/opciones/codigo-instalacion',
    { codigo: '12345' },
    s.token,
  );
  expect({ status: invalido.status, msgs: msgs(invalido.body) }).toEqual({
    status: 400,
    msgs: [MSG.codigoInstalacionInvalido],
  });
});
