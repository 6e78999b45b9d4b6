import { Auditoria } from '../modules/auditoria/auditoria.entity';
import { Servicio } from '../modules/servicio/servicio.entity';
import { Usuario } from '../modules/usuario/usuario.entity';

/** Every TypeORM entity; each feature adds its own here. */
export const entities = [Servicio, Usuario, Auditoria];
