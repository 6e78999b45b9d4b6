import { claveUsuario } from '../../loaders';
import { registerServicio, Session, startTestServer, TestServer } from '../../test-utils/harness';

let server: TestServer;
let a: Session;
let b: Session;
let donanteA: string;

beforeAll(async () => {
  server = await startTestServer();
  a = await registerServicio(server);
  b = await registerServicio(server);
  const res = await server.gql<{ createDonante: { id: string } }>(
    `mutation ($input: DonanteInput!) { createDonante(input: $input) { id } }`,
    { input: { nombre: 'Rocío', apellido: 'Giménez', dni: '40111222', fechaNacimiento: '1990-05-17' } },
    a.token,
  );
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  donanteA = res.data.createDonante.id;
});
afterAll(() => server.close());

const loaders = (s: Session) => server.services.createLoaders({ uid: s.uid, servicio: s.servicio });

describe("a donation's donor, read by servicio", () => {
  it("reads the donor of the key's servicio, and nothing of a donor of another servicio", async () => {
    const deA = loaders(a);
    expect(await deA.nombreDonante.load(claveUsuario(a.servicio, donanteA))).toEqual({
      id: donanteA,
      nombre: 'Rocío',
      apellido: 'Giménez',
    });
    expect((await deA.donacionDonante.load(claveUsuario(a.servicio, donanteA)))?.dni).toBe('40111222');

    // The same donor id under servicio B's key: B's statement finds no such donor.
    const deB = loaders(b);
    expect(await deB.nombreDonante.load(claveUsuario(b.servicio, donanteA))).toBeNull();
    expect(await deB.donacionDonante.load(claveUsuario(b.servicio, donanteA))).toBeNull();
    // In one batch, a key of another servicio than the batch's reads null.
    expect(
      await loaders(b).nombreDonante.loadMany([
        claveUsuario(b.servicio, donanteA),
        claveUsuario(a.servicio, donanteA),
      ]),
    ).toEqual([null, null]);
    // Malformed keys read null, never an error.
    expect(await loaders(a).nombreDonante.loadMany([`${a.servicio}/x`, 'x/y'])).toEqual([null, null]);
  });
});
