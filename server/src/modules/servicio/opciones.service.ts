import { DataSource } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { OpcionesDatos, validateOpciones } from '../../domain/integrante';
import { MSG } from '../../domain/messages';
import { assertValid, ForbiddenError, NotFoundError } from '../../errors';
import { audit, diff } from '../auditoria/audit';
import { Rol } from '../usuario/rol.enum';
import { Servicio } from './servicio.entity';

export type OpcionesResult = { servicio: Servicio; message: string };

function text(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

const fields = (s: Servicio) => ({
  nombre: s.nombre,
  direccion: s.direccion,
  email: s.email,
  telefono: s.telefono,
});

/** The service's own options (nombre, direccion, email, telefono). */
export class OpcionesService {
  constructor(private readonly dataSource: DataSource) {}

  /** The caller's servicio; every role may read it. */
  async get(auth: AuthUser): Promise<Servicio> {
    const servicio = await this.dataSource.getRepository(Servicio).findOneBy({ id: auth.servicio });
    if (!servicio) throw new NotFoundError();
    return servicio;
  }

  /** Only the service administrator may change them. */
  async update(auth: AuthUser, data: OpcionesDatos): Promise<OpcionesResult> {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
    assertValid(validateOpciones(data));
    const servicio = await this.dataSource.transaction(async (manager) => {
      const actual = await manager
        .getRepository(Servicio)
        .findOne({ where: { id: auth.servicio }, lock: { mode: 'pessimistic_write' } });
      if (!actual) throw new NotFoundError();
      const before = fields(actual);
      const after = {
        nombre: String(data.nombre).trim(),
        direccion: text(data.direccion),
        email: text(data.email),
        telefono: text(data.telefono),
      };
      await manager.update(Servicio, { id: auth.servicio }, after);
      await audit(manager, auth, 'editar', 'servicio', auth.servicio, diff(before, after));
      return manager.getRepository(Servicio).findOneByOrFail({ id: auth.servicio });
    });
    return { servicio, message: MSG.opcionesGuardadas };
  }
}
