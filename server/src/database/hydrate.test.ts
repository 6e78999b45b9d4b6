import { Donacion } from '../modules/donacion/donacion.entity';
import { Donante } from '../modules/donante/donante.entity';
import { Usuario } from '../modules/usuario/usuario.entity';
import { registerServicio, startTestServer, TestServer } from '../test-utils/harness';
import { hydrate } from './hydrate';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('hydrate', () => {
  it('builds the same entities as TypeORM from the same rows', async () => {
    const s = await registerServicio(server);
    const auth = { uid: s.uid, servicio: s.servicio, rol: 'ROL_SERVICIO' as const };
    const donante = await server.services.donante.create(auth, {
      nombre: 'Ana María',
      apellido: 'Núñez',
      dni: '30111222',
      fechaNacimiento: '1990-05-17',
      email: 'ana@example.com',
      cph: {
        establecimientoLaboral: 'Hospital',
        telefonoLaboral: '',
        emailLaboral: '',
        contacto1: { Nombre: 'Luis', Apellido: 'Núñez', Telefono: '1', Relacion: 'Padre', Email: '' },
        contacto2: { Nombre: '', Apellido: '', Telefono: '', Relacion: '', Email: '' },
      },
    });
    const numero = await server.services.donacion.nextEtiquetaNumero(auth);
    const donacion = await server.services.donacion.create(auth, {
      donanteId: donante.id,
      numero,
      fecha: '2025-03-04',
      hora: '09:05',
      sv: { tas: 120, tad: 80, fc: 72, peso: 70.5, temp: 36.6, hb: 13.2, hto: 41 },
      loteBolsa: 'L-1',
    });
    // A reactive marker with a temporary exclusion: a doctor's decision.
    await server.services.donacion.updateResultados({ ...auth, rol: 'ROL_MEDICO' }, donacion.id, {
      abo: 'A',
      rh: 'POSITIVO',
      serologia: {
        hiv: false,
        hepB: false,
        hepC: false,
        vdrl: false,
        brucelosis: false,
        chagas: true,
        htlv: false,
      },
      exclusionDefinitiva: 'Temporal',
      exclusionTiempo: 30,
    });
    const cases: [typeof Donante | typeof Donacion | typeof Usuario, string, string][] = [
      [Donante, 'donante', donante.id],
      [Donacion, 'donacion', donacion.id],
      [Usuario, 'usuario', s.uid],
    ];
    for (const [entity, table, id] of cases) {
      const expected = await server.dataSource.getRepository(entity).findOneByOrFail({ id });
      const rows = await server.dataSource.query(`SELECT * FROM ${table} WHERE id = $1`, [id]);
      const [built] = hydrate(server.dataSource, entity, rows);
      expect(built).toBeInstanceOf(entity);
      // Every column TypeORM reads (a find leaves out select: false ones such as the password hash).
      expect({ table, ...built }).toMatchObject({ table, ...expected });
    }
  });
});
